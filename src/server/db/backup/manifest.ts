import { z } from 'zod';

/** The first entry of every backup: what it holds, so a restore can check it before touching anything. */
export const MANIFEST_NAME = 'manifest.json';
/** The embedded database's data directory, file by file. */
export const DATABASE_PREFIX = 'database/';
/** Postgres will not open a data directory without it. */
const DATABASE_VERSION_FILE = `${DATABASE_PREFIX}PG_VERSION`;
/** Uploaded files kept on this machine's disk, under their storage keys. */
export const UPLOADS_PREFIX = 'uploads/';

const FORMAT = 1;

const partSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().nonnegative() });
export type BackupPart = z.infer<typeof partSchema>;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  appVersion: z.string().min(1),
  /** The last migration applied to the database (drizzle's hash and the journal's timestamp). */
  migration: z.object({ hash: z.string().min(1), createdAt: z.number().int() }).nullable(),
  createdAt: z.iso.datetime(),
  /** Whether the uploads were on local disk and are in the backup; with S3 they are not. */
  uploads: z.boolean(),
  parts: z.record(z.string(), partSchema),
  /** The data directory's directories, some of which Postgres needs even when empty. */
  directories: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export function createManifest(fields: Omit<BackupManifest, 'format'>): BackupManifest {
  return { format: FORMAT, ...fields };
}

/** The manifest in a backup's text, or why it is not one. */
export function parseManifest(text: string): { manifest: BackupManifest } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'the manifest is not JSON' };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) return { problem: `the manifest is not valid: ${z.prettifyError(parsed.error)}` };
  return { manifest: parsed.data };
}

const isPartName = (name: string): boolean =>
  [DATABASE_PREFIX, UPLOADS_PREFIX].some((prefix) => name.startsWith(prefix) && name.length > prefix.length);

/**
 * What is wrong with a backup's parts as found (their sizes and checksums, its directories) against its manifest,
 * and with its migration against the newest this build knows (`latestMigrationAt`, the journal's
 * last timestamp): an empty list when it may be restored.
 */
export function manifestProblems(
  manifest: BackupManifest,
  found: ReadonlyMap<string, BackupPart>,
  foundDirectories: ReadonlySet<string>,
  latestMigrationAt: number,
): string[] {
  const problems: string[] = [];
  if (!(DATABASE_VERSION_FILE in manifest.parts)) problems.push('the manifest lists no database');
  for (const [name, expected] of Object.entries(manifest.parts)) {
    if (!isPartName(name)) {
      problems.push(`the manifest lists ${name}, which is no part of a backup`);
      continue;
    }
    const actual = found.get(name);
    if (!actual) problems.push(`${name} is missing`);
    else if (actual.bytes !== expected.bytes) problems.push(`${name} has ${actual.bytes} bytes, the manifest says ${expected.bytes}`);
    else if (actual.sha256 !== expected.sha256) problems.push(`${name} does not match its checksum`);
  }
  for (const name of found.keys()) {
    if (!(name in manifest.parts)) problems.push(`${name} is in the backup but not in its manifest`);
  }
  for (const name of manifest.directories) {
    if (!name.startsWith(DATABASE_PREFIX)) problems.push(`the manifest lists the directory ${name}, which is no part of a backup`);
    else if (!foundDirectories.has(name)) problems.push(`the directory ${name} is missing`);
  }
  if (manifest.migration && manifest.migration.createdAt > latestMigrationAt) {
    problems.push('the backup was made by a newer version of the app (its database has migrations this build does not know): restore it with that version');
  }
  return problems;
}
