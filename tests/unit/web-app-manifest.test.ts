import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPLE_TOUCH_ICON_PATH, webAppManifest } from '../../src/lib/web-app-manifest.ts';

const HANGUL = /[\uAC00-\uD7A3]/;

/** Width and height from a PNG's header chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(`public${path}`);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the web app manifest', () => {
  const manifest = webAppManifest();

  it('opens the member\'s day in its own window, in Korean', () => {
    expect(manifest).toMatchObject({ lang: 'ko', start_url: '/today', scope: '/', display: 'standalone', id: '/' });
    expect(manifest.name).toMatch(HANGUL);
    expect(manifest.short_name).toMatch(HANGUL);
    // A home screen shows about 12 characters under an icon.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('takes its colours from the design tokens', () => {
    const tokens = readFileSync('src/styles/tokens.css', 'utf8');
    const surface = /--color-surface:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1];
    expect(manifest.theme_color).toBe(surface);
    expect(manifest.background_color).toBe(surface);
  });

  it('has PNG icons of 192 and 512 px, one maskable, each the size it says', () => {
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(icon.src), icon.src).toEqual({ width, height });
    }
    expect(pngSize(APPLE_TOUCH_ICON_PATH)).toEqual({ width: 180, height: 180 });
  });
});
