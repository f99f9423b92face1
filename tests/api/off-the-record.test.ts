import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, offTheRecords, saves } from '../../src/server/db/schema/index.ts';
import type { OffTheRecord, OffTheRecordCategory } from '../../src/server/db/schema/index.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { indexesOf, planOf, sorts } from '../helpers/query-plans.ts';
import { createRecord, createRecordCategory } from '../helpers/record-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const HOUR = 3_600_000;
let interviews: OffTheRecordCategory;
let notes: OffTheRecordCategory;
let retired: OffTheRecordCategory;
let published: OffTheRecord[];
let draft: OffTheRecord;
let scheduled: OffTheRecord;

beforeAll(async () => {
  interviews = await createRecordCategory(db(), { name: '멤버 인터뷰', sortOrder: 1 });
  notes = await createRecordCategory(db(), { name: '리추얼 기록', sortOrder: 2 });
  retired = await createRecordCategory(db(), { name: '지난 연재', sortOrder: 3, isActive: false });
  published = [];
  // 15 readable records, newest first by index: 5 interviews, then records and reviews.
  for (let index = 0; index < 15; index += 1) {
    const kind = index < 5 ? 'interview' : index % 2 === 0 ? 'record' : 'review';
    published.push(
      await createRecord(db(), kind === 'interview' ? interviews : notes, {
        kind,
        title: `이야기 ${index + 1}`,
        publishedAt: new Date(Date.now() - (index + 1) * HOUR),
      }),
    );
  }
  draft = await createRecord(db(), interviews, { title: '쓰는 중', publishedAt: null });
  scheduled = await createRecord(db(), interviews, { title: '다음 주에', publishedAt: new Date(Date.now() + 24 * HOUR) });
});

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((item) => item.title);

describe('GET /api/off-the-record-categories', () => {
  it('lists the active categories in their order, for guests', async () => {
    const res = await guestClient(db()).get('/api/off-the-record-categories');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: interviews.id, name: '멤버 인터뷰' },
      { id: notes.id, name: '리추얼 기록' },
    ]);
  });
});

