import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Microseconds, padded to a fixed width so that names sort by time as text does. Two entries
// written in the same millisecond (a test that sends and at once sends again) still get
// increasing names, so "newest first" never depends on the random part.
let lastStamp = 0;
function stamp(date: Date): string {
  lastStamp = Math.max(date.getTime() * 1000, lastStamp + 1);
  return String(lastStamp).padStart(17, '0');
}

/**
 * The offline stand-in for an outside service (mail, SMS): each entry becomes one JSON file that a
 * person or a test can read.
 */
export async function writeOutboxEntry(dir: string, entry: object, sentAt: Date): Promise<void> {
  await mkdir(dir, { recursive: true });
  const name = `${stamp(sentAt)}-${randomBytes(6).toString('hex')}`;
  // Written under a name readers skip, then renamed: a reader polling the outbox never sees a
  // half-written file.
  await writeFile(join(dir, `${name}.partial`), `${JSON.stringify(entry, null, 2)}\n`, 'utf8');
  await rename(join(dir, `${name}.partial`), join(dir, `${name}.json`));
}

/** The entries of an outbox, newest first; a missing directory is an empty outbox. */
export async function readOutboxEntries<T>(dir: string): Promise<T[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort().reverse();
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as T));
}
