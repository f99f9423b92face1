import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import { inquiries, inquiryAttachments, inquiryCategories, users } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const FILE_TYPE = '이미지(JPG, PNG, WEBP, GIF) 또는 PDF 파일만 첨부할 수 있어요.';
const ANSWERED = '답변이 등록된 문의는 수정하거나 삭제할 수 없어요.';
const NOT_FOUND = '문의를 찾을 수 없어요.';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let categoryIds: number[] = [];

beforeAll(async () => {
  // The demo data brings the categories, and member1's two inquiries to check the seed by.
  await seedDemoData(db(), { production: false });
  const rows = await db().select({ id: inquiryCategories.id }).from(inquiryCategories).orderBy(inquiryCategories.sortOrder);
  categoryIds = rows.map((row) => row.id);
});

/** The app with a body limit that lets 10 MB files through, its upload folder, and a member signed in. */
async function signedIn() {
  const app = createTestApp(db(), { bodyLimitBytes: 32 * 1024 * 1024 });
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  const storage = createLocalStorage(app.uploadsDir);
  const storedFiles = () =>
    readdirSync(app.uploadsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  return { app, user, client, storage, storedFiles };
}

/** A camera photo in miniature: a JPEG lying on its side (EXIF orientation 6) with camera details. */
async function photo(name = 'IMG_0001.JPG', width = 600, height = 400): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 249, g: 115, b: 22 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: '위치 정보 포함', Artist: 'camera' } } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

const pdf = (name = '주문내역.pdf') => new File([PDF_BYTES], name, { type: 'application/pdf' });

function inquiryForm(fields: Record<string, string | number>, files: File[] = [], keep: number[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const id of keep) form.append('keep_attachment_ids[]', String(id));
  for (const file of files) form.append('files[]', file);
  return form;
}

const draft = (overrides: Record<string, string | number> = {}) => ({
  inquiry_category_id: categoryIds[0]!,
  title: '리추얼 인증 사진이 올라가지 않아요',
  content: '오늘 아침 인증 사진을 올리려는데 계속 실패해요.\n확인 부탁드려요.',
  ...overrides,
});

interface AttachmentWithKey {
  id: number;
  url: string;
  original_name: string;
  size: number;
  /** Where the file sits in storage: the answer only gives the owner's download path. */
  key: string;
}

/** The inquiry as answered, each attachment with its storage key read from the database. */
async function withKeys<T extends { attachments: Array<{ id: number }> }>(data: T): Promise<T & { attachments: AttachmentWithKey[] }> {
  const rows = await db().select({ id: inquiryAttachments.id, url: inquiryAttachments.url }).from(inquiryAttachments);
  const keys = new Map(rows.map((row) => [row.id, row.url.slice('/uploads/'.length)]));
  return { ...data, attachments: data.attachments.map((file) => ({ ...file, key: keys.get(file.id)! })) } as T & {
    attachments: AttachmentWithKey[];
  };
}

async function createVia(client: Awaited<ReturnType<typeof signedIn>>['client'], files: File[] = [], fields = {}) {
  const res = await client.post('/api/inquiries', { multipart: inquiryForm(draft(fields), files) });
  expect(res.status, res.text).toBe(201);
  return withKeys(res.body.data as { id: number; attachments: Array<{ id: number }> });
}