describe('GET /api/off-the-records', () => {
  it('pages the readable records newest first, without drafts or scheduled ones', async () => {
    const guest = guestClient(db());
    const first = await guest.get('/api/off-the-records?per_page=10');
    expect(first.status).toBe(200);
    expect(titles(first.body)).toEqual(published.slice(0, 10).map((record) => record.title));
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 15 });
    const second = await guest.get('/api/off-the-records?per_page=10&page=2');
    expect(titles(second.body)).toEqual(published.slice(10).map((record) => record.title));
    expect(titles(second.body)).not.toContain(draft.title);
    expect(titles(second.body)).not.toContain(scheduled.title);
    expect(second.body.data[0]).toMatchObject({
      id: published[10]!.id,
      kind: published[10]!.kind,
      category: { id: notes.id, name: '리추얼 기록' },
      summary: '함께한 한 달을 돌아봤어요.',
      cover_image_url: '/images/off-the-record/journal.webp',
      cover_image_alt: '펼친 노트 그림',
      author_name: '리추얼 에디터',
      comments_count: 0,
      reactions_count: 0,
    });
    expect(second.body.data[0].published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const beyond = await guest.get('/api/off-the-records?per_page=10&page=3');
    expect(beyond.body.data).toEqual([]);
  });

  it('filters by category', async () => {
    const res = await guestClient(db()).get(`/api/off-the-records?category_id=${interviews.id}`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(published.slice(0, 5).map((record) => record.title));
    expect(res.body.meta.total).toBe(5);
  });

  it('answers 422 in Korean for a bad category or page', async () => {
    const guest = guestClient(db());
    for (const value of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await guest.get(`/api/off-the-records?category_id=${value}`);
      expect(res.status, value).toBe(422);
      expect(res.body.errors.category_id[0]).toBe('카테고리를 다시 선택해 주세요.');
    }
    for (const id of [retired.id, 999_999]) {
      const res = await guest.get(`/api/off-the-records?category_id=${id}`);
      expect(res.status).toBe(422);
      expect(res.body.errors.category_id[0]).toBe('없는 카테고리예요. 목록에서 다시 선택해 주세요.');
    }
    for (const value of ['0', 'two', '1.5', '100001']) {
      const res = await guest.get(`/api/off-the-records?page=${value}`);
      expect(res.status, value).toBe(422);
      expect(res.body.errors.page[0]).toMatch(/^page는 1부터/);
    }
  });

  it('lists one kind at /api/off-the-record-reviews and /api/off-the-record-interviews', async () => {
    const guest = guestClient(db());
    const reviews = await guest.get('/api/off-the-record-reviews');
    expect(reviews.status).toBe(200);
    expect(titles(reviews.body)).toEqual(published.filter((record) => record.kind === 'review').map((record) => record.title));
    const interviewList = await guest.get('/api/off-the-record-interviews?per_page=2&page=2');
    expect(titles(interviewList.body)).toEqual(published.slice(2, 4).map((record) => record.title));
    expect(interviewList.body.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect((await guest.get('/api/off-the-record-reviews?page=0')).status).toBe(422);
  });
});

describe('GET /api/off-the-records/{id}', () => {
  it('answers a readable record with its content for a guest', async () => {
    const res = await guestClient(db()).get(`/api/off-the-records/${published[0]!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: published[0]!.id,
      title: published[0]!.title,
      content_html: '<p>매일 조금씩 이어 갔어요.</p>',
      reaction_counts: { like: 0, cheer: 0, empathy: 0, awesome: 0, thanks: 0 },
      my_reactions: [],
      is_saved: false,
      comments: [],
    });
  });

  it('is 404 for a draft, a scheduled record and an unknown id', async () => {
    const guest = guestClient(db());
    for (const id of [draft.id, scheduled.id, 999_999, 'abc']) {
      const res = await guest.get(`/api/off-the-records/${id}`);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('오프더레코드 글을 찾을 수 없어요.');
    }
  });
});

describe('comments, reactions and saves on a record (model_type off_the_record)', () => {
  it('lets a member comment, react and save, keeping the counts', async () => {
    const record = await createRecord(db(), notes, { title: '반응 받을 기록' });
    const member = await signedInMember(db());
    const comment = await member.client.post('/api/comments', {
      json: { model_type: 'off_the_record', model_id: record.id, content: '저도 같은 마음이었어요.' },
    });
    expect(comment.status).toBe(201);
    const reaction = await member.client.post('/api/reactions', {
      json: { model_type: 'off_the_record', model_id: record.id, reaction_type: 'empathy' },
    });
    expect(reaction.status).toBe(200);
    expect(reaction.body.data).toMatchObject({ reacted: true, reactions_count: 1 });
    const save = await member.client.post(`/api/off-the-records/${record.id}/toggle-save`);
    expect(save.status).toBe(200);
    expect(save.body.data).toEqual({ saved: true });
    const saved = await member.client.get('/api/off-the-records/saved');
    expect(saved.status).toBe(200);
    expect(titles(saved.body)).toEqual(['반응 받을 기록']);
    expect(saved.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 1 });

    const [row] = await db().select().from(offTheRecords).where(eq(offTheRecords.id, record.id));
    expect(row).toMatchObject({ commentsCount: 1, reactionsCount: 1 });
    // Comments and reactions are not edits of the record.
    expect(row!.updatedAt.getTime()).toBe(record.updatedAt.getTime());

    const detail = await member.client.get(`/api/off-the-records/${record.id}`);
    expect(detail.body.data).toMatchObject({
      comments_count: 1,
      reactions_count: 1,
      reaction_counts: { empathy: 1 },
      my_reactions: ['empathy'],
      is_saved: true,
    });
    expect(detail.body.data.comments.map((item: { content: string }) => item.content)).toEqual(['저도 같은 마음이었어요.']);
    // A guest reads the comments (with the record) and who reacted.
    const guestView = await guestClient(db()).get(`/api/off-the-records/${record.id}`);
    expect(guestView.body.data.comments).toHaveLength(1);
    const reactors = await guestClient(db()).get(`/api/reactions/users?model_type=off_the_record&model_id=${record.id}`);
    expect(reactors.status).toBe(200);
    expect(reactors.body.data.map((user: { id: number }) => user.id)).toEqual([member.user.id]);

    expect((await member.client.request('DELETE', `/api/comments/${comment.body.data.id}`)).status).toBe(204);
    const unsave = await member.client.post(`/api/off-the-records/${record.id}/toggle-save`);
    expect(unsave.body.data).toEqual({ saved: false });
    expect((await member.client.get('/api/off-the-records/saved')).body.data).toEqual([]);
    const [after] = await db().select().from(offTheRecords).where(eq(offTheRecords.id, record.id));
    expect(after!.commentsCount).toBe(0);
    const kept = await db().select().from(saves).where(and(eq(saves.modelType, 'off_the_record'), eq(saves.modelId, record.id)));
    expect(kept).toEqual([]);
  });

  it("tells a member whose comment is answered, with a link to the record, and nobody of comments or reactions on it", async () => {
    const record = await createRecord(db(), notes, { title: '답글이 달릴 기록' });
    const first = await signedInMember(db());
    const second = await signedInMember(db());
    const comment = await first.client.post('/api/comments', {
      json: { model_type: 'off_the_record', model_id: record.id, content: '오늘도 한 걸음.' },
    });
    await second.client.post('/api/reactions', { json: { model_type: 'off_the_record', model_id: record.id, reaction_type: 'cheer' } });
    const reply = await second.client.post('/api/comments', {
      json: { model_type: 'off_the_record', model_id: record.id, content: '응원해요!', parent_id: comment.body.data.id },
    });
    expect(reply.status).toBe(201);

    const told = await db().select().from(notifications).where(eq(notifications.sourceId, reply.body.data.id));
    expect(told.map((row) => [row.userId, row.type])).toEqual([[first.user.id, 'reply_to_comment']]);
    expect(told[0]!.data).toMatchObject({ title: '답글이 달릴 기록', link: `/explorer/off-the-record/${record.id}`, target: 'comment', id: record.id });
    const listed = await first.client.get('/api/notifications');
    expect(listed.body.data[0].data.link).toBe(`/explorer/off-the-record/${record.id}`);
    // Nothing else: the comment and the reaction told nobody, and nobody hears of their own.
    expect(await db().select({ id: notifications.id }).from(notifications)).toHaveLength(1);
  });

  it('asks a guest to sign in for every write', async () => {
    const guest = guestClient(db());
    const id = published[0]!.id;
    expect((await guest.post('/api/comments', { json: { model_type: 'off_the_record', model_id: id, content: '안녕하세요' } })).status).toBe(401);
    expect((await guest.post('/api/reactions', { json: { model_type: 'off_the_record', model_id: id, reaction_type: 'like' } })).status).toBe(401);
    expect((await guest.post(`/api/off-the-records/${id}/toggle-save`)).status).toBe(401);
    expect((await guest.get('/api/off-the-records/saved')).status).toBe(401);
  });

  it('is 404 on a draft or a scheduled record, and nothing is stored', async () => {
    const member = await signedInMember(db());
    for (const record of [draft, scheduled]) {
      const comment = await member.client.post('/api/comments', { json: { model_type: 'off_the_record', model_id: record.id, content: '먼저 봤어요' } });
      expect(comment.status).toBe(404);
      const reaction = await member.client.post('/api/reactions', { json: { model_type: 'off_the_record', model_id: record.id, reaction_type: 'like' } });
      expect(reaction.status).toBe(404);
      expect((await member.client.post(`/api/off-the-records/${record.id}/toggle-save`)).status).toBe(404);
      expect((await guestClient(db()).get(`/api/reactions/users?model_type=off_the_record&model_id=${record.id}`)).status).toBe(404);
      const [row] = await db().select().from(offTheRecords).where(eq(offTheRecords.id, record.id));
      expect(row).toMatchObject({ commentsCount: 0, reactionsCount: 0 });
    }
    const saved = await db().select().from(saves).where(eq(saves.userId, member.user.id));
    expect(saved).toEqual([]);
  });
});

describe('the lists read their partial indexes in order', () => {
  const cases = [
    ['every record', () => '/api/off-the-records?page=2&per_page=5', 'off_the_records_list_idx'],
    ['a category', () => `/api/off-the-records?category_id=${interviews.id}`, 'off_the_records_category_idx'],
    ['a kind', () => '/api/off-the-record-reviews', 'off_the_records_kind_idx'],
  ] as const;
  for (const [name, path, index] of cases) {
    it(`pages ${name} along ${index}, without sorting`, async () => {
      const counter = countQueries(db(), testDb().kind);
      const client = createTestApp(counter.db).client();
      const statements = await counter.during(async () => expect((await client.get(path())).status).toBe(200));
      const [list] = statements.filter((statement) => /from "off_the_records"/.test(statement.sql) && / limit /i.test(statement.sql));
      expect(list).toBeDefined();
      const plan = await planOf(db(), list!, ['enable_seqscan = off', 'enable_sort = off']);
      expect(sorts(plan), list!.sql).toBe(false);
      expect(indexesOf(plan), list!.sql).toContain(index);
    });
  }
});
