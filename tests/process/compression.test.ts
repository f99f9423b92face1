import { existsSync } from 'node:fs';
import { get } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

function decodedBytes(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(response.body);
  if (encoding === 'br') return brotliDecompressSync(response.body);
  return response.body;
}

const decoded = (response: RawResponse): string => decodedBytes(response).toString('utf8');

let server: ServerProcess;
let stylesheet: string;
let font: string;

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  server = await startServer(tempDataDir());
  await waitUntilHealthy(server);
  const home = decoded(await rawGet(`${server.url}/`));
  const href = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
  if (!href) throw new Error('the home page links no stylesheet under /_astro/');
  stylesheet = href;
  const fontHref = /<link rel="preload" href="(\/_astro\/[^"]+)" as="font"/.exec(home)?.[1];
  if (!fontHref) throw new Error('the home page preloads no font under /_astro/');
  font = fontHref;
});

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

describe('text compression', () => {
  it('sends the page and its stylesheet with gzip when the browser asks for gzip alone', async () => {
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

  it('answers pages in gzip to what browsers send, brotli and zstd offered too', async () => {
    const response = await rawGet(`${server.url}/`, 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toContain('<html lang="ko"');
  });

  it("sends the build's own Brotli copy of an asset to a browser that takes it, gzip to one that does not", async () => {
    for (const path of [stylesheet, font]) {
      const plain = await rawGet(`${server.url}${path}`);
      for (const [acceptEncoding, coding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['br', 'br'],
        ['gzip, br;q=0', 'gzip'],
      ] as const) {
        const response = await rawGet(`${server.url}${path}`, acceptEncoding);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(coding);
        expect(response.headers['content-type']).toBe(path === font ? 'font/ttf' : 'text/css; charset=utf-8');
        expect(response.headers.vary).toMatch(/Accept-Encoding/i);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(decodedBytes(response).equals(plain.body)).toBe(true);
      }
    }
  });

  it('sends the Korean font as TrueType, which the browser decompresses off the main thread as it arrives', async () => {
    // WOFF2 is decompressed by the page's main thread when text is first laid out (decision 007).
    const plain = await rawGet(`${server.url}${font}`);
    expect(font).toMatch(/\/pretendard-korean\.[\w-]+\.ttf$/);
    expect(plain.headers['content-type']).toBe('font/ttf');
    expect(plain.body.readUInt32BE(0)).toBe(0x0001_0000);
    const brotli = await rawGet(`${server.url}${font}`, 'br');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('sends the page and its stylesheet as they are when the client does not ask', async () => {
    for (const path of ['/', stylesheet]) {
      // Pages are not compressed with Brotli (src/server/entry.ts): offered it alone, they come as they are.
      for (const acceptEncoding of [undefined, 'identity', ...(path === '/' ? ['br'] : [])]) {
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
