import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp, mountApi } from '../../src/server/app.ts';
import type { App } from '../../src/server/app.ts';
import type { AppConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { createBackgroundWork } from '../../src/server/jobs/background-work.ts';
import type { SocialSettings } from '../../src/server/modules/social/provider-settings.ts';
import { createOutboxMailer, readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import type { FileStorage } from '../../src/server/adapters/storage/storage.ts';
import { createOutboxSmsSender, readSmsOutbox } from '../../src/server/adapters/sms/outbox-sms-sender.ts';
import type { SmsOutboxMessage } from '../../src/server/adapters/sms/outbox-sms-sender.ts';
import type { OutboxMessage } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { DEFAULT_LEGACY_SUNSET } from '../../src/server/modules/legacy/deprecation.ts';
import { createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { PaymentGateway } from '../../src/server/adapters/payments/index.ts';
import { createOutboxPushSender, readPushOutbox } from '../../src/server/adapters/push/outbox-push-sender.ts';
import type { PushOutboxMessage } from '../../src/server/adapters/push/outbox-push-sender.ts';
import type { PushSender } from '../../src/server/adapters/push/index.ts';
import { vapidKeysFromAppKey } from '../../src/server/adapters/push/vapid-keys.ts';
import { answerChecker, routedMethod } from './answer-contract.ts';
import type { AnswerCheck } from './answer-contract.ts';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    appUrl: 'http://localhost:4321',
    publicApiUrl: undefined,
    isProduction: false,
    appKey: 'test-key-0123456789-0123456789-0123456789',
    sessionCookie: 'session',
    sessionLifetimeMinutes: 120,
    sessionRememberDays: 30,
    trustProxy: 0,
    bodyLimitBytes: 1024 * 1024,
    legacySunset: new Date(DEFAULT_LEGACY_SUNSET),
    metricsToken: undefined,
    exportsDir: mkdtempSync(join(tmpdir(), 'ritual-exports-')),
    ...overrides,
  };
}

export type LogLine = Record<string, unknown> & { level: number; msg: string };

export interface TestApp {
  app: App;
  logs: LogLine[];
  /** The mail this app sent, newest first, once the work its requests left running is done. */
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** Where this app's uploaded files are stored. */
  uploadsDir: string;
  /** The verification codes this app texted, newest first. */
  smsOutbox(phone?: string): Promise<SmsOutboxMessage[]>;
  /** The pushes this app sent to the outbox (when no other push sender was given), newest first, once its background work is done. */
  pushOutbox(endpoint?: string): Promise<PushOutboxMessage[]>;
  /** Resolves once the work its requests left running (mail, pushes) is done. */
  idle(): Promise<void>;
  client(options?: { ip?: string }): TestClient;
}

/** The real app on a test database, with its logs captured so a test can read them. */
export function createTestApp(
  db: Db,
  overrides: Partial<AppConfig> = {},
  extend?: (app: App) => void,
  social: SocialSettings = {},
  /** Another storage than local disk (S3 against a local server); /uploads is then not served. */
  remoteStorage?: FileStorage,
  /** Another payment provider than the in-memory test one (Toss against a local fake). */
  payments: PaymentGateway = createTestPaymentGateway(),
  /** Another push sender than the outbox (web push against a local push service). */
  pushSender?: PushSender,
): TestApp {
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig(overrides);
  const outboxDir = mkdtempSync(join(tmpdir(), 'ritual-mail-'));
  const mailer = createOutboxMailer(outboxDir);
  const uploadsDir = mkdtempSync(join(tmpdir(), 'ritual-uploads-'));
  const localStorage = remoteStorage ? null : createLocalStorage(uploadsDir);
  const storage = remoteStorage ?? localStorage!;
  const smsDir = mkdtempSync(join(tmpdir(), 'ritual-sms-'));
  const sms = createOutboxSmsSender(smsDir);
  const background = createBackgroundWork();
  const pushDir = mkdtempSync(join(tmpdir(), 'ritual-push-'));
  const push = pushSender ?? createOutboxPushSender(pushDir, vapidKeysFromAppKey(config.appKey).publicKey);
  const app = createApp({ db, config, logger: pino({ level: 'debug' }, sink), mailer, background, storage, localStorage, sms, payments, social, push });
  const checkAnswer = answerChecker(app);
  extend?.(app);
  const api = mountApi(app, config.bodyLimitBytes);
  return {
    app,
    logs,
    uploadsDir,
    async outbox(to) {
      await background.idle();
      return readOutbox(outboxDir, to ? { to } : {});
    },
    smsOutbox: (phone) => readSmsOutbox(smsDir, phone ? { phone } : {}),
    async pushOutbox(endpoint) {
      await background.idle();
      return readPushOutbox(pushDir, endpoint ? { endpoint } : {});
    },
    idle: () => background.idle(),
    client: (options) => new TestClient(api, options?.ip ?? '127.0.0.1', checkAnswer),
  };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
  bytes: Uint8Array;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header (fetching a token first when there is none). Default true. */
  csrf?: boolean;
}

/** A browser in miniature: keeps cookies, echoes the request-forgery token like the real client. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly api: { fetch(request: Request, clientAddress?: string): Promise<Response> },
    private readonly ip: string,
    /** Holds each answer to the API's own description (GET /api/openapi.json). */
    private readonly checkAnswer?: AnswerCheck,
  ) {}

  get(path: string, headers: Record<string, string> = {}) {
    return this.request('GET', path, { headers });
  }

  post(path: string, options: RequestOptions = {}) {
    return this.request('POST', path, options);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers = new Headers({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...options.headers,
    });
    if (method !== 'GET' && (options.csrf ?? true)) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.get('/csrf-token');
      headers.set('X-XSRF-TOKEN', this.cookies.get('XSRF-TOKEN')!);
    }
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set('Content-Type', 'application/json');
    } else if (options.form) {
      body = new URLSearchParams(options.form);
    } else if (options.multipart) {
      body = options.multipart;
    }
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('Cookie', cookie);
    const response = await this.api.fetch(
      new Request(`http://localhost:4321${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body, duplex: 'half' }),
      } as RequestInit),
      this.ip,
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const answer = { status: response.status, headers: response.headers, body: parsed, text, bytes };
    this.checkAnswer?.(routedMethod(method, fieldsOf(options)), path, answer);
    return answer;
  }
}

/** The body's fields as the server reads them, for the `_method` override. */
function fieldsOf(options: RequestOptions): Record<string, unknown> | null {
  if (options.json !== undefined) return typeof options.json === 'object' ? (options.json as Record<string, unknown>) : null;
  if (options.form) return options.form;
  if (options.multipart) return { _method: options.multipart.get('_method') };
  if (typeof options.body === 'string') {
    try {
      return JSON.parse(options.body) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return null;
}