describe('inquiries: who may call', () => {
  it('answers 401 to a guest on every inquiry call', async () => {
    const guest = createTestApp(db()).client();
    const calls = [
      guest.get('/api/inquiry-categories'),
      guest.get('/api/inquiries'),
      guest.get('/api/inquiries/1'),
      guest.post('/api/inquiries', { multipart: inquiryForm(draft()) }),
      guest.post('/api/inquiries/1', { multipart: inquiryForm({ ...draft(), _method: 'PUT' }) }),
      guest.post('/api/inquiries/1', { json: { _method: 'DELETE' } }),
      guest.request('DELETE', '/api/inquiries/1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it("answers 404 for another member's inquiry on read, edit and delete, and leaves it alone", async () => {
    const owner = await signedIn();
    const created = await createVia(owner.client, [pdf()]);
    const stranger = await signedIn();
    const path = `/api/inquiries/${created.id}`;

    const read = await stranger.client.get(path);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: NOT_FOUND });
    const edit = await stranger.client.post(path, { multipart: inquiryForm({ ...draft({ title: '가로채기' }), _method: 'PUT' }) });
    expect(edit.status).toBe(404);
    const remove = await stranger.client.post(path, { json: { _method: 'DELETE' } });
    expect(remove.status).toBe(404);
    expect((await stranger.client.get('/api/inquiries')).body.data).toEqual([]);

    const still = await owner.client.get(path);
    expect(still.body.data).toMatchObject({ title: draft().title, attachments: [{ original_name: '주문내역.pdf' }] });
    expect(await owner.storage.read(created.attachments[0]!.key)).not.toBeNull();
  });

  it('answers 404 for an id that is not one, or that does not exist', async () => {
    const { client } = await signedIn();
    for (const path of ['/api/inquiries/abc', '/api/inquiries/0', '/api/inquiries/99999999999', '/api/inquiries/2147483647']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: NOT_FOUND });
    }
  });
});

describe('GET /api/inquiries/{id}/attachments/{attachmentId}', () => {
  it('hands the owner a picture inline and a PDF as a download, under its Korean name', async () => {
    const { client } = await signedIn();
    const created = await createVia(client, [await photo('영수증 사진.jpg'), pdf()]);
    const [image, document] = created.attachments;

    const picture = await client.get(image!.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('content-disposition')).toBe(
      `inline; filename="___ __.jpg"; filename*=UTF-8''${encodeURIComponent('영수증 사진.jpg')}`,
    );
    expect(picture.headers.get('cache-control')).toBe('private, max-age=600');
    expect((await sharp(picture.bytes).metadata()).format).toBe('webp');

    const download = await client.get(document!.url);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.bytes).toEqual(PDF_BYTES);
  });

  it('gives nothing to another member, a guest, a wrong pairing, or a guess under /uploads', async () => {
    const owner = await signedIn();
    const created = await createVia(owner.client, [pdf()]);
    const other = await createVia(owner.client, [pdf()]);
    const file = created.attachments[0]!;

    const stranger = await signedIn();
    const stolen = await stranger.client.get(file.url);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: '첨부파일을 찾을 수 없어요.' });
    expect((await stranger.app.client().get(file.url)).status).toBe(401);
    expect((await owner.client.get(`/api/inquiries/${other.id}/attachments/${file.id}`)).status).toBe(404);
    expect((await owner.client.get(`/uploads/${file.key}`)).status).toBe(404);
  });
});

describe('GET /api/inquiry-categories', () => {
  it('lists the categories in their order', async () => {
    const { client } = await signedIn();
    const res = await client.get('/api/inquiry-categories');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual([
      '리추얼 참여',
      '결제·환불',
      '주문·배송',
      '계정·로그인',
      '오류 신고',
      '기타',
    ]);
    expect(res.body.data[0]).toEqual({ id: categoryIds[0], name: '리추얼 참여' });
  });
});

