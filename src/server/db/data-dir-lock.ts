import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The database directory ${dataDir} is already in use by another server (process ${ownerPid}). ` +
        'PGlite is one process\'s database: stop that server first, or give this one its own DATABASE_URL ' +
        '(or use PostgreSQL to run several instances).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The live process that holds the data directory (a running server), or null. */
export function dataDirOwner(dataDir: string): number | null {
  const owner = readOwner(`${dataDir}.lock`);
  return owner !== null && owner !== process.pid && isAlive(owner) ? owner : null;
}

/**
 * Takes the lock file beside a PGlite data directory, or throws DataDirLockedError when a live
 * process holds it. A lock left by a killed process (its pid is gone) is taken over, which is
 * what lets the server start again after SIGKILL. Lock files with a lease (proper-lockfile and
 * the like) would refuse that restart until the lease ran out.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readOwner(lockPath) === process.pid) unlinkSync(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(dataDir, owner);
    }
    try {
      unlinkSync(lockPath);
    } catch {
      // Another starter removed the stale lock first; the next attempt decides between us.
    }
  }
  throw new DataDirLockedError(dataDir, readOwner(lockPath) ?? 0);
}
