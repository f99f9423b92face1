import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeApiListener } from '../../src/server/http/node-api.ts';
import { answerServerError } from '../../src/server/http/server-error.ts';
import { createMetrics } from '../../src/server/metrics/registry.ts';
import type { Runtime } from '../../src/server/runtime.ts';

type Line = Record<string, unknown> & { msg: string; level: number };

function capturedLogger() {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

/** A runtime whose API throws, as a broken module or adapter would, before answering anything. */
function throwingRuntime(logger: pino.Logger, fetch: () => Promise<Response>): Runtime {
  return {
    api: { fetch },
    logger,
    track: (work: () => Promise<unknown>) => work(),
    draining: false,
    site: { maintenance: false },
    metrics: createMetrics({ processMetrics: false }),
  } as unknown as Runtime;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the API at the edge of the built server', () => {
  it('logs what throws outside the app with the request id it answers, in the API\'s error shape', async () => {
    const { logger, lines } = capturedLogger();
    const api = nodeApiListener(
      throwingRuntime(logger, () => {
        throw new Error('the adapter broke');
      }),
    );
    const url = await serve((req, res) => void api(req, res, 'edge-id-1'));
    const res = await fetch(`${url}/api/notices`);
    expect(res.status).toBe(500);
    expect(res.headers.get('X-Request-Id')).toBe('edge-id-1');
    expect(await res.json()).toEqual({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
    await expect.poll(() => lines.find((line) => line.msg === 'the API failed before it could answer')).toMatchObject({ reqId: 'edge-id-1', level: 50, err: { message: 'the adapter broke' } });
  });

  it('answers a rejected promise the same way', async () => {
    const { logger, lines } = capturedLogger();
    const api = nodeApiListener(throwingRuntime(logger, () => Promise.reject(new Error('later'))));
    const url = await serve((req, res) => void api(req, res, 'edge-id-2'));
    const res = await fetch(`${url}/api/user`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect(res.headers.get('X-Request-Id')).toBe('edge-id-2');
    await expect.poll(() => lines.some((line) => line['reqId'] === 'edge-id-2' && line.level === 50)).toBe(true);
  });

  it('answers a request that cannot be read as one 400, not 500', async () => {
    const { logger, lines } = capturedLogger();
    const api = nodeApiListener(throwingRuntime(logger, () => Promise.resolve(new Response('never'))));
    const url = new URL(await serve((req, res) => void api(req, res, 'edge-id-3')));
    const socket = connect(Number(url.port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.write('GET /api\\notices HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await once(socket, 'end');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/x-request-id: [0-9a-f-]{36}/i);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('the server error answer', () => {
  const answer = async (path: string, accept: string, headersSent = false): Promise<Response> => {
    const url = await serve((req: IncomingMessage, res: ServerResponse) => {
      if (headersSent) res.writeHead(200).write('partial');
      answerServerError(req, res, 'answer-id', 'https://ritual.example');
    });
    return fetch(`${url}${path}`, { headers: { Accept: accept } });
  };

  it('is a Korean page with the request id for a browser, and JSON for the API', async () => {
    const page = await answer('/notice', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(500);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('X-Request-Id')).toBe('answer-id');
    expect(page.headers.get('Permissions-Policy')).toContain('camera=()');
    const html = await page.text();
    expect(html).toContain('잠시 문제가 생겼어요');
    expect(html).toContain('오류 번호 answer-id');
    const api = await answer('/api/notices', 'text/html');
    expect(api.headers.get('Content-Type')).toBe('application/json');
    expect(await api.json()).toEqual({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
  });

  it('cuts the connection when the answer had already begun', async () => {
    await expect(answer('/notice', 'text/html', true).then((res) => res.text())).rejects.toThrow();
  });
});
