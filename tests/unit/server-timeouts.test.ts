import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createServerWithTimeouts, deadlineCheckIntervalMs, serverTimeoutsFromEnv } from '../../src/server/http/server-timeouts.ts';

// Small enough for a test; the server takes them exactly as it takes the configured ones.
const timeouts = { headersMs: 600, requestMs: 1200, idleMs: 400, keepAliveMs: 1500 };
// Node closes a kept-alive connection this much after the time it announces (Keep-Alive: timeout=N).
const KEEP_ALIVE_BUFFER_MS = 1000;
// Time for a loaded machine to notice: a deadline is checked every quarter of the shorter one.
const SLACK_MS = 1000;

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServerWithTimeouts(timeouts, (req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.end(`received ${bytes}`));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

interface Connection {
  socket: Socket;
  received: () => string;
  /** Milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
}

async function open(): Promise<Connection> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = performance.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  // The server may reset a connection it cuts off while we still write: events.once would reject on
  // that 'error' though the close is what the test waits for.
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
  return { socket, received: () => text, closed };
}

/** Writes `chunk` every `everyMs` until the connection closes. */
function trickle(socket: Socket, chunk: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded) clearInterval(timer);
    else socket.write(chunk);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const headers = (length: number) => `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${length}\r\n\r\n`;

describe('the server cuts off a slowly sent request', () => {
  it('closes a connection that trickles its body, at the request deadline, with 408', async () => {
    const { socket, received, closed } = await open();
    socket.write(headers(100_000));
    // A byte well within the idle time each time: only the request's own deadline stops it.
    trickle(socket, 'x', 100);
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(timeouts.requestMs - 50);
    expect(after).toBeLessThan(timeouts.requestMs + SLACK_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends its headers and then nothing, after the idle time', async () => {
    const { socket, closed } = await open();
    socket.write(headers(10));
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(timeouts.idleMs - 50);
    expect(after).toBeLessThan(timeouts.idleMs + SLACK_MS);
  });

  it('closes a connection that trickles its headers, at the headers deadline, with 408', async () => {
    const { socket, received, closed } = await open();
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    trickle(socket, 'X-Slow: y\r\n', 100);
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(after).toBeLessThan(timeouts.headersMs + SLACK_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers a request sent in time, and a second one on the same connection after a pause', async () => {
    const { socket, received } = await open();
    socket.write(`${headers(5)}hello`);
    await expect.poll(received).toContain('received 5');
    // Longer than the idle time: between requests the connection is kept alive on its own timeout.
    await new Promise((resolve) => setTimeout(resolve, timeouts.idleMs + 200));
    socket.write(`${headers(3)}abc`);
    await expect.poll(received).toContain('received 3');
    socket.destroy();
  });
});

describe('a kept-alive connection', () => {
  it('waits the configured time for its next request, then is closed', async () => {
    const { socket, received, closed } = await open();
    socket.write(`${headers(2)}hi`);
    await expect.poll(received).toContain('received 2');
    const answered = performance.now();
    expect(received()).toMatch(/Keep-Alive: timeout=1\r\n/i);
    await closed;
    const idle = performance.now() - answered;
    expect(idle).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 50);
    expect(idle).toBeLessThan(timeouts.keepAliveMs + KEEP_ALIVE_BUFFER_MS + SLACK_MS);
  });
});

describe('the configured deadlines', () => {
  it('cut a request body at 30 seconds by default, checked at least every second', () => {
    const configured = serverTimeoutsFromEnv(parseEnv({}));
    expect(configured.requestMs).toBe(30_000);
    expect(deadlineCheckIntervalMs(configured)).toBeLessThanOrEqual(1000);
    expect(configured.requestMs + deadlineCheckIntervalMs(configured)).toBeLessThanOrEqual(31_000);
  });

  it('keep a connection between requests longer than a proxy keeps its own to the server (60 s)', () => {
    expect(serverTimeoutsFromEnv(parseEnv({})).keepAliveMs).toBeGreaterThan(60_000);
  });
});
