import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, mailSettingsFromEnv, readOutbox } from '../../src/server/adapters/mail/index.ts';
import { createOutboxMailer } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mail-outbox-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const message = (to: string, subject: string) => ({
  to,
  subject,
  text: `${subject}\nhttps://ritual.example/email/verify/1?signature=abc`,
  html: `<p>${subject}</p><a href="https://ritual.example/email/verify/1?signature=abc">인증하기</a>`,
  links: ['https://ritual.example/email/verify/1?signature=abc'],
});

describe('mail outbox', () => {
  it('writes one readable JSON file per message with every field', async () => {
    const sentAt = new Date('2026-03-01T09:00:00Z');
    await createOutboxMailer(root, () => sentAt).send(message('haru@example.com', '리추얼 이메일 인증'));
    const names = await readdir(root);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d+-[0-9a-f]+\.json$/);
    const stored: unknown = JSON.parse(await readFile(join(root, names[0] ?? ''), 'utf8'));
    expect(stored).toEqual({ ...message('haru@example.com', '리추얼 이메일 인증'), sent_at: '2026-03-01T09:00:00.000Z' });
  });

  it('stores an empty list when a message has no links', async () => {
    const { links: _links, ...withoutLinks } = message('haru@example.com', '공지');
    await createOutboxMailer(root).send(withoutLinks);
    const [stored] = await readOutbox(root);
    expect(stored?.links).toEqual([]);
  });

  it('reads the messages newest first, even when sent within the same millisecond', async () => {
    const sameInstant = new Date('2026-03-01T09:00:00Z');
    const mailer = createOutboxMailer(root, () => sameInstant);
    for (const subject of ['첫째', '둘째', '셋째']) await mailer.send(message('haru@example.com', subject));
    const later = createOutboxMailer(root, () => new Date('2026-03-01T09:00:01Z'));
    await later.send(message('haru@example.com', '넷째'));
    expect((await readOutbox(root)).map((m) => m.subject)).toEqual(['넷째', '셋째', '둘째', '첫째']);
  });

  it('never shows a reader a half-written message', async () => {
    const mailer = createOutboxMailer(root);
    const big = { ...message('haru@example.com', '큰 메일'), html: `<p>${'가'.repeat(400_000)}</p>` };
    let writing = true;
    const sending = (async () => {
      for (let i = 0; i < 20; i += 1) await mailer.send(big);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      for (const read of await readOutbox(root)) expect(read.html).toBe(big.html);
      reads += 1;
    }
    await sending;
    expect(reads).toBeGreaterThan(1);
    expect(await readdir(root)).toHaveLength(20);
    // Twenty 1.2 MB messages read back in a loop: a loaded machine needs more than the default 5 s.
  }, 30_000);

  it('filters by recipient, without regard to case', async () => {
    const mailer = createOutboxMailer(root);
    await mailer.send(message('haru@example.com', 'a'));
    await mailer.send(message('dal@example.com', 'b'));
    await mailer.send(message('Haru@Example.com', 'c'));
    expect((await readOutbox(root, { to: 'haru@example.com' })).map((m) => m.subject)).toEqual(['c', 'a']);
    expect((await readOutbox(root, { to: 'dal@example.com' })).map((m) => m.subject)).toEqual(['b']);
    expect(await readOutbox(root, { to: 'nobody@example.com' })).toEqual([]);
  });

  it('creates its directory when missing, and reads a missing one as empty', async () => {
    const dir = join(root, 'nested', 'mail');
    expect(await readOutbox(dir)).toEqual([]);
    await createOutboxMailer(dir).send(message('haru@example.com', '안녕하세요'));
    expect((await readOutbox(dir)).map((m) => m.to)).toEqual(['haru@example.com']);
  });

  it('is what createMailer builds for the outbox transport', async () => {
    await createMailer({ transport: 'outbox', outboxDir: root }).send(message('haru@example.com', '인증'));
    expect((await readOutbox(root)).map((m) => m.subject)).toEqual(['인증']);
  });
});

describe('choosing the mailer from configuration', () => {
  const problemsOf = (source: Record<string, string>): string[] => {
    try {
      parseEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error.problems;
      throw error;
    }
    return [];
  };
  const production = { NODE_ENV: 'production', APP_URL: 'https://ritual.example', DATABASE_URL: 'postgres://db/app', APP_KEY: 'k'.repeat(32) };

  it('uses the outbox under .data/mail by default outside production', () => {
    expect(mailSettingsFromEnv(parseEnv({}))).toEqual({ transport: 'outbox', outboxDir: '.data/mail' });
  });

  it('reads the SMTP settings, with the Korean sender name by default', () => {
    const env = parseEnv({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'smtp.example', SMTP_SECURE: 'true', SMTP_USER: 'u', SMTP_PASSWORD: 'p' });
    expect(mailSettingsFromEnv(env)).toEqual({
      transport: 'smtp',
      host: 'smtp.example',
      port: 587,
      secure: true,
      user: 'u',
      password: 'p',
      from: '리추얼 <no-reply@ritual.example>',
    });
  });

  it('requires SMTP_HOST for smtp, and an explicit smtp in production', () => {
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toEqual(['SMTP_HOST: is required when MAIL_TRANSPORT=smtp']);
    expect(problemsOf({ MAIL_TRANSPORT: 'pigeon' })[0]).toMatch(/^MAIL_TRANSPORT: /);
    expect(problemsOf(production)).toEqual(['MAIL_TRANSPORT: is required in production (smtp)']);
    expect(problemsOf({ ...production, MAIL_TRANSPORT: 'outbox' })).toEqual([
      'MAIL_TRANSPORT: outbox is for development and tests; use smtp in production',
    ]);
    expect(problemsOf({ ...production, MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'smtp.example' })).toEqual([]);
  });
});
