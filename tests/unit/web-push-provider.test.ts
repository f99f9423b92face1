import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKakaoSender, kakaoSettingsFromEnv, readKakaoOutbox } from '../../src/server/adapters/kakao/index.ts';
import { createPushSender, pushSettingsFromEnv, readPushOutbox, WebPushSendError } from '../../src/server/adapters/push/index.ts';
import { vapidKeysFromAppKey, vapidPublicKeyOf } from '../../src/server/adapters/push/vapid-keys.ts';
import { createWebPushSender } from '../../src/server/adapters/push/web-push-sender.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalPushService } from '../helpers/push-service.ts';
import type { LocalPushService } from '../helpers/push-service.ts';

const APP_KEY = 'unit-test-app-key-0123456789-0123456789';
const message = { title: '오늘의 리추얼', body: '「아침 10분 명상」 체크인할 시간이에요.', url: '/today', tag: 'reminder-1' };

let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

describe('the webpush provider against a push service on loopback (RFC 8291, RFC 8292)', () => {
  const keys = vapidKeysFromAppKey(APP_KEY);
  const sender = createWebPushSender({ ...keys, subject: 'mailto:hello@ritual.example' });

  it('posts a push the service decrypts to what was sent, signed with the VAPID key browsers subscribed with', async () => {
    const subscription = service.subscribe();
    const outcome = await sender.send({ endpoint: subscription.endpoint, ...subscription.keys }, message);
    expect(outcome).toBe('sent');
    expect(service.refused).toEqual([]);
    const push = service.received.find((entry) => entry.id === subscription.id);
    expect(push?.payload).toEqual(message);
    expect(push?.vapid.publicKey).toBe(sender.publicKey);
    expect(push?.vapid.aud).toBe(service.url);
    expect(push?.vapid.sub).toBe('mailto:hello@ritual.example');
    expect(push!.vapid.exp * 1000).toBeGreaterThan(Date.now());
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
  });

  it('reports a subscription the service answers 404 or 410 for as gone', async () => {
    for (const status of [404, 410]) {
      const subscription = service.subscribe();
      service.answer(subscription.id, status);
      expect(await sender.send({ endpoint: subscription.endpoint, ...subscription.keys }, message)).toBe('gone');
    }
  });

  it('throws for any other refusal and for a service that cannot be reached', async () => {
    const subscription = service.subscribe();
    service.answer(subscription.id, 500);
    await expect(sender.send({ endpoint: subscription.endpoint, ...subscription.keys }, message)).rejects.toBeInstanceOf(WebPushSendError);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(sender.send({ endpoint: `http://127.0.0.1:${port}/push/x`, ...subscription.keys }, message)).rejects.toThrow(/could not be reached/);
  });

  it('a push encrypted for one subscription cannot be read with another one’s keys', async () => {
    const mine = service.subscribe();
    const other = service.subscribe();
    await expect(sender.send({ endpoint: other.endpoint, ...mine.keys }, message)).rejects.toMatchObject({ status: 400 });
    expect(service.refused.at(-1)).toMatch(/unable to authenticate/i);
    expect(service.received.some((entry) => entry.id === other.id)).toBe(false);
  });
});

describe('VAPID keys outside production', () => {
  it('follow from the app key: the same pair on every start, another for another key, a valid P-256 pair', () => {
    const first = vapidKeysFromAppKey(APP_KEY);
    expect(vapidKeysFromAppKey(APP_KEY)).toEqual(first);
    expect(vapidKeysFromAppKey(`${APP_KEY}x`).publicKey).not.toBe(first.publicKey);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(vapidPublicKeyOf(first.privateKey)).toBe(first.publicKey);
  });
});

