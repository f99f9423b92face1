import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { createTarDecoder } from 'modern-tar';
import { DATABASE_PREFIX, MANIFEST_NAME, UPLOADS_PREFIX, manifestProblems, parseManifest } from './manifest.ts';
import type { BackupManifest, BackupPart } from './manifest.ts';

export class DamagedBackupError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} cannot be restored:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'DamagedBackupError';
  }
}

// A name that could leave the directory it is unpacked into, or is no file of a backup.
const isSafeName = (name: string): boolean =>
  (name === MANIFEST_NAME || name.startsWith(DATABASE_PREFIX) || name.startsWith(UPLOADS_PREFIX)) &&
  !name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');

/** Writes `body` to `path` and answers its size and checksum. */
async function saveAndHash(body: ReadableStream<Uint8Array>, path: string): Promise<BackupPart> {
  const hash = createHash('sha256');
  let bytes = 0;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      bytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
  await body.pipeThrough(counted).pipeTo(Writable.toWeb(createWriteStream(path, { mode: 0o600 })));
  return { sha256: hash.digest('hex'), bytes };
}

async function readText(body: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Unpacks a backup into `into` (a new directory: `database/` is then a data directory, `uploads/`
 * the uploads) and checks every part against the manifest and this build's migrations; throws
 * DamagedBackupError with every problem found. Nothing outside `into` is written.
 */
export async function unpackBackup(file: string, into: string, latestMigrationAt: number): Promise<BackupManifest> {
  const problems: string[] = [];
  const found = new Map<string, BackupPart>();
  const foundDirectories = new Set<string>();
  let manifestText: string | undefined;
  await mkdir(into, { recursive: true, mode: 0o700 });
  try {
    const entries = (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>).pipeThrough(createTarDecoder({ strict: true }));
    for await (const entry of entries) {
      const { type } = entry.header;
      const name = type === 'directory' ? entry.header.name.replace(/\/$/, '') : entry.header.name;
      if (!isSafeName(name) || found.has(name) || (type !== 'file' && !(type === 'directory' && name.startsWith(DATABASE_PREFIX)))) {
        problems.push(`unexpected entry ${entry.header.name}`);
        await entry.body.cancel();
      } else if (type === 'directory') {
        foundDirectories.add(name);
        await mkdir(join(into, name), { recursive: true, mode: 0o700 });
        await entry.body.cancel();
      } else if (name === MANIFEST_NAME) manifestText = await readText(entry.body);
      else found.set(name, await saveAndHash(entry.body, join(into, name)));
    }
  } catch (error) {
    problems.push(`the file is not a complete backup (${error instanceof Error ? error.message : String(error)})`);
  }
  if (manifestText === undefined) throw new DamagedBackupError(file, [...problems, 'it holds no manifest']);
  const parsed = parseManifest(manifestText);
  if ('problem' in parsed) throw new DamagedBackupError(file, [...problems, parsed.problem]);
  problems.push(...manifestProblems(parsed.manifest, found, foundDirectories, latestMigrationAt));
  if (problems.length > 0) throw new DamagedBackupError(file, problems);
  return parsed.manifest;
}