describe('POST /api/inquiries', () => {
  it('stores the text, an image re-encoded as WebP without metadata, and a PDF as sent', async () => {
    const { user, client, storage } = await signedIn();
    const res = await client.post('/api/inquiries', {
      multipart: inquiryForm(draft({ inquiry_category_id: categoryIds[4]!, content: '첫 줄\r\n둘째 줄' }), [await photo(), pdf()]),
    });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({
      category: { id: categoryIds[4], name: '오류 신고' },
      title: draft().title,
      content: '첫 줄\n둘째 줄',
      answer: null,
      answered_at: null,
      status: 'waiting',
    });
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(Object.keys(data).sort()).toEqual(
      ['answer', 'answered_at', 'attachments', 'category', 'content', 'created_at', 'id', 'status', 'title', 'updated_at'].sort(),
    );

    const [image, document] = (await withKeys(data)).attachments;
    expect(image).toMatchObject({ original_name: 'IMG_0001.JPG', mime_type: 'image/webp', url: `/api/inquiries/${data.id}/attachments/${image!.id}` });
    // Kept where nothing serves it publicly; only the owner's download path reaches it.
    expect(image!.key).toMatch(new RegExp(`^private/inquiries/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{32}\\.webp$`));
    const stored = (await storage.read(image!.key))!;
    expect(stored.byteLength).toBe(image!.size);
    const meta = await sharp(stored).metadata();
    // Turned upright by its orientation, and every metadata block left behind.
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 600]);
    expect(meta.exif).toBeUndefined();

    expect(document).toMatchObject({ original_name: '주문내역.pdf', mime_type: 'application/pdf', size: PDF_BYTES.byteLength });
    expect(document!.key).toMatch(/^private\/inquiries\/\d{4}\/\d{2}\/\d+-[0-9a-f]{32}\.pdf$/);
    expect(new Uint8Array((await storage.read(document!.key))!)).toEqual(PDF_BYTES);

    const shown = await client.get(`/api/inquiries/${data.id}`);
    expect(shown.body).toEqual({ data });
  });

  it('takes a JSON body without files too', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/inquiries', { json: { ...draft(), inquiry_category_id: categoryIds[1] } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ category: { name: '결제·환불' }, attachments: [] });
  });

  it('refuses a text file named .png, storing nothing and writing nothing', async () => {
    const { user, client, storedFiles } = await signedIn();
    const fake = new File(['<?php echo 1; ?>'], 'screenshot.png', { type: 'image/png' });
    const res = await client.post('/api/inquiries', { multipart: inquiryForm(draft(), [await photo(), fake]) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ files: [`‘screenshot.png’ 파일은 첨부할 수 없어요. ${FILE_TYPE}`] });
    expect(storedFiles()).toEqual([]);
    expect(await db().select().from(inquiries).where(eq(inquiries.userId, user.id))).toEqual([]);
  });

  it('refuses a text field in place of a file, six files, and a file over 10 MB', async () => {
    const { client, storedFiles } = await signedIn();
    const textInPlace = inquiryForm(draft());
    textInPlace.append('files[]', 'https://elsewhere.example/file.pdf');
    const asText = await client.post('/api/inquiries', { multipart: textInPlace });
    expect(asText.status).toBe(422);
    expect(asText.body.errors).toEqual({ files: [FILE_TYPE] });

    const six = await client.post('/api/inquiries', { multipart: inquiryForm(draft(), Array.from({ length: 6 }, () => pdf())) });
    expect(six.status).toBe(422);
    expect(six.body.errors).toEqual({ files: ['첨부파일은 5개까지 올릴 수 있어요.'] });

    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    const huge = await client.post('/api/inquiries', { multipart: inquiryForm(draft(), [new File([big], 'big.pdf')]) });
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual({ files: ['첨부파일은 한 개에 10MB 이하로 올려 주세요.'] });
    expect(storedFiles()).toEqual([]);
  });

  it('checks the category, the title and the content', async () => {
    const { client } = await signedIn();
    const send = (fields: Record<string, string | number>) => client.post('/api/inquiries', { multipart: inquiryForm(fields) });

    const unknown = await send(draft({ inquiry_category_id: 999999 }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ inquiry_category_id: ['선택한 문의 유형을 찾을 수 없어요. 다시 선택해 주세요.'] });

    const empty = await send({ inquiry_category_id: '', title: '   ', content: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      inquiry_category_id: ['문의 유형을 선택해 주세요.'],
      title: ['제목을 입력해 주세요.'],
      content: ['문의 내용을 입력해 주세요.'],
    });
    expect(empty.body.message).toBe('문의 유형을 선택해 주세요. (외 2건)');

    const long = await send(draft({ title: '가'.repeat(101), content: '나'.repeat(3001) }));
    expect(long.body.errors).toEqual({
      title: ['제목은 100자 이하로 입력해 주세요.'],
      content: ['문의 내용은 3,000자 이하로 입력해 주세요.'],
    });

    // At the limits, with the browser's CRLF line breaks counted as the one character they were typed as.
    const full = await send(draft({ title: '가'.repeat(100), content: `${'나'.repeat(1499)}\r\n${'다'.repeat(1500)}` }));
    expect(full.status).toBe(201);
    expect(full.body.data.content).toHaveLength(3000);
  });

  it('limits each member to 10 new inquiries an hour', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 10; i += 1) await createVia(client, [], { title: `문의 ${i}` });
    const limited = await client.post('/api/inquiries', { multipart: inquiryForm(draft()) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not held back by it.
    const other = await signedIn();
    await createVia(other.client);
  });
});

