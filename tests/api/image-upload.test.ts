import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const NOT_IMAGE = 'JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.';
const TOO_LARGE = '이미지는 10MB 이하로 올려 주세요.';

/** The app with a body limit that lets a 10 MB image through, and its upload folder to look into. */
function uploadApp() {
  const db = testDb().database.db;
  const app = createTestApp(db, { bodyLimitBytes: 32 * 1024 * 1024 });
  const client = () => app.client();
  const storedFiles = () =>
    readdirSync(app.uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  // The same folder, read the way the server reads it.
  const storage = createLocalStorage(app.uploadsDir);
  return { db, client, storedFiles, storage };
}

async function signedIn() {
  const setup = uploadApp();
  const user = await createMember(setup.db);
  const { token } = await createSession(setup.db, { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = setup.client();
  client.cookies.set('session', token);
  return { ...setup, user, client };
}

/** A camera photo in miniature: a JPEG lying on its side (EXIF orientation 6) with camera details. */
async function photo(width = 1200, height = 800, name = 'IMG_0001.JPG'): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 249, g: 115, b: 22 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: '위치 정보 포함', Artist: 'camera' } } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

async function picture(format: 'png' | 'gif' | 'webp' | 'avif', width: number, height: number, name: string, type = ''): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type });
}

const keyOf = (url: string) => url.slice('/uploads/'.length);

function formWith(entries: [string, File | string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('POST /api/image-upload', () => {
  it('stores a photo upright as WebP without metadata, under images/<yyyy>/<mm>/<user>-<random>.webp', async () => {
    const { user, client, storage } = await signedIn();
    const res = await client.post('/api/image-upload', { multipart: formWith([['image', await photo()]]) });
    expect(res.status).toBe(201);
    const { url, width, height } = res.body.data;
    expect(url).toMatch(new RegExp(`^/uploads/images/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{16}\\.webp$`));
    // Orientation 6 is a quarter turn: the 1200 × 800 sensor image stands up as 800 × 1200.
    expect([width, height]).toEqual([800, 1200]);

    const bytes = await storage.read(keyOf(url));
    expect(bytes).not.toBeNull();
    const meta = await sharp(bytes!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 1200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    // Served from /uploads/ with the long cache headers.
    const served = await client.get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('shrinks a large picture to 2000 px on its longest side, and leaves a small one as it is', async () => {
    const { client, storage } = await signedIn();
    const big = await client.post('/api/image-upload', { multipart: formWith([['image', await picture('png', 4000, 3000, 'big.png')]]) });
    expect(big.status).toBe(201);
    expect(big.body.data).toMatchObject({ width: 2000, height: 1500 });
    const meta = await sharp((await storage.read(keyOf(big.body.data.url)))!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2000, 1500]);

    const small = await client.post('/api/image-upload', { multipart: formWith([['image', await picture('png', 300, 200, 'small.png')]]) });
    expect(small.body.data).toMatchObject({ width: 300, height: 200 });
  });

  it('judges the format by the bytes: GIF, WebP and AVIF under any name are taken', async () => {
    const { client } = await signedIn();
    for (const format of ['gif', 'webp', 'avif'] as const) {
      const file = await picture(format, 64, 48, 'upload.bin', 'application/octet-stream');
      const res = await client.post('/api/image-upload', { multipart: formWith([['image', file]]) });
      expect(res.status, format).toBe(201);
      expect(res.body.data).toMatchObject({ width: 64, height: 48 });
      expect(res.body.data.url).toMatch(/\.webp$/);
    }
  });

  it('refuses a text file named .png, an SVG, and a text field in place of the file, storing nothing', async () => {
    const { client, storedFiles } = await signedIn();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const refused: [string, File | string][] = [
      ['image', new File(['<?php echo 1; ?>'], 'photo.png', { type: 'image/png' })],
      ['image', new File([svg], 'drawing.png', { type: 'image/png' })],
      ['image', 'https://elsewhere.example/cat.png'],
    ];
    for (const entry of refused) {
      const res = await client.post('/api/image-upload', { multipart: formWith([entry]) });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: NOT_IMAGE, errors: { image: [NOT_IMAGE] } });
      expect(res.text).not.toContain('elsewhere.example');
    }
    const none = await client.post('/api/image-upload', { multipart: formWith([['caption', '사진 없음']]) });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ image: ['이미지를 올려 주세요.'] });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over 10 MB before decoding it', async () => {
    const { client, storedFiles } = await signedIn();
    const head = new Uint8Array(await (await photo(200, 100)).arrayBuffer());
    const bytes = new Uint8Array(10 * 1024 * 1024 + 1);
    bytes.set(head);
    const res = await client.post('/api/image-upload', {
      multipart: formWith([['image', new File([bytes], 'huge.jpg', { type: 'image/jpeg' })]]),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: TOO_LARGE, errors: { image: [TOO_LARGE] } });
    expect(storedFiles()).toEqual([]);
  });

  it('answers images[] in the order sent, and refuses the whole batch for one bad item', async () => {
    const { client, storage, storedFiles } = await signedIn();
    const res = await client.post('/api/image-upload', {
      multipart: formWith([
        ['images[]', await picture('png', 640, 480, 'first.png')],
        ['images[]', await photo(300, 500, 'second.jpg')],
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ width: 640, height: 480 });
    expect(res.body.data[1]).toMatchObject({ width: 500, height: 300 });
    for (const item of res.body.data) {
      expect(item.url).toMatch(/^\/uploads\/images\/\d{4}\/\d{2}\/\d+-[0-9a-f]{16}\.webp$/);
      expect(await storage.read(keyOf(item.url))).not.toBeNull();
    }
    expect(res.body.data[0].url).not.toBe(res.body.data[1].url);
    expect(storedFiles()).toHaveLength(2);

    const bad = await client.post('/api/image-upload', {
      multipart: formWith([
        ['images[]', await picture('png', 64, 64, 'ok.png')],
        ['images[]', new File(['hello'], 'note.jpg', { type: 'image/jpeg' })],
      ]),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'images.1': [NOT_IMAGE] });
    expect(storedFiles()).toHaveLength(2);

    const eleven = formWith([]);
    const tiny = await picture('png', 8, 8, 'tiny.png');
    for (let i = 0; i < 11; i += 1) eleven.append('images[]', tiny);
    const tooMany = await client.post('/api/image-upload', { multipart: eleven });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ images: ['이미지는 한 번에 10장까지 올릴 수 있어요.'] });
  });

  it('answers 401 to a guest and 419 without the request-forgery token', async () => {
    const { client: guestClient, storedFiles } = uploadApp();
    const guest = await guestClient().post('/api/image-upload', { multipart: formWith([['image', await photo()]]) });
    expect(guest.status).toBe(401);

    const { client } = await signedIn();
    const forged = await client.post('/api/image-upload', { multipart: formWith([['image', await photo()]]), csrf: false });
    expect(forged.status).toBe(419);
    expect(storedFiles()).toEqual([]);
  });

  it('limits each member to 60 uploads an hour', async () => {
    const { client } = await signedIn();
    const empty = () => client.post('/api/image-upload', { multipart: formWith([['caption', 'x']]) });
    for (let i = 0; i < 60; i += 1) expect((await empty()).status).toBe(422);
    const limited = await empty();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
