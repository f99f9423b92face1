import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressAssets } from '../../src/integrations/precompressed-assets.ts';
import { acceptedCodings, precompressedType } from '../../src/server/http/precompressed.ts';

describe("the build's compressed copies of its assets", () => {
  it('writes a Brotli and a gzip copy of each stylesheet, script and font, which decompress to the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
    mkdirSync(join(dir, 'nested'));
    const css = Buffer.from('.card { color: #333; padding: 12px; }\n'.repeat(200));
    const font = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(8000, 7)]);
    writeFileSync(join(dir, 'index.abc.css'), css);
    writeFileSync(join(dir, 'nested', 'pretendard.def.ttf'), font);
    writeFileSync(join(dir, 'tiny.js'), 'export {};');
    writeFileSync(join(dir, 'photo.webp'), Buffer.alloc(5000, 1));

    const written = precompressAssets(dir).sort();

    expect(written).toEqual(['index.abc.css.br', 'index.abc.css.gz', 'nested/pretendard.def.ttf.br', 'nested/pretendard.def.ttf.gz']);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.abc.css.br'))).equals(css)).toBe(true);
    expect(gunzipSync(readFileSync(join(dir, 'nested', 'pretendard.def.ttf.gz'))).equals(font)).toBe(true);
    expect(readdirSync(dir).filter((name) => name.startsWith('photo') || name.startsWith('tiny'))).toEqual(['photo.webp', 'tiny.js']);
  });

  it('skips a copy that would be no smaller than the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
    writeFileSync(join(dir, 'noise.js'), randomBytes(4096));
    expect(precompressAssets(dir)).toEqual([]);
  });
});

describe('Accept-Encoding', () => {
  it('takes the codings offered, not those refused with q=0', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedCodings('br;q=0, GZIP;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedCodings('br; q=0.0')]).toEqual([]);
    expect([...acceptedCodings(undefined)]).toEqual([]);
    expect([...acceptedCodings('')]).toEqual([]);
  });

  it('knows the types of the assets the build compresses', () => {
    expect(precompressedType('/_astro/pretendard-korean.B31O.ttf')).toBe('font/ttf');
    expect(precompressedType('/_astro/index.CL.css')).toBe('text/css; charset=utf-8');
    expect(precompressedType('/images/home/hero.webp')).toBeNull();
    expect(precompressedType('/robots')).toBeNull();
  });
});