describe('GET /api/inquiries', () => {
  it("lists only the member's own inquiries, newest first, page by page", async () => {
    const { user, client } = await signedIn();
    const other = await signedIn();
    await createVia(other.client, [], { title: '남의 문의' });
    const base = Date.now() - 10 * 60_000;
    for (let i = 1; i <= 5; i += 1) {
      await db()
        .insert(inquiries)
        .values({ userId: user.id, inquiryCategoryId: categoryIds[0]!, title: `문의 ${i}`, content: '내용', createdAt: new Date(base + i * 1000) });
    }

    const first = await client.get('/api/inquiries?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(first.body.data.map((i: { title: string }) => i.title)).toEqual(['문의 5', '문의 4']);

    const last = await client.get('/api/inquiries?per_page=2&page=3');
    expect(last.body.data.map((i: { title: string }) => i.title)).toEqual(['문의 1']);
    expect(last.body.meta).toEqual({ current_page: 3, last_page: 3, per_page: 2, total: 5 });

    const beyond = await client.get('/api/inquiries?per_page=2&page=4');
    expect(beyond.body).toEqual({ data: [], meta: { current_page: 4, last_page: 3, per_page: 2, total: 5 } });

    const defaults = await client.get('/api/inquiries');
    expect(defaults.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 5 });
  });

  it('answers an empty first page for a member with no inquiries, and 422 for a bad page', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/inquiries')).body).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
    });
    const bad = await client.get('/api/inquiries?page=0&per_page=500');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['page', 'per_page']);
  });

  it('shows the seeded answer to member1, sanitised, with its time', async () => {
    const [member1] = await db().select().from(users).where(eq(users.email, 'member1@example.com'));
    const { token } = await createSession(db(), { userId: member1!.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const client = createTestApp(db()).client();
    client.cookies.set('session', token);
    const res = await client.get('/api/inquiries');
    expect(res.body.data.map((i: { status: string }) => i.status)).toEqual(['waiting', 'answered']);
    const answered = res.body.data[1];
    expect(answered.answer).toContain('<p>안녕하세요, 아침햇살님.');
    expect(answered.answered_at).not.toBeNull();
  });
});

