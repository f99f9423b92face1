import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SolapiError, createSmsSender, smsSettingsFromEnv } from '../../src/server/adapters/sms/index.ts';
import { createSolapiSmsSender, solapiCodeText } from '../../src/server/adapters/sms/solapi-sms-sender.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';

const API_KEY = 'NCSTESTAPIKEY0001';
const API_SECRET = 'TESTSECRET0123456789ABCDEFGHIJKLMNOPQRSTU';
const SENDER = '0212345678';

/** One request as the server received it, with the parts of its Authorization header. */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  auth: Record<string, string>;
  body: { message?: Record<string, unknown> };
}

type Reply = { status: number; body: unknown } | undefined;

/**
 * Just enough of Solapi's API v4 for one sender: POST /messages/v4/send, authenticated by
 * `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…` where the signature is the hex HMAC-SHA256
 * of date + salt with the account's secret. `override` lets a test answer something else.
 */
function startSolapiServer(): Promise<{
  server: Server;
  baseUrl: string;
  received: Received[];
  override: { reply?: (request: Received) => Reply };
}> {
  const received: Received[] = [];
  const override: { reply?: (request: Received) => Reply } = {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const header = req.headers.authorization ?? '';
      const auth = Object.fromEntries(
        [...header.replace(/^HMAC-SHA256 /, '').matchAll(/(\w+)=([^,\s]+)/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
      );
      let body: Received['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
      } catch {
        answer(400, { errorCode: 'ValidationError', errorMessage: 'JSON 형식이 올바르지 않습니다.' });
        return;
      }
      const request: Received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, auth, body };
      received.push(request);
      if (request.method !== 'POST' || request.path !== '/messages/v4/send') {
        answer(404, { errorCode: 'NotFound', errorMessage: 'Not Found' });
        return;
      }
      if (!header.startsWith('HMAC-SHA256 ') || auth.apiKey !== API_KEY || !auth.date || !auth.salt || !auth.signature) {
        answer(401, { errorCode: 'InvalidAPIKey', errorMessage: 'Invalid API Key' });
        return;
      }
      const expected = createHmac('sha256', API_SECRET).update(auth.date + auth.salt).digest();
      const given = Buffer.from(auth.signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        answer(401, { errorCode: 'SignatureDoesNotMatch', errorMessage: 'Signature가 일치하지 않습니다.' });
        return;
      }
      const custom = override.reply?.(request);
      if (custom) {
        answer(custom.status, custom.body);
        return;
      }
      answer(200, {
        groupId: 'G4V20260301180000ABCDEFGHIJKLMNO',
        to: body.message?.to,
        from: body.message?.from,
        type: 'SMS',
        statusMessage: '정상 접수(이통사로 접수 예정) ',
        country: body.message?.country ?? '82',
        messageId: 'M4V20260301180000ABCDEFGHIJKLMNO',
        statusCode: '2000',
        accountId: '12345678901234',
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, override }),
    );
  });
}

let solapi: Awaited<ReturnType<typeof startSolapiServer>>;
beforeEach(async () => {
  solapi = await startSolapiServer();
});
afterEach(async () => {
  await new Promise<void>((resolve) => solapi.server.close(() => resolve()));
});

const settings = () => ({ baseUrl: solapi.baseUrl, apiKey: API_KEY, apiSecret: API_SECRET, sender: SENDER });
const sentAt = new Date('2026-03-01T09:00:00Z');

