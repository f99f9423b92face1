import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { BUCKET, LONG_CACHE, s3SettingsFor, startS3Server } from '../helpers/s3-server.ts';
import type { S3TestServer } from '../helpers/s3-server.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

async function png(): Promise<File> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 249, g: 115, b: 22 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });
}

/** The whole app with STORAGE_DRIVER=s3's adapter, pointed at a local server speaking S3. */
describe('uploads through S3-compatible storage', () => {
  let s3: S3TestServer;

  beforeEach(async () => {
    s3 = await startS3Server();
  });
  afterEach(() => new Promise<void>((done) => s3.server.close(() => done())));

  async function signedIn() {
    const db = testDb().database.db;
    const app = createTestApp(db, {}, undefined, {}, createS3Storage(s3SettingsFor(s3)));
    const user = await createMember(db);
    const { token } = await createSession(db, { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const client = app.client();
    client.cookies.set('session', token);
    return { user, client };
  }

  it('puts an uploaded image in the bucket, answers its public URL, and serves nothing under /uploads', async () => {
    const { user, client } = await signedIn();
    const form = new FormData();
    form.append('image', await png());
    const res = await client.post('/api/image-upload', { multipart: form });
    expect(res.status).toBe(201);
    const url: string = res.body.data.url;
    expect(url).toMatch(new RegExp(`^${s3.baseUrl}/${BUCKET}/images/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{16}\\.webp$`));
    const stored = s3.objects.get(new URL(url).pathname.slice(1));
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toBe(LONG_CACHE);
    expect((await sharp(stored!.body).metadata()).format).toBe('webp');
    expect((await client.get(`/uploads/${new URL(url).pathname.split(`/${BUCKET}/`)[1]}`)).status).toBe(404);
  });

  it('replaces a profile picture in the bucket and deletes the old object', async () => {
    const { client } = await signedIn();
    const put = async () => {
      const form = new FormData();
      form.append('_method', 'PUT');
      form.append('profile_image', await png());
      const res = await client.post('/api/me', { multipart: form });
      expect(res.status).toBe(200);
      return new URL(res.body.data.profile_image as string).pathname.slice(1);
    };
    const first = await put();
    expect(s3.objects.has(first)).toBe(true);
    const second = await put();
    expect(second).not.toBe(first);
    expect(s3.objects.has(second)).toBe(true);
    expect(s3.objects.has(first)).toBe(false);
  });
});
