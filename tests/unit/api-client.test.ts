import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  FORBIDDEN_MESSAGE,
  isApiError,
  NETWORK_ERROR_STATUS,
  SERVER_ERROR_MESSAGE,
  validationMessages,
} from '../../src/lib/api-client.ts';
import type { ApiClientOptions } from '../../src/lib/api-client.ts';

// A tiny stand-in for the API, with the behaviours of API-CONVENTIONS.md.
interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  fields: Record<string, unknown>;
}

const VALIDATION_BODY = {
  message: '입력값을 확인해 주세요.',
  errors: { email: ['이메일을 입력해 주세요.'], password: ['8자 이상', '숫자를 포함해 주세요.'] },
};

const FIXED: Record<string, [number, unknown]> = {
  '/always-419': [419, { message: 'CSRF token mismatch.' }],
  '/forbidden': [403, { message: 'Forbidden.' }],
  '/boom': [500, { message: 'Server Error' }],
  '/invalid': [422, VALIDATION_BODY],
};

let server: Server;
let baseURL: string;
let issued = 0;
let serverToken = '';
const hits = new Map<string, number>();

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const parseFields = async (contentType: string, raw: Buffer): Promise<Record<string, unknown>> => {
  if (raw.length === 0) return {};
  if (contentType.startsWith('application/json'))
    return JSON.parse(raw.toString()) as Record<string, unknown>;
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) {
    const previous = fields[name];
    const text = typeof value === 'string' ? value : `file:${value.name}`;
    fields[name] = previous === undefined ? text : [previous, text].flat();
  }
  return fields;
};

const json = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const path = url.pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const token = request.headers['x-xsrf-token'];
  const raw = await readBody(request);

  if (path === '/csrf-token') {
    issued += 1;
    // Characters that must be URL-encoded in a cookie, to prove the client decodes it.
    serverToken = `token ${issued}+/=`;
    response.setHeader('set-cookie', `XSRF-TOKEN=${encodeURIComponent(serverToken)}; Path=/`);
    json(response, 200, { csrf_token: serverToken });
    return;
  }
  if (path === '/echo') {
    const contentType = request.headers['content-type'] ?? '';
    const echo: Echo = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      contentType,
      fields: await parseFields(contentType, raw),
    };
    json(response, 200, echo);
    return;
  }
  if (path === '/stale-token') {
    // The first call finds the session renewed: only a token fetched afterwards is good.
    if (hits.get(path) === 1) serverToken = 'rotated';
    if (token !== serverToken) {
      json(response, 419, { message: 'CSRF token mismatch.' });
      return;
    }
    json(response, 200, { data: { saved: true } });
    return;
  }
  if (path === '/no-content') {
    response.writeHead(204).end();
    return;
  }
  const status = /^\/status\/(\d{3})$/.exec(path)?.[1];
  const [code, body] =
    FIXED[path] ??
    (status ? [Number(status), { message: `status ${status}` }] : [404, { message: 'Not Found.' }]);
  json(response, code, body);
};

beforeAll(async () => {
  server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(599).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits.clear();
});

interface Harness {
  client: ReturnType<typeof createApiClient>;
  alerts: string[];
  backs: () => number;
  requests: RequestInit[];
  setCookie: (value: string | undefined) => void;
}

// The browser effects, observed; `cookieJar` mimics the readable XSRF-TOKEN cookie.
const harness = (options: ApiClientOptions & { cookieJar?: boolean } = {}): Harness => {
  const alerts: string[] = [];
  const requests: RequestInit[] = [];
  let backs = 0;
  let cookie: string | undefined;
  const client = createApiClient({
    baseURL,
    alert: (message) => alerts.push(message),
    goBack: () => {
      backs += 1;
    },
    readCookie: (name) => (name === 'XSRF-TOKEN' ? cookie : undefined),
    fetch: async (input, init) => {
      requests.push(init ?? {});
      const response = await fetch(input, init);
      const set = /XSRF-TOKEN=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
      if (options.cookieJar && set !== undefined) cookie = set;
      return response;
    },
    ...options,
  });
  return {
    client,
    alerts,
    backs: () => backs,
    requests,
    setCookie: (value) => {
      cookie = value;
    },
  };
};

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
};

