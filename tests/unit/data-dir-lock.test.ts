import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock.ts';

const dir = () => join(mkdtempSync(join(tmpdir(), 'ritual-lock-')), 'db');

describe('the PGlite data directory lock', () => {
  it('writes our pid and removes the lock on release', () => {
    const dataDir = dir();
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a directory held by a live process, naming it', () => {
    const dataDir = dir();
    // The parent of this test runner is alive for as long as the test runs.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`process ${process.ppid}`);
  });

  it('takes over a lock left by a process that died', () => {
    const dataDir = dir();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(`${dataDir}.lock`, dead.stdout.trim());
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