describe('Solapi SMS sender', () => {
  it('sends the code to a Korean number, signed with the secret, in Korean', async () => {
    await createSolapiSmsSender(settings(), () => sentAt).sendCode({ phone: '01012345678', countryCode: '82', code: '123456' });

    expect(solapi.received).toHaveLength(1);
    const [request] = solapi.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/messages/v4/send');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    // The date is ISO 8601 in UTC whatever the machine's zone (the unit project runs in Los Angeles).
    expect(request?.auth).toMatchObject({ apiKey: API_KEY, date: '2026-03-01T09:00:00.000Z' });
    expect(request?.auth.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.headers.authorization).not.toContain(API_SECRET);
    expect(request?.body).toEqual({
      message: { to: '01012345678', from: SENDER, text: '[리추얼] 인증번호 123456을 입력해 주세요. (3분 이내)' },
    });
  });

  it('names the country for a number outside Korea, and salts every request anew', async () => {
    const sender = createSolapiSmsSender(settings());
    await sender.sendCode({ phone: '9175550123', countryCode: '1', code: '000002' });
    await sender.sendCode({ phone: '9012345678', countryCode: '81', code: '987659' });

    const messages = solapi.received.map((r) => r.body.message);
    expect(messages).toEqual([
      { to: '9175550123', from: SENDER, country: '1', text: '[리추얼] 인증번호 000002를 입력해 주세요. (3분 이내)' },
      { to: '9012345678', from: SENDER, country: '81', text: '[리추얼] 인증번호 987659를 입력해 주세요. (3분 이내)' },
    ]);
    expect(solapi.received[0]?.auth.salt).not.toBe(solapi.received[1]?.auth.salt);
  });

  it('reads the code with the right particle for its last digit', () => {
    expect(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => solapiCodeText(`12345${d}`).slice(11, 18))).toEqual([
      '123450을',
      '123451을',
      '123452를',
      '123453을',
      '123454를',
      '123455를',
      '123456을',
      '123457을',
      '123458을',
      '123459를',
    ]);
  });

  it('is what createSmsSender builds for the solapi provider, and what the configuration chooses', async () => {
    await createSmsSender({ provider: 'solapi', ...settings() }).sendCode({ phone: '01087654321', countryCode: '82', code: '654321' });
    expect(solapi.received.map((r) => r.body.message?.to)).toEqual(['01087654321']);

    const env = parseEnv({
      SMS_PROVIDER: 'solapi',
      SOLAPI_API_KEY: API_KEY,
      SOLAPI_API_SECRET: API_SECRET,
      SOLAPI_SENDER: SENDER,
      SOLAPI_BASE_URL: solapi.baseUrl,
    });
    expect(smsSettingsFromEnv(env)).toEqual({ provider: 'solapi', ...settings() });
    await createSmsSender(smsSettingsFromEnv(env)).sendCode({ phone: '01011112222', countryCode: '82', code: '111111' });
    expect(solapi.received).toHaveLength(2);
  });

  it('rejects with the status and errorCode when Solapi refuses the message, never with the secret', async () => {
    solapi.override.reply = () => ({
      status: 400,
      body: { errorCode: 'ValidationError', errorMessage: `발신번호가 등록되지 않았습니다. (key ${API_SECRET})` },
    });
    const error = await createSolapiSmsSender(settings())
      .sendCode({ phone: '01012345678', countryCode: '82', code: '123456' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SolapiError);
    expect(error).toMatchObject({ status: 400, errorCode: 'ValidationError' });
    const text = String((error as Error).message);
    expect(text).toContain('400');
    expect(text).toContain('ValidationError');
    expect(text).toContain('발신번호가 등록되지 않았습니다.');
    expect(text).not.toContain(API_SECRET);
    expect(JSON.stringify(error)).not.toContain(API_SECRET);
  });

  it('rejects when the signature is made with another secret', async () => {
    const wrong = createSolapiSmsSender({ ...settings(), apiSecret: 'not-the-secret-of-this-account' });
    const failure = wrong.sendCode({ phone: '01012345678', countryCode: '82', code: '123456' });
    await expect(failure).rejects.toThrow(/401 SignatureDoesNotMatch/);
    await expect(failure).rejects.not.toThrow(/not-the-secret-of-this-account/);
  });

  it('rejects with the status alone when the answer is not Solapi JSON', async () => {
    solapi.override.reply = () => ({ status: 502, body: 'Bad Gateway' });
    await expect(
      createSolapiSmsSender(settings()).sendCode({ phone: '01012345678', countryCode: '82', code: '123456' }),
    ).rejects.toThrow(/^Solapi answered 502$/);
  });

  it('rejects when Solapi cannot be reached', async () => {
    const closed = await new Promise<string>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(`http://127.0.0.1:${port}`));
      });
    });
    await expect(
      createSolapiSmsSender({ ...settings(), baseUrl: closed }).sendCode({ phone: '01012345678', countryCode: '82', code: '123456' }),
    ).rejects.toBeInstanceOf(SolapiError);
  });
});

describe('Solapi configuration', () => {
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
  const solapiVars = { SMS_PROVIDER: 'solapi', SOLAPI_API_KEY: API_KEY, SOLAPI_API_SECRET: API_SECRET, SOLAPI_SENDER: SENDER };

  it('names each variable solapi needs and lacks', () => {
    expect(problemsOf({ SMS_PROVIDER: 'solapi' })).toEqual([
      'SOLAPI_API_KEY: is required when SMS_PROVIDER=solapi',
      'SOLAPI_API_SECRET: is required when SMS_PROVIDER=solapi',
      'SOLAPI_SENDER: is required when SMS_PROVIDER=solapi',
    ]);
    expect(problemsOf({ ...solapiVars, SOLAPI_API_KEY: '' })).toEqual(['SOLAPI_API_KEY: is required when SMS_PROVIDER=solapi']);
    expect(problemsOf({ ...production, SMS_PROVIDER: 'solapi', SOLAPI_API_SECRET: API_SECRET })).toEqual([
      'SOLAPI_API_KEY: is required when SMS_PROVIDER=solapi',
      'SOLAPI_SENDER: is required when SMS_PROVIDER=solapi',
    ]);
  });

  it('wants the sender as digits and the base as a URL, defaulting to Solapi', () => {
    expect(problemsOf({ ...solapiVars, SOLAPI_SENDER: '02-1234-5678' })).toEqual([
      'SOLAPI_SENDER: must be digits only, the number registered with Solapi',
    ]);
    expect(problemsOf({ ...solapiVars, SOLAPI_BASE_URL: 'not a url' })[0]).toMatch(/^SOLAPI_BASE_URL: /);
    expect(parseEnv(solapiVars).SOLAPI_BASE_URL).toBe('https://api.solapi.com');
  });

  it('accepts solapi in production, and keeps phone verification off there without a provider', () => {
    expect(problemsOf({ ...production, ...solapiVars })).toEqual([]);
    expect(smsSettingsFromEnv(parseEnv({ ...production, ...solapiVars }))).toMatchObject({
      provider: 'solapi',
      baseUrl: 'https://api.solapi.com',
      sender: SENDER,
    });
    expect(smsSettingsFromEnv(parseEnv(production))).toEqual({ provider: 'none' });
    expect(problemsOf({ ...production, SMS_PROVIDER: 'outbox' })[0]).toMatch(/^SMS_PROVIDER: outbox is for development/);
  });
});
