import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, frontErrorLogs, inquiries, squarePosts } from '../../src/server/db/schema/index.ts';
import { UNPROCESSABLE_INPUT_MESSAGE } from '../../src/server/http/database-errors.ts';
import { UNSAFE_TEXT_MESSAGE } from '../../src/server/http/text-guard.ts';
import { encodeCursor } from '../../src/server/modules/square/cursor.ts';
import { createCategory, createPost, signedInMember } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

/**
 * Text and numbers that Postgres refuses (NUL, numbers past int4, impossible dates) or silently
 * changes (lone surrogates) are refused at the edge with a 422 on the field, and nothing is stored.
 */
const testDb = useTestDatabase();
const ip = () => `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const rows = async (table: typeof squarePosts | typeof comments | typeof inquiries | typeof frontErrorLogs) =>
  (await testDb().database.db.select({ n: count() }).from(table))[0]!.n;

describe('text the database cannot keep', () => {
  it('NUL or a lone surrogate in a post, comment, inquiry, profile or deletion reason: 422 on the field, nothing stored', async () => {
    const db = testDb().database.db;
    const { client, user } = await signedInMember(db);
    const category = await createCategory(db);
    const post = await createPost(db, user, category);
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/square-posts', { square_post_category_id: category.id, title: '제목', content: '<p>a\u0000b</p>' }, 'content'],
      ['POST', '/api/square-posts', { square_post_category_id: category.id, title: 'x\ud800', content: '<p>본문</p>' }, 'title'],
      ['POST', '/api/comments', { model_type: 'square_post', model_id: post.id, content: '좋아요\u0000' }, 'content'],
      ['POST', '/api/inquiries', { inquiry_category_id: 1, title: '문의', content: '내용\u0000' }, 'content'],
      ['PUT', '/api/me', { introduction: '안녕\u0000' }, 'introduction'],
      ['DELETE', '/api/me', { reason: '\u0000', password: 'whatever' }, 'reason'],
    ];
    const before = [await rows(squarePosts), await rows(comments), await rows(inquiries)];
    for (const [method, path, json, field] of cases) {
      const res = await client.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.errors[field]).toEqual([UNSAFE_TEXT_MESSAGE]);
    }
    expect([await rows(squarePosts), await rows(comments), await rows(inquiries)]).toEqual(before);
    // The member is still there: the deletion was refused, not half done.
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('NUL in urlencoded and multipart fields, and in an uploaded file name: 422', async () => {
    const db = testDb().database.db;
    const { client } = await signedInMember(db);
    const form = await client.post('/api/inquiries', { form: { inquiry_category_id: '1', title: '문\u0000의', content: '내용' } });
    expect(form.status).toBe(422);
    expect(form.body.errors.title).toEqual([UNSAFE_TEXT_MESSAGE]);
    const multipart = new FormData();
    multipart.append('inquiry_category_id', '1');
    multipart.append('title', '문의');
    multipart.append('content', '내용');
    multipart.append('files[]', new File([new Uint8Array([1, 2, 3])], 'a\u0000.png', { type: 'image/png' }));
    const upload = await client.post('/api/inquiries', { multipart });
    expect(upload.status).toBe(422);
    expect(upload.body.errors.files).toEqual([UNSAFE_TEXT_MESSAGE]);
  });

  it('an error report with NUL deep in its context, or in its message: 422, nothing stored', async () => {
    const client = createTestApp(testDb().database.db).client({ ip: ip() });
    const before = await rows(frontErrorLogs);
    const deep = await client.post('/api/front-error-logs', { json: { message: 'oops', context: { a: [{ b: 'x\u0000' }] } } });
    expect(deep.status).toBe(422);
    expect(deep.body.errors.context).toEqual([UNSAFE_TEXT_MESSAGE]);
    const key = await client.post('/api/front-error-logs', { json: { message: 'oops', context: { 'k\u0000': 1 } } });
    expect(key.status).toBe(422);
    const message = await client.post('/api/front-error-logs', { json: { message: '\u0000' } });
    expect(message.status).toBe(422);
    expect(await rows(frontErrorLogs)).toBe(before);
  });

  it('NUL in a query value: 422 on that parameter; in a path: 404', async () => {
    const client = createTestApp(testDb().database.db).client();
    const query = await client.get('/api/square-posts?category=free%00');
    expect(query.status).toBe(422);
    expect(query.body.errors.category).toEqual([UNSAFE_TEXT_MESSAGE]);
    for (const path of ['/api/pages/about%00', '/api/envs/%00', '/api/square-posts/1%00']) {
      expect((await client.get(path)).status, path).toBe(404);
    }
  });
});

describe('ids and cursors that cannot name a row', () => {
  it('1.5, 1e20 and 2147483648 as ids in JSON, text or a query: 422 on the field', async () => {
    const db = testDb().database.db;
    const { client } = await signedInMember(db);
    for (const id of [1.5, 1e20, 2147483648, '2147483648', '1e20', -1, 0]) {
      const comment = await client.post('/api/comments', { json: { model_type: 'square_post', model_id: id, content: '안녕하세요' } });
      expect(comment.status, String(id)).toBe(422);
      expect(Object.keys(comment.body.errors)).toEqual(['model_id']);
      const unlock = await client.post('/api/square-posts/check-password', { json: { square_post_id: id, password: '1234' } });
      expect(unlock.status, String(id)).toBe(422);
      const users = await client.get(`/api/reactions/users?model_type=square_post&model_id=${String(id)}`);
      expect(users.status, String(id)).toBe(422);
    }
  });

  it('a cursor holding an impossible date or an id past int4: 422 on cursor', async () => {
    const client = createTestApp(testDb().database.db).client();
    const cursors = [
      encodeCursor({ at: '2026-13-45T25:61:61.000000Z', id: 1 }),
      encodeCursor({ at: '2026-02-30T00:00:00.000000Z', id: 1 }),
      encodeCursor({ at: '0000-01-01T00:00:00.000000Z', id: 1 }),
      encodeCursor({ at: '2026-11-20T03:00:00.000000Z', id: 2147483648 }),
      encodeCursor({ at: '2026-11-20T03:00:00.000000Z', id: 1.5 }),
      Buffer.from('["2026-11-20T03:00:00.000000Z","1"]').toString('base64url'),
    ];
    for (const cursor of cursors) {
      const res = await client.get(`/api/square-posts?cursor=${cursor}`);
      expect(res.status, cursor).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['cursor']);
    }
    expect((await client.get(`/api/square-posts?cursor=${encodeCursor({ at: '2026-11-20T03:00:00.000000Z', id: 5 })}`)).status).toBe(200);
  });
});

describe('a value the database still refuses', () => {
  it('answers 422, not 500, and is logged as a check missing from the edge', async () => {
    const db = testDb().database.db;
    const { client, logs } = createTestApp(db, {}, (app) => {
      app.get('/api/test/cast', async (c) => c.json({ data: await db.execute(sql`select ${c.req.query('n') ?? ''}::int as n`) }));
    });
    const res = await client().get('/api/test/cast?n=12abc');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: UNPROCESSABLE_INPUT_MESSAGE, errors: { body: [UNPROCESSABLE_INPUT_MESSAGE] } });
    expect(logs.some((line) => line.msg === 'the database refused a value that validation let through' && line['reqId'])).toBe(true);
    const range = await client().get('/api/test/cast?n=99999999999');
    expect(range.status).toBe(422);
  });
});
