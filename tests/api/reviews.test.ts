import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { reviews, rituals, users } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { eq } from 'drizzle-orm';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
let guest: TestClient;
const HOUR = 3600_000;

async function createRitual(isPublished = true): Promise<number> {
  const [row] = await db()
    .insert(rituals)
    .values({
      type: 'monthly',
      title: '아침 10분 명상',
      summary: '요약',
      descriptionHtml: '<p>소개</p>',
      howItGoesHtml: '<p>진행</p>',
      coverImageUrl: '/c.webp',
      coverImageAlt: '표지',
      hostName: '호스트',
      hostIntroduction: '소개',
      isPublished,
    })
    .returning({ id: rituals.id });
  return row!.id;
}

beforeAll(() => {
  guest = createTestApp(db()).client();
});

beforeEach(async () => {
  await db().delete(reviews);
  await db().delete(rituals);
});

describe('GET /api/reviews', () => {
  it('answers an empty page and summary for a ritual nobody has reviewed yet', async () => {
    const ritual = await createRitual();
    const res = await guest.get(`/api/reviews?reviewable_type=ritual&reviewable_id=${ritual}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, review_summary: { count: 0, average: 0, photo_count: 0 } },
    });
  });

  it('lists reviews newest first with masked nicknames, the average, and photo reviews alone on request', async () => {
    const ritual = await createRitual();
    const other = await createRitual();
    const writer = await createMember(db(), { nickname: '리추얼러' });
    const leaver = await createMember(db(), { nickname: '떠난멤버' });
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
    const [oldest, withPhoto, newest] = await db()
      .insert(reviews)
      .values([
        { userId: writer.id, reviewableType: 'ritual', reviewableId: ritual, rating: 5, contentHtml: '<p>좋았어요</p>', createdAt: at(3) },
        { userId: leaver.id, reviewableType: 'ritual', reviewableId: ritual, rating: 4, contentHtml: '<p>사진</p>', photoImageUrl: '/uploads/p.webp', createdAt: at(2) },
        { userId: writer.id, reviewableType: 'ritual', reviewableId: ritual, rating: 4, contentHtml: '<p>또 할래요</p>', createdAt: at(1) },
      ])
      .returning({ id: reviews.id });
    await db().insert(reviews).values({ userId: writer.id, reviewableType: 'ritual', reviewableId: other, rating: 1, contentHtml: '<p>다른 리추얼</p>' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.id));

    const all = await guest.get(`/api/reviews?reviewable_type=ritual&reviewable_id=${ritual}&per_page=2`);
    expect(all.body.data.map((review: { id: number }) => review.id)).toEqual([newest!.id, withPhoto!.id]);
    expect(all.body.data[0]).toMatchObject({ rating: 4, masked_nickname: '리추***', content: '<p>또 할래요</p>', photo_image: null });
    expect(all.body.data[1]).toMatchObject({ masked_nickname: '탈퇴한 회원', photo_image: '/uploads/p.webp' });
    expect(JSON.stringify(all.body)).not.toContain('리추얼러');
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3, review_summary: { count: 3, average: 4.3, photo_count: 1 } });

    const second = await guest.get(`/api/reviews?reviewable_type=ritual&reviewable_id=${ritual}&per_page=2&page=2`);
    expect(second.body.data.map((review: { id: number }) => review.id)).toEqual([oldest!.id]);

    const photos = await guest.get(`/api/reviews?reviewable_type=ritual&reviewable_id=${ritual}&is_only_image=1`);
    expect(photos.body.data.map((review: { id: number }) => review.id)).toEqual([withPhoto!.id]);
    expect(photos.body.meta).toMatchObject({ total: 1, review_summary: { count: 3 } });
  });

  it('answers 404 for an unpublished or unknown ritual and an unknown product', async () => {
    const hidden = await createRitual(false);
    for (const query of [`reviewable_type=ritual&reviewable_id=${hidden}`, 'reviewable_type=ritual&reviewable_id=999999', 'reviewable_id=1']) {
      const res = await guest.get(`/api/reviews?${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
  });

  it('answers 422 with a Korean message for a bad type, id, flag or page', async () => {
    const cases: Array<[string, string]> = [
      ['reviewable_type=ritual', 'reviewable_id'],
      ['reviewable_type=order&reviewable_id=1', 'reviewable_type'],
      ['reviewable_type=ritual&reviewable_id=abc', 'reviewable_id'],
      ['reviewable_type=ritual&reviewable_id=1&is_only_image=yes', 'is_only_image'],
      ['reviewable_type=ritual&reviewable_id=1&page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await guest.get(`/api/reviews?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field]?.[0], query).toMatch(/[가-힣]/);
    }
  });
});
