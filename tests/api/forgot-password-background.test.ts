import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp, mountApi } from '../../src/server/app.ts';
import { createOutboxMailer, readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import type { MailMessage, Mailer } from '../../src/server/adapters/mail/mailer.ts';
import { createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import { createOutboxSmsSender } from '../../src/server/adapters/sms/outbox-sms-sender.ts';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import { createBackgroundWork } from '../../src/server/jobs/background-work.ts';
import { createMember } from '../helpers/factories.ts';
import { TestClient, testConfig } from '../helpers/test-app.ts';
import type { LogLine } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `ritual-${name}-`));

/** A mailer that starts each message and holds it until the test lets it through to the outbox. */
function heldMailer(outboxDir: string) {
  const outbox = createOutboxMailer(outboxDir);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: (message: MailMessage) => void;
  const sending = new Promise<MailMessage>((resolve) => (started = resolve));
  const mailer: Mailer = {
    async send(message) {
      started(message);
      await released;
      await outbox.send(message);
    },
  };
  return { mailer, sending, release };
}

/** The real app around a mailer of the test's, with the background work it hands its requests. */
function appWith(mailer: Mailer) {
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig();
  const background = createBackgroundWork();
  const app = createApp({
    db: testDb().database.db,
    config,
    logger: pino({ level: 'debug' }, sink),
    mailer,
    background,
    storage: createLocalStorage(tempDir('uploads')),
    localStorage: null,
    sms: createOutboxSmsSender(tempDir('sms')),
    payments: createTestPaymentGateway(),
    social: {},
  });
  const api = mountApi(app, config.bodyLimitBytes);
  return { background, logs, client: (ip: string) => new TestClient(api, ip) };
}

const RESET_LINK_SENT = { status: '입력하신 이메일로 비밀번호 재설정 링크를 보냈어요. 메일이 오지 않으면 주소를 다시 확인해 주세요.' };

describe('POST /forgot-password answers before any mail is sent', () => {
  it("answers a member's address while the mail is still being sent; the mail lands afterwards", async () => {
    const member = await createMember(testDb().database.db);
    const outboxDir = tempDir('mail');
    const held = heldMailer(outboxDir);
    const { background, client } = appWith(held.mailer);

    // The mail cannot be sent until the test lets it: had the route waited for it, no answer would come.
    const res = await client('10.42.0.1').post('/forgot-password', { json: { email: member.email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(RESET_LINK_SENT);

    const message = await held.sending;
    expect(message.to).toBe(member.email);
    expect(await readOutbox(outboxDir)).toEqual([]);
    held.release();
    await background.idle();
    const [mail] = await readOutbox(outboxDir, { to: member.email });
    expect(new URL(mail!.links[0]!).pathname).toBe('/reset-password');
  });

  it('answers any other address the same, and sends nothing', async () => {
    const outboxDir = tempDir('mail');
    const held = heldMailer(outboxDir);
    held.release();
    const { background, client } = appWith(held.mailer);
    const res = await client('10.42.0.2').post('/forgot-password', { json: { email: 'nobody@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(RESET_LINK_SENT);
    await background.idle();
    expect(await readOutbox(outboxDir)).toEqual([]);
  });

  it("logs a mail that fails with the request's id, after the same answer", async () => {
    const member = await createMember(testDb().database.db);
    const { background, client, logs } = appWith({
      send: () => Promise.reject(new Error('SMTP server said no')),
    });
    const res = await client('10.42.0.3').post('/forgot-password', { json: { email: member.email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(RESET_LINK_SENT);
    await background.idle();
    const failure = logs.find((line) => line.msg === 'background work failed');
    expect(failure).toMatchObject({ level: 50, reqId: res.headers.get('x-request-id'), task: 'password reset mail' });
    expect(JSON.stringify(failure)).toContain('SMTP server said no');
  });
});
