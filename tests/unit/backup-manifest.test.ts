import { describe, expect, it } from 'vitest';
import { createManifest, manifestProblems, parseManifest } from '../../src/server/db/backup/manifest.ts';
import type { BackupPart } from '../../src/server/db/backup/manifest.ts';

const LATEST_MIGRATION_AT = 1_795_213_118_624;
const versionFile: BackupPart = { sha256: 'a'.repeat(64), bytes: 3 };
const upload: BackupPart = { sha256: 'b'.repeat(64), bytes: 1200 };

const manifest = createManifest({
  appVersion: '0.1.0',
  migration: { hash: 'h1', createdAt: LATEST_MIGRATION_AT },
  createdAt: '2026-11-29T00:00:00.000Z',
  uploads: true,
  parts: { 'database/PG_VERSION': versionFile, 'uploads/images/1/a.webp': upload },
  directories: ['database/base', 'database/pg_notify'],
});
const allParts = () => new Map(Object.entries(manifest.parts));
const allDirectories = new Set(manifest.directories);

describe('a backup manifest', () => {
  it('reads back what was written', () => {
    expect(parseManifest(JSON.stringify(manifest))).toEqual({ manifest });
  });

  it('refuses text that is not a manifest, saying why', () => {
    expect(parseManifest('{"format":1')).toEqual({ problem: 'the manifest is not JSON' });
    const result = parseManifest(JSON.stringify({ ...manifest, parts: { 'database/PG_VERSION': { sha256: 'xyz', bytes: 3 } } }));
    expect('problem' in result && result.problem).toMatch(/^the manifest is not valid: .*sha256/s);
    expect(parseManifest(JSON.stringify({ ...manifest, format: 2 }))).toHaveProperty('problem');
  });

  it('finds nothing wrong when every part and directory is there as listed', () => {
    expect(manifestProblems(manifest, allParts(), allDirectories, LATEST_MIGRATION_AT)).toEqual([]);
  });

  it('names a part that is missing, of another size or another checksum', () => {
    const found = allParts();
    found.delete('uploads/images/1/a.webp');
    found.set('database/PG_VERSION', { ...versionFile, sha256: 'c'.repeat(64) });
    expect(manifestProblems(manifest, found, allDirectories, LATEST_MIGRATION_AT)).toEqual([
      'database/PG_VERSION does not match its checksum',
      'uploads/images/1/a.webp is missing',
    ]);
    found.set('database/PG_VERSION', { ...versionFile, bytes: 4 });
    expect(manifestProblems(manifest, found, allDirectories, LATEST_MIGRATION_AT)[0]).toBe('database/PG_VERSION has 4 bytes, the manifest says 3');
  });

  it('names what the backup holds beyond its manifest, and a missing directory', () => {
    const found = allParts().set('uploads/extra.webp', upload);
    expect(manifestProblems(manifest, found, new Set(['database/base']), LATEST_MIGRATION_AT)).toEqual([
      'uploads/extra.webp is in the backup but not in its manifest',
      'the directory database/pg_notify is missing',
    ]);
  });

  it('refuses a manifest without a database, or listing paths outside a backup', () => {
    const odd = { ...manifest, parts: { '../etc/passwd': upload }, directories: ['/tmp'] };
    expect(manifestProblems(odd, new Map(), new Set(), LATEST_MIGRATION_AT)).toEqual([
      'the manifest lists no database',
      'the manifest lists ../etc/passwd, which is no part of a backup',
      'the manifest lists the directory /tmp, which is no part of a backup',
    ]);
  });

  it('refuses a database migrated past what this build knows, and takes an older one', () => {
    expect(manifestProblems(manifest, allParts(), allDirectories, LATEST_MIGRATION_AT - 1)).toEqual([
      expect.stringMatching(/^the backup was made by a newer version of the app/),
    ]);
    expect(manifestProblems(manifest, allParts(), allDirectories, LATEST_MIGRATION_AT + 1)).toEqual([]);
  });
});
