import { existsSync } from 'node:fs';
import { get } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, not fetch: fetch asks for compression on its own and undoes it before we could look. */
function rawGet(url: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

let server: ServerProcess;
let stylesheet: string;

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  server = await startServer(tempDataDir());
  await waitUntilHealthy(server);
  const home = decoded(await rawGet(`${server.url}/`));
  const href = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
  if (!href) throw new Error('the home page links no stylesheet under /_astro/');
  stylesheet = href;
});

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

describe('text compression', () => {
  it('sends the page and its stylesheet with gzip when the browser asks for it', async () => {
    for (const path of ['/', stylesheet]) {
      const plain = await rawGet(`${server.url}${path}`);
      const compressed = await rawGet(`${server.url}${path}`, 'gzip, deflate');
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
      expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
      expect(decoded(compressed)).toBe(plain.body.toString('utf8'));
    }
  });

  it('answers gzip to what browsers send, brotli and zstd offered too', async () => {
    const response = await rawGet(`${server.url}/`, 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toContain('<html lang="ko"');
  });

  it('sends the page and its stylesheet as they are when the client does not ask', async () => {
    for (const path of ['/', stylesheet]) {
      // Brotli alone is not served (src/server/entry.ts): the body comes as it is.
      for (const acceptEncoding of [undefined, 'identity', 'br']) {
        const response = await rawGet(`${server.url}${path}`, acceptEncoding);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary).toMatch(/Accept-Encoding/i);
        expect(response.body.toString('utf8')).toMatch(path === '/' ? /^<!DOCTYPE html>/i : /[{}]/);
      }
    }
  });

  it('keeps the cache rules of fingerprinted assets', async () => {
    const response = await rawGet(`${server.url}${stylesheet}`, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the health check uncompressed, and leaves tiny static files alone', async () => {
    const health = await rawGet(`${server.url}/healthz`, 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ status: 'ok' });

    // favicon.svg is a few hundred bytes: below the threshold, compression would only add.
    const icon = await rawGet(`${server.url}/favicon.svg`, 'gzip');
    expect(icon.status).toBe(200);
    expect(Number(icon.headers['content-length'])).toBeLessThan(1024);
    expect(icon.headers['content-encoding']).toBeUndefined();
  });
});
