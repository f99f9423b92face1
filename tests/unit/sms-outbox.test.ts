import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmsUnavailableError, createSmsSender, readSmsOutbox, smsSettingsFromEnv } from '../../src/server/adapters/sms/index.ts';
import { createOutboxSmsSender } from '../../src/server/adapters/sms/outbox-sms-sender.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const message = (phone: string, code: string) => ({ phone, countryCode: '82', code });

describe('SMS outbox', () => {
  it('writes one readable JSON file per code, as the conventions name the fields', async () => {
    const sentAt = new Date('2026-03-01T09:00:00Z');
    await createOutboxSmsSender(root, () => sentAt).sendCode(message('01012345678', '012345'));
    const names = await readdir(root);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d+-[0-9a-f]+\.json$/);
    const stored: unknown = JSON.parse(await readFile(join(root, names[0] ?? ''), 'utf8'));
    expect(stored).toEqual({ phone: '01012345678', country_code: '82', code: '012345', sent_at: '2026-03-01T09:00:00.000Z' });
  });

  it('reads the codes newest first, even when sent within the same millisecond', async () => {
    const sameInstant = new Date('2026-03-01T09:00:00Z');
    const sender = createOutboxSmsSender(root, () => sameInstant);
    for (const code of ['111111', '222222', '333333']) await sender.sendCode(message('01012345678', code));
    await createOutboxSmsSender(root, () => new Date('2026-03-01T09:00:01Z')).sendCode(message('01012345678', '444444'));
    expect((await readSmsOutbox(root)).map((m) => m.code)).toEqual(['444444', '333333', '222222', '111111']);
  });

  it('filters by phone number', async () => {
    const sender = createOutboxSmsSender(root);
    await sender.sendCode(message('01012345678', '111111'));
    await sender.sendCode(message('01087654321', '222222'));
    await sender.sendCode(message('01012345678', '333333'));
    expect((await readSmsOutbox(root, { phone: '01012345678' })).map((m) => m.code)).toEqual(['333333', '111111']);
    expect((await readSmsOutbox(root, { phone: '01087654321' })).map((m) => m.code)).toEqual(['222222']);
    expect(await readSmsOutbox(root, { phone: '01000000000' })).toEqual([]);
  });

  it('creates its directory when missing, and reads a missing one as empty', async () => {
    const dir = join(root, 'nested', 'sms');
    expect(await readSmsOutbox(dir)).toEqual([]);
    await createOutboxSmsSender(dir).sendCode(message('01012345678', '123456'));
    expect((await readSmsOutbox(dir)).map((m) => m.phone)).toEqual(['01012345678']);
  });

  it('is what createSmsSender builds for the outbox provider', async () => {
    await createSmsSender({ provider: 'outbox', outboxDir: root }).sendCode(message('01012345678', '654321'));
    expect((await readSmsOutbox(root)).map((m) => m.code)).toEqual(['654321']);
  });

  it('refuses to send when no provider is configured', async () => {
    await expect(createSmsSender({ provider: 'none' }).sendCode(message('01012345678', '654321'))).rejects.toBeInstanceOf(
      SmsUnavailableError,
    );
  });
});

describe('choosing the SMS sender from configuration', () => {
  const problemsOf = (source: Record<string, string>): string[] => {
    try {
      parseEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error.problems;
      throw error;
    }
    return [];
  };
  const production = {
    NODE_ENV: 'production',
    APP_URL: 'https://ritual.example',
    DATABASE_URL: 'postgres://db/app',
    APP_KEY: 'k'.repeat(32),
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: 'smtp.example',
  };

  it('uses the outbox under .data/sms by default outside production', () => {
    expect(smsSettingsFromEnv(parseEnv({}))).toEqual({ provider: 'outbox', outboxDir: '.data/sms' });
    expect(smsSettingsFromEnv(parseEnv({ SMS_OUTBOX_DIR: '/tmp/codes' }))).toEqual({ provider: 'outbox', outboxDir: '/tmp/codes' });
  });

  it('refuses an unknown provider, and the outbox in production', () => {
    expect(problemsOf({ SMS_PROVIDER: 'pigeon' })[0]).toMatch(/^SMS_PROVIDER: /);
    expect(problemsOf({ ...production, SMS_PROVIDER: 'outbox' })).toEqual([
      'SMS_PROVIDER: outbox is for development and tests; use solapi in production, or leave it unset to turn phone verification off',
    ]);
  });

  it('sends no codes in production until a provider exists', () => {
    expect(problemsOf(production)).toEqual([]);
    expect(smsSettingsFromEnv(parseEnv(production))).toEqual({ provider: 'none' });
  });
});
