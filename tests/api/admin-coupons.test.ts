import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { auditLogs, couponUsers, coupons, notifications } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

beforeEach(async () => {
  await db().delete(notifications);
  await db().delete(couponUsers);
  await db().delete(coupons);
  await db().delete(auditLogs);
});

const VALID = {
  code: ' winter-15 ',
  name: '겨울 리추얼 15% 할인',
  kind: 'percent',
  value: 15,
  max_discount: 20_000,
  min_order_amount: 30_000,
  valid_from: '2026-12-01T00:00:00+09:00',
  valid_until: '2027-01-31T23:59:59+09:00',
  applies_to: 'rituals',
  total_limit: 100,
  per_member_limit: 1,
};

const auditOf = (couponId: number) => db().select().from(auditLogs).where(eq(auditLogs.modelId, couponId)).orderBy(auditLogs.id);

describe('coupons in the console', () => {
  it('creates, edits, lists and deletes a coupon, auditing each change', async () => {
    const { user, client } = await signedInStaff(db());
    const created = await client.post('/api/admin/coupons', { json: VALID });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    expect(created.body.data).toMatchObject({
      code: 'WINTER-15',
      kind: 'percent',
      value: 15,
      max_discount: 20_000,
      min_order_amount: 30_000,
      applies_to: 'rituals',
      total_limit: 100,
      per_member_limit: 1,
      valid_from: '2026-11-30T15:00:00.000000Z',
    });

    const minimal = await client.post('/api/admin/coupons', { json: { code: 'FIX3000', name: '3천원 할인', kind: 'fixed', value: 3000 } });
    expect(minimal.status).toBe(201);
    expect(minimal.body.data).toMatchObject({ max_discount: null, min_order_amount: 0, applies_to: 'all', total_limit: null, per_member_limit: 1, valid_from: null, valid_until: null });

    const edited = await client.request('PATCH', `/api/admin/coupons/${id}`, { json: { value: 20, total_limit: null } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ value: 20, total_limit: null, code: 'WINTER-15' });

    const listed = await client.get('/api/admin/coupons?q=winter&kind=percent');
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await client.get('/api/admin/coupons?applies_to=all')).body.data.map((row: { code: string }) => row.code)).toEqual(['FIX3000']);

    expect((await client.request('DELETE', `/api/admin/coupons/${id}`)).status).toBe(204);
    const trail = await auditOf(id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['create', 'coupon', user.id],
      ['update', 'coupon', user.id],
      ['delete', 'coupon', user.id],
    ]);
    expect(trail[1]!.before).toMatchObject({ value: 15, totalLimit: 100 });
    expect(trail[1]!.after).toMatchObject({ value: 20, totalLimit: null });
  });

  it('refuses bad coupons with 422 in Korean and stores nothing', async () => {
    const { client } = await signedInStaff(db());
    const empty = await client.post('/api/admin/coupons', { json: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      code: ['쿠폰 코드는 영문, 숫자, -, _ 3~40자로 입력해 주세요.'],
      name: ['쿠폰 이름을 100자 이내로 입력해 주세요.'],
      kind: ['할인 방식은 정률(percent) 또는 정액(fixed)이어야 해요.'],
      value: ['할인 값은 1 이상의 정수로 입력해 주세요.'],
    });
    const wrong = await client.post('/api/admin/coupons', {
      json: { ...VALID, code: '한글 코드', value: 1.5, max_discount: 0, min_order_amount: -1, applies_to: 'everything', total_limit: 0, per_member_limit: 0, valid_until: 'soon' },
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['applies_to', 'code', 'max_discount', 'min_order_amount', 'per_member_limit', 'total_limit', 'valid_until', 'value']);
    const percent = await client.post('/api/admin/coupons', { json: { ...VALID, value: 150, valid_until: '2026-11-01T00:00:00+09:00' } });
    expect(percent.status).toBe(422);
    expect(percent.body.errors).toEqual({ value: ['정률 할인은 1~100% 사이로 입력해 주세요.'], valid_until: ['사용 종료 시각은 시작 시각보다 뒤여야 해요.'] });
    expect(await db().select().from(coupons)).toHaveLength(0);

    const first = await client.post('/api/admin/coupons', { json: VALID });
    expect(first.status).toBe(201);
    const taken = await client.post('/api/admin/coupons', { json: { ...VALID, code: 'Winter-15' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.code).toEqual(['이미 있는 쿠폰 코드예요. 다른 코드를 입력해 주세요.']);
    // An update is checked against the coupon as it would be: still a percent coupon.
    const tooMuch = await client.request('PATCH', `/api/admin/coupons/${first.body.data.id}`, { json: { value: 101 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.value).toEqual(['정률 할인은 1~100% 사이로 입력해 주세요.']);
    const sameCode = await client.request('PATCH', `/api/admin/coupons/${first.body.data.id}`, { json: { code: 'winter-15', name: '이름만 바꿈' } });
    expect(sameCode.status).toBe(200);
    expect(await db().select().from(auditLogs)).toHaveLength(2);
  });
});

describe('POST /api/admin/coupons/{id}/issue', () => {
  async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
    const [row] = await db()
      .insert(coupons)
      .values({ code: `GIFT-${Math.random().toString(36).slice(2, 8)}`, name: '겨울 감사 쿠폰', kind: 'fixed', value: 5000, ...values })
      .returning();
    return row!;
  }

  it('gives members by id and e-mail, notifies them, skips who already has it, and audits it', async () => {
    const { user: staff, client } = await signedInStaff(db());
    const gift = await coupon();
    const reader = await signedInMember(db());
    const other = await createMember(db(), { email: `Mixed-${Date.now()}@Example.com` });
    const res = await client.post(`/api/admin/coupons/${gift.id}/issue`, { json: { user_ids: [reader.user.id], emails: [` ${other.email.toLowerCase()} `] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ issued_user_ids: [reader.user.id, other.id], skipped_user_ids: [] });

    const inbox = await reader.client.get('/api/notifications');
    expect(inbox.body.data).toHaveLength(1);
    expect(inbox.body.data[0].data).toMatchObject({ title: '겨울 감사 쿠폰', target: 'coupon', link: '/mypage/coupon' });
    expect((await reader.client.get('/api/coupons/me')).body.data).toMatchObject([{ coupon_id: gift.id, name: '겨울 감사 쿠폰' }]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, other.id))).toHaveLength(1);

    const again = await client.post(`/api/admin/coupons/${gift.id}/issue`, { json: { user_ids: [reader.user.id, other.id] } });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ issued_user_ids: [], skipped_user_ids: [reader.user.id, other.id] });
    expect(await db().select().from(couponUsers).where(eq(couponUsers.couponId, gift.id))).toHaveLength(2);
    expect(await db().select().from(notifications)).toHaveLength(2);

    const trail = await auditOf(gift.id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['issue', 'coupon', staff.id],
      ['issue', 'coupon', staff.id],
    ]);
    expect(trail[0]!.after).toEqual({ requested_user_ids: [reader.user.id, other.id], issued_user_ids: [reader.user.id, other.id] });
    expect(trail[1]!.after).toEqual({ requested_user_ids: [reader.user.id, other.id], issued_user_ids: [] });

    const refused = await client.request('DELETE', `/api/admin/coupons/${gift.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('이미 회원에게 발급된 쿠폰은 삭제할 수 없어요. 사용 종료 시각을 앞당겨 주세요.');
  });

  it('names the members it cannot find and gives no one anything', async () => {
    const { client } = await signedInStaff(db());
    const gift = await coupon();
    const member = await createMember(db());
    const left = await createMember(db(), { deletedAt: new Date() });
    const res = await client.post(`/api/admin/coupons/${gift.id}/issue`, { json: { user_ids: [member.id, 999999, left.id], emails: ['nobody@example.com'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      user_ids: [`찾을 수 없는 회원 번호예요: 999999, ${left.id}`],
      emails: ['가입한 회원의 이메일이 아니에요: nobody@example.com'],
    });
    const nobody = await client.post(`/api/admin/coupons/${gift.id}/issue`, { json: { user_ids: [], emails: [] } });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors.user_ids).toEqual(['발급할 회원의 이메일이나 회원 번호를 한 명 이상 입력해 주세요.']);
    const notIds = await client.post(`/api/admin/coupons/${gift.id}/issue`, { json: { user_ids: ['abc'] } });
    expect(notIds.status).toBe(422);
    expect(notIds.body.errors.user_ids).toEqual(['회원 번호는 1 이상의 정수로 보내 주세요.']);
    expect((await client.post('/api/admin/coupons/999999/issue', { json: { user_ids: [member.id] } })).status).toBe(404);

    const expired = await coupon({ validUntil: new Date(Date.now() - 60_000) });
    const late = await client.post(`/api/admin/coupons/${expired.id}/issue`, { json: { user_ids: [member.id] } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('사용 기간이 끝난 쿠폰은 발급할 수 없어요.');

    expect(await db().select().from(couponUsers)).toHaveLength(0);
    expect(await db().select().from(notifications)).toHaveLength(0);
    expect(await db().select().from(auditLogs)).toHaveLength(0);
  });
});