describe('every request', () => {
  it('sends cookies and the XMLHttpRequest and JSON headers, and returns the body', async () => {
    const { client, requests } = harness();
    const echo = await client.get<Echo>('/echo');
    expect(echo.method).toBe('GET');
    expect(echo.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(echo.headers.accept).toBe('application/json');
    expect(requests[0]?.credentials).toBe('include');
  });

  it('adds the query of get', async () => {
    const { client } = harness();
    const echo = await client.get<Echo>('/echo', { year: 2026, month: 11 });
    expect(echo.url).toBe('/echo?year=2026&month=11');
  });

  it('sends no token and asks for none on GET', async () => {
    const { client } = harness();
    const echo = await client.get<Echo>('/echo');
    expect(echo.headers['x-xsrf-token']).toBeUndefined();
    expect(hits.get('/csrf-token')).toBeUndefined();
  });

  it('answers undefined for an empty 204', async () => {
    const { client } = harness();
    await expect(client.post('/no-content')).resolves.toBeUndefined();
  });
});

describe('request-forgery token', () => {
  it('fetches a token before the first non-GET request and sends it', async () => {
    const { client, requests } = harness();
    const echo = await client.post<Echo>('/echo', { content: '안녕' });
    expect(hits.get('/csrf-token')).toBe(1);
    expect(requests[0]?.credentials).toBe('include');
    expect(echo.headers['x-xsrf-token']).toBe(serverToken);
    expect(echo.fields).toEqual({ content: '안녕' });
  });

  it('keeps the token of /csrf-token in memory for the next requests', async () => {
    const { client } = harness();
    await client.post('/echo');
    const echo = await client.post<Echo>('/echo');
    expect(hits.get('/csrf-token')).toBe(1);
    expect(echo.headers['x-xsrf-token']).toBe(serverToken);
  });

  it('prefers the readable cookie, URL-decoded', async () => {
    const { client, setCookie } = harness();
    setCookie('from%20cookie%2B%2F%3D');
    const echo = await client.post<Echo>('/echo');
    expect(echo.headers['x-xsrf-token']).toBe('from cookie+/=');
    expect(hits.get('/csrf-token')).toBeUndefined();
  });

  it('asks for one token only when several requests start together', async () => {
    const { client } = harness();
    await Promise.all([client.post('/echo'), client.put('/echo'), client.del('/echo')]);
    expect(hits.get('/csrf-token')).toBe(1);
  });
});

describe('method override', () => {
  it.each([
    ['put', 'PUT'],
    ['patch', 'PATCH'],
    ['del', 'DELETE'],
  ] as const)('%s sends a POST whose JSON carries _method %s', async (helper, method) => {
    const { client } = harness();
    const echo = await client[helper]<Echo>('/echo', { quantity: 2 });
    expect(echo.method).toBe('POST');
    expect(echo.contentType).toMatch(/^application\/json/);
    expect(echo.fields).toEqual({ quantity: 2, _method: method });
    expect(echo.headers['x-xsrf-token']).toBe(serverToken);
  });

  it('works without a body', async () => {
    const { client } = harness();
    const echo = await client.put<Echo>('/echo');
    expect(echo.fields).toEqual({ _method: 'PUT' });
  });

  it('appends _method to a multipart body, files included, and leaves the caller its form', async () => {
    const { client } = harness();
    const form = new FormData();
    form.append('content', '수정');
    form.append('images[]', new File(['png'], 'photo.png', { type: 'image/png' }));
    const echo = await client.put<Echo>('/echo', form);
    expect(echo.method).toBe('POST');
    expect(echo.contentType).toMatch(/^multipart\/form-data/);
    expect(echo.fields).toEqual({ content: '수정', 'images[]': 'file:photo.png', _method: 'PUT' });
    expect(form.has('_method')).toBe(false);
  });

  it('sets _method in a urlencoded body', async () => {
    const { client } = harness();
    const echo = await client.del<Echo>('/echo', new URLSearchParams({ reason: '이사' }));
    expect(echo.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(echo.fields).toEqual({ reason: '이사', _method: 'DELETE' });
  });

  it('post sends the body as it is', async () => {
    const { client } = harness();
    const echo = await client.post<Echo>('/echo', { ids: [1, 2] });
    expect(echo.method).toBe('POST');
    expect(echo.fields).toEqual({ ids: [1, 2] });
  });
});

describe('error catalogue', () => {
  it('on 419 fetches a new token and repeats the request once', async () => {
    const { client, alerts } = harness();
    await client.refreshCsrfToken();
    const body = await client.post('/stale-token', { a: 1 });
    expect(body).toEqual({ data: { saved: true } });
    expect(hits.get('/stale-token')).toBe(2);
    expect(hits.get('/csrf-token')).toBe(2);
    expect(alerts).toEqual([]);
  });

  it('on 419 also picks up the renewed cookie', async () => {
    const { client } = harness({ cookieJar: true });
    await client.refreshCsrfToken();
    await expect(client.post('/stale-token')).resolves.toEqual({ data: { saved: true } });
  });

  it('tries exactly twice when the answer stays 419', async () => {
    const { client, alerts } = harness();
    const error = await failure(client.post('/always-419'));
    expect(error.status).toBe(419);
    expect(hits.get('/always-419')).toBe(2);
    expect(alerts).toEqual([]);
  });

  it('on 403 alerts, goes back and rejects', async () => {
    const { client, alerts, backs } = harness();
    const error = await failure(client.get('/forbidden'));
    expect(error.status).toBe(403);
    expect(alerts).toEqual([FORBIDDEN_MESSAGE]);
    expect(FORBIDDEN_MESSAGE).toBe('권한이 없습니다.');
    expect(backs()).toBe(1);
  });

  it('leaves a status the caller handles itself to the caller: no alert, no step back', async () => {
    const { client, alerts, backs } = harness();
    const error = await failure(client.post('/forbidden', { password: '0000' }, { handles: [403] }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Forbidden.');
    expect(alerts).toEqual([]);
    expect(backs()).toBe(0);
    await failure(client.post('/forbidden', {}, { handles: [422] }));
    expect(alerts).toEqual([FORBIDDEN_MESSAGE]);
  });

  it('on 500 alerts once, does not go back and rejects', async () => {
    const { client, alerts, backs } = harness();
    const error = await failure(client.get('/boom'));
    expect(error.status).toBe(500);
    expect(alerts).toEqual([SERVER_ERROR_MESSAGE]);
    expect(SERVER_ERROR_MESSAGE).toBe('오류가 발생했습니다. 관리자에게 문의해 주세요.');
    expect(backs()).toBe(0);
    expect(hits.get('/boom')).toBe(1);
  });

  it('on 422 rejects with the message and the errors map', async () => {
    const { client, alerts } = harness();
    const error = await failure(client.post('/invalid', { email: '' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(422);
    expect(error.message).toBe(VALIDATION_BODY.message);
    expect(error.errors).toEqual(VALIDATION_BODY.errors);
    expect(error.data).toEqual(VALIDATION_BODY);
    expect(validationMessages(error)).toEqual([
      '이메일을 입력해 주세요.',
      '8자 이상',
      '숫자를 포함해 주세요.',
    ]);
    expect(alerts).toEqual([]);
  });

  it.each([401, 404, 409, 429, 503])(
    'passes %i on to the caller, silently and without a retry',
    async (status) => {
      const { client, alerts, backs } = harness();
      const error = await failure(client.get(`/status/${status}`));
      expect(error.status).toBe(status);
      expect(error.data).toEqual({ message: `status ${status}` });
      expect(error.errors).toEqual({});
      expect(alerts).toEqual([]);
      expect(backs()).toBe(0);
      expect(hits.get(`/status/${status}`)).toBe(1);
    },
  );

  it('passes a network failure on as status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { client, alerts } = harness({ baseURL: `http://127.0.0.1:${port}` });
    const error = await failure(client.get('/anything'));
    expect(error.status).toBe(NETWORK_ERROR_STATUS);
    expect(error.data).toBeUndefined();
    expect(alerts).toEqual([]);
  });
});

describe('validationMessages and isApiError', () => {
  it('answer nothing for other errors', () => {
    expect(validationMessages(new Error('x'))).toEqual([]);
    expect(validationMessages(new ApiError(404, 'Not Found.'))).toEqual([]);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(new ApiError(404, 'Not Found.'))).toBe(true);
  });
});