describe('push and 알림톡 configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/ritual',
    APP_URL: 'https://ritual.example',
    APP_KEY: 'k'.repeat(40),
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: 'smtp.example',
  };
  const problems = (source: Record<string, string>): string[] => {
    try {
      parseEnv(source);
      return [];
    } catch (error) {
      if (error instanceof EnvError) return error.problems;
      throw error;
    }
  };

  it('outside production: outboxes by default, with a public key browsers can subscribe with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ritual-push-unit-'));
    const env = parseEnv({ APP_KEY, PUSH_OUTBOX_DIR: join(dir, 'push'), KAKAO_OUTBOX_DIR: join(dir, 'kakao') });
    expect(env.PUSH_PROVIDER).toBe('outbox');
    expect(env.KAKAO_PROVIDER).toBe('outbox');
    const push = createPushSender(pushSettingsFromEnv(env));
    expect(push.publicKey).toBe(vapidKeysFromAppKey(APP_KEY).publicKey);
    await push.send({ endpoint: 'https://push.example/1', p256dh: 'p', auth: 'a' }, message);
    expect(await readPushOutbox(join(dir, 'push'))).toEqual([expect.objectContaining({ endpoint: 'https://push.example/1', ...message })]);
    const kakao = createKakaoSender(kakaoSettingsFromEnv(env));
    await kakao.send({ phone: '01012345678', templateCode: 'RITUAL_REMINDER', variables: { nickname: '새벽걷기' } });
    expect(await readKakaoOutbox(join(dir, 'kakao'))).toEqual([
      expect.objectContaining({ phone: '01012345678', template_code: 'RITUAL_REMINDER', variables: { nickname: '새벽걷기' } }),
    ]);
  });

  it('production refuses the outboxes, needs its own VAPID pair for webpush, and sends nothing when unset', () => {
    expect(problems({ ...production, PUSH_PROVIDER: 'outbox' })).toEqual([expect.stringMatching(/^PUSH_PROVIDER: outbox is for development/)]);
    expect(problems({ ...production, KAKAO_PROVIDER: 'outbox' })).toEqual([expect.stringMatching(/^KAKAO_PROVIDER: outbox is for development/)]);
    expect(problems({ ...production, PUSH_PROVIDER: 'webpush' }).map((line) => line.split(':')[0])).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']);
    expect(problems({ ...production, KAKAO_PROVIDER: 'solapi' }).map((line) => line.split(':')[0])).toEqual([
      'SOLAPI_API_KEY',
      'SOLAPI_API_SECRET',
      'SOLAPI_KAKAO_PFID',
      'SOLAPI_KAKAO_TEMPLATES',
    ]);
    const unset = parseEnv(production);
    expect(createPushSender(pushSettingsFromEnv(unset)).publicKey).toBeNull();
    expect(kakaoSettingsFromEnv(unset)).toEqual({ provider: 'none' });
  });

  it('refuses a key that is not the public key of the private one, at start', () => {
    const keys = vapidKeysFromAppKey(APP_KEY);
    const other = vapidKeysFromAppKey('another-app-key-0123456789-0123456789');
    const env = parseEnv({ ...production, PUSH_PROVIDER: 'webpush', VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@ritual.example' });
    expect(() => pushSettingsFromEnv(env)).toThrow(/not the public key/);
    const good = parseEnv({ ...production, PUSH_PROVIDER: 'webpush', ...keys, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@ritual.example' });
    expect(createPushSender(pushSettingsFromEnv(good)).publicKey).toBe(keys.publicKey);
  });
});

describe('the solapi 알림톡 provider', () => {
  it('sends the template as ATA with #{variables}, signed with the SMS sender’s HMAC, no SMS in its place', async () => {
    const received: { authorization: string; body: { message: Record<string, unknown> } }[] = [];
    const solapi = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        const ok = req.url === '/messages/v4/send';
        res.writeHead(ok ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(ok ? { groupId: 'G1' } : { errorCode: 'NotFound' }));
      });
    });
    await new Promise<void>((resolve) => solapi.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(solapi.address() as AddressInfo).port}`;
      const env = parseEnv({
        APP_KEY,
        KAKAO_PROVIDER: 'solapi',
        SOLAPI_API_KEY: 'NCSKEY',
        SOLAPI_API_SECRET: 'SECRET0123456789',
        SOLAPI_BASE_URL: baseUrl,
        SOLAPI_KAKAO_PFID: 'KA01PF123',
        SOLAPI_KAKAO_TEMPLATES: 'RITUAL_REMINDER=KA01TP456',
      });
      const sender = createKakaoSender(kakaoSettingsFromEnv(env));
      await sender.send({ phone: '01012345678', templateCode: 'RITUAL_REMINDER', variables: { nickname: '새벽걷기', ritual_title: '아침 10분 명상' } });
      expect(received).toHaveLength(1);
      expect(received[0]!.authorization).toMatch(/^HMAC-SHA256 apiKey=NCSKEY, date=\S+, salt=[0-9a-f]{32}, signature=[0-9a-f]{64}$/);
      expect(received[0]!.body).toEqual({
        message: {
          to: '01012345678',
          type: 'ATA',
          kakaoOptions: {
            pfId: 'KA01PF123',
            templateId: 'KA01TP456',
            variables: { '#{nickname}': '새벽걷기', '#{ritual_title}': '아침 10분 명상' },
            disableSms: true,
          },
        },
      });
      const failing = createKakaoSender({ provider: 'solapi', baseUrl: `${baseUrl}/elsewhere`, apiKey: 'k', apiSecret: 's', pfId: 'p', templateIds: { RITUAL_REMINDER: 't' } });
      await expect(failing.send({ phone: '01012345678', templateCode: 'RITUAL_REMINDER', variables: {} })).rejects.toThrow(/Solapi answered 404 NotFound/);
    } finally {
      await new Promise<void>((resolve) => solapi.close(() => resolve()));
    }
  });
});
