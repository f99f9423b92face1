import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, squarePostCategories } from '../../src/server/db/schema/index.ts';
import { REDACTED } from '../../src/server/modules/admin/audit.ts';
import { createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeEach(async () => {
  await db().delete(auditLogs);
});

const slug = () => `club-${Math.random().toString(36).slice(2, 8)}`;

async function postsStatus(client: TestClient, categorySlug: string): Promise<number> {
  return (await client.get(`/api/square-posts?category=${categorySlug}`)).status;
}

describe('square categories in the console', () => {
  it('creates a protected category whose password is never answered nor logged, and members unlock it with that password', async () => {
    const { client } = await signedInStaff(db());
    const body = { name: '12월 모임방', slug: slug(), write_scope: 'session_member', allows_anonymous: true, password: '겨울숲2026', sort_order: 5 };
    const created = await client.post('/api/admin/square-categories', { json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: '12월 모임방', write_scope: 'session_member', allows_anonymous: true, has_password: true, is_active: true });
    expect(JSON.stringify(created.body)).not.toMatch(/argon2|겨울숲|password_hash/);

    const [audit] = await db().select().from(auditLogs).where(eq(auditLogs.modelType, 'square_post_category'));
    expect(audit).toMatchObject({ action: 'create', modelId: created.body.data.id });
    expect((audit!.after as Record<string, unknown>).passwordHash).toBe(REDACTED);
    expect(JSON.stringify(audit)).not.toMatch(/argon2|겨울숲/);

    const { client: member } = await signedInMember(db());
    const listed = (await member.get('/api/square-post-categories')).body.data.find((c: { slug: string }) => c.slug === body.slug);
    expect(listed).toMatchObject({ name: '12월 모임방' });
    expect(await postsStatus(member, body.slug)).toBe(403);
    const wrong = await member.post('/api/square-posts/check-category-password', { json: { square_post_category_id: created.body.data.id, password: '봄숲' } });
    expect(wrong.status).toBe(403);
    const right = await member.post('/api/square-posts/check-category-password', { json: { square_post_category_id: created.body.data.id, password: '겨울숲2026' } });
    expect(right.status).toBe(200);
    expect(await postsStatus(member, body.slug)).toBe(200);
  });

  it('a new password ends the unlocks made with the old one; removing it opens the category to everyone', async () => {
    const { client } = await signedInStaff(db());
    const categorySlug = slug();
    const created = await client.post('/api/admin/square-categories', { json: { name: '비밀 정원', slug: categorySlug, write_scope: 'member', password: '첫번째암호' } });
    const id: number = created.body.data.id;
    const { client: member } = await signedInMember(db());
    await member.post('/api/square-posts/check-category-password', { json: { square_post_category_id: id, password: '첫번째암호' } });
    expect(await postsStatus(member, categorySlug)).toBe(200);

    // Renaming leaves the password and the unlocks as they are.
    const renamed = await client.request('PATCH', `/api/admin/square-categories/${id}`, { json: { name: '비밀 정원 2' } });
    expect(renamed.body.data).toMatchObject({ name: '비밀 정원 2', has_password: true });
    expect(await postsStatus(member, categorySlug)).toBe(200);

    const changed = await client.request('PATCH', `/api/admin/square-categories/${id}`, { json: { password: '두번째암호' } });
    expect(changed.status).toBe(200);
    expect(await postsStatus(member, categorySlug)).toBe(403);
    expect((await member.post('/api/square-posts/check-category-password', { json: { square_post_category_id: id, password: '첫번째암호' } })).status).toBe(403);
    expect((await member.post('/api/square-posts/check-category-password', { json: { square_post_category_id: id, password: '두번째암호' } })).status).toBe(200);

    const opened = await client.request('PATCH', `/api/admin/square-categories/${id}`, { json: { password: null } });
    expect(opened.body.data.has_password).toBe(false);
    expect(await postsStatus(guestClient(db()), categorySlug)).toBe(200);
    const [row] = await db().select().from(squarePostCategories).where(eq(squarePostCategories.id, id));
    expect(row!.passwordHash).toBeNull();
    const [update] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.modelType, 'square_post_category'), eq(auditLogs.modelId, id), eq(auditLogs.action, 'update')))
      .orderBy(auditLogs.id)
      .offset(2);
    expect(update).toMatchObject({ before: expect.objectContaining({ passwordHash: REDACTED }), after: expect.objectContaining({ passwordHash: null }) });
  });

  it('refuses bad input field by field and keeps what was stored', async () => {
    const { client } = await signedInStaff(db());
    const categorySlug = slug();
    const created = await client.post('/api/admin/square-categories', { json: { name: '운동 기록', slug: categorySlug, write_scope: 'member' } });
    const bad = await client.post('/api/admin/square-categories', { json: { name: '', slug: 'Not A Slug', write_scope: 'everyone', password: '123' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'password', 'slug', 'write_scope']);
    expect(bad.body.errors.password).toEqual(['비밀번호는 4자 이상이어야 해요.']);
    const taken = await client.post('/api/admin/square-categories', { json: { name: '운동 기록 2', slug: categorySlug, write_scope: 'member' } });
    expect(taken.body.errors.slug).toEqual(['이미 쓰고 있는 주소예요.']);
    const [row] = await db().select().from(squarePostCategories).where(eq(squarePostCategories.id, created.body.data.id));
    expect(row).toMatchObject({ name: '운동 기록', passwordHash: null });
  });

  it('keeps a category that has posts (turned off instead) and deletes an empty one', async () => {
    const { user, client } = await signedInStaff(db());
    const used = await client.post('/api/admin/square-categories', { json: { name: '사용 중', slug: slug(), write_scope: 'member' } });
    await createPost(db(), user, { id: used.body.data.id });
    const refused = await client.request('DELETE', `/api/admin/square-categories/${used.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('글이 있는 분류는 지울 수 없어요. 사용하지 않음으로 바꿔 주세요.');
    const off = await client.request('PATCH', `/api/admin/square-categories/${used.body.data.id}`, { json: { is_active: false } });
    expect(off.body.data.is_active).toBe(false);
    const names = (await guestClient(db()).get('/api/square-post-categories')).body.data.map((c: { name: string }) => c.name);
    expect(names).not.toContain('사용 중');

    const empty = await client.post('/api/admin/square-categories', { json: { name: '빈 분류', slug: slug(), write_scope: 'staff' } });
    expect((await client.request('DELETE', `/api/admin/square-categories/${empty.body.data.id}`)).status).toBe(204);
    expect((await client.get(`/api/admin/square-categories/${empty.body.data.id}`)).status).toBe(404);
  });
});