describe('PUT /api/inquiries/{id}', () => {
  it('keeps the attachments listed, adds new ones, and deletes the others from storage', async () => {
    const { client, storage } = await signedIn();
    const created = await createVia(client, [await photo('first.jpg'), pdf('a.pdf'), await photo('third.jpg')]);
    const [first, second, third] = created.attachments;

    const res = await client.post(`/api/inquiries/${created.id}`, {
      multipart: inquiryForm(
        { ...draft({ inquiry_category_id: categoryIds[2]!, title: '제목을 고쳤어요', content: '내용도 고쳤어요' }), _method: 'PUT' },
        [pdf('new.pdf')],
        [third!.id, first!.id],
      ),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ title: '제목을 고쳤어요', content: '내용도 고쳤어요', category: { name: '주문·배송' } });
    expect(res.body.data.attachments.map((a: { original_name: string }) => a.original_name)).toEqual(['first.jpg', 'third.jpg', 'new.pdf']);

    expect(await storage.read(second!.key)).toBeNull();
    expect(await storage.read(first!.key)).not.toBeNull();
    const updated = await withKeys(res.body.data as { attachments: Array<{ id: number }> });
    expect(new Uint8Array((await storage.read(updated.attachments[2]!.key))!)).toEqual(PDF_BYTES);

    // Without keep_attachment_ids every attachment goes: PUT sends the whole inquiry.
    const cleared = await client.post(`/api/inquiries/${created.id}`, { json: { ...draft(), _method: 'PUT' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.attachments).toEqual([]);
    for (const file of updated.attachments) expect(await storage.read(file.key)).toBeNull();
  });

  it("refuses to keep another inquiry's attachment, and more than five files in all", async () => {
    const { client, storedFiles } = await signedIn();
    const mine = await createVia(client, [pdf(), pdf(), pdf()]);
    const theirs = await createVia((await signedIn()).client, [pdf()]);
    const before = storedFiles().length;

    const foreign = await client.post(`/api/inquiries/${mine.id}`, {
      multipart: inquiryForm({ ...draft(), _method: 'PUT' }, [], [mine.attachments[0]!.id, theirs.attachments[0]!.id]),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ keep_attachment_ids: ['남겨 둘 첨부파일을 찾을 수 없어요. 새로고침한 뒤 다시 시도해 주세요.'] });

    const keepAll = mine.attachments.map((a: { id: number }) => a.id);
    const tooMany = await client.post(`/api/inquiries/${mine.id}`, {
      multipart: inquiryForm({ ...draft(), _method: 'PUT' }, [pdf(), pdf(), pdf()], keepAll),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ files: ['첨부파일은 5개까지 올릴 수 있어요.'] });
    expect(storedFiles()).toHaveLength(before);
    expect((await client.get(`/api/inquiries/${mine.id}`)).body.data.attachments).toHaveLength(3);
  });

  it('answers 403 once the inquiry is answered, on edit and on delete', async () => {
    const { client, storage } = await signedIn();
    const created = await createVia(client, [pdf()]);
    await db().update(inquiries).set({ answer: '<p>확인했어요.</p>', answeredAt: new Date() }).where(eq(inquiries.id, created.id));

    const edit = await client.post(`/api/inquiries/${created.id}`, { multipart: inquiryForm({ ...draft({ title: '늦은 수정' }), _method: 'PUT' }) });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ message: ANSWERED });
    const remove = await client.request('DELETE', `/api/inquiries/${created.id}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ message: ANSWERED });

    const shown = await client.get(`/api/inquiries/${created.id}`);
    expect(shown.body.data).toMatchObject({ title: draft().title, status: 'answered', answer: '<p>확인했어요.</p>' });
    expect(await storage.read(created.attachments[0]!.key)).not.toBeNull();
  });
});

describe('DELETE /api/inquiries/{id}', () => {
  it('deletes the inquiry, its attachment rows and files (POST with _method and a real DELETE)', async () => {
    const { client, storage, storedFiles } = await signedIn();
    const first = await createVia(client, [await photo(), pdf()]);
    const second = await createVia(client, [pdf()]);
    expect(storedFiles()).toHaveLength(3);

    const viaPost = await client.post(`/api/inquiries/${first.id}`, { multipart: inquiryForm({ _method: 'DELETE' }) });
    expect(viaPost.status).toBe(204);
    expect(viaPost.text).toBe('');
    for (const file of first.attachments) expect(await storage.read(file.key)).toBeNull();
    expect(await db().select().from(inquiryAttachments).where(eq(inquiryAttachments.inquiryId, first.id))).toEqual([]);
    expect((await client.get(`/api/inquiries/${first.id}`)).status).toBe(404);

    expect((await client.request('DELETE', `/api/inquiries/${second.id}`)).status).toBe(204);
    expect(storedFiles()).toEqual([]);
    expect((await client.request('DELETE', `/api/inquiries/${second.id}`)).status).toBe(404);
  });
});
