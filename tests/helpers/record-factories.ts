import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { offTheRecordCategories, offTheRecords, rituals } from '../../src/server/db/schema/index.ts';
import type { OffTheRecord, OffTheRecordCategory, Ritual } from '../../src/server/db/schema/index.ts';

/** An off-the-record category with a unique name. */
export async function createRecordCategory(db: Db, overrides: Partial<typeof offTheRecordCategories.$inferInsert> = {}): Promise<OffTheRecordCategory> {
  const [category] = await db
    .insert(offTheRecordCategories)
    .values({ name: `카테고리 ${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  return category!;
}

/** A published record (an hour ago) unless `publishedAt` says otherwise. */
export async function createRecord(db: Db, category: { id: number }, overrides: Partial<typeof offTheRecords.$inferInsert> = {}): Promise<OffTheRecord> {
  const [record] = await db
    .insert(offTheRecords)
    .values({
      offTheRecordCategoryId: category.id,
      kind: 'record',
      title: '한 달의 기록',
      summary: '함께한 한 달을 돌아봤어요.',
      contentHtml: '<p>매일 조금씩 이어 갔어요.</p>',
      coverImageUrl: '/images/off-the-record/journal.webp',
      coverImageAlt: '펼친 노트 그림',
      authorName: '리추얼 에디터',
      publishedAt: new Date(Date.now() - 3_600_000),
      ...overrides,
    })
    .returning();
  return record!;
}

/** A published ritual of `type`. */
export async function createRitual(db: Db, overrides: Partial<typeof rituals.$inferInsert> = {}): Promise<Ritual> {
  const [ritual] = await db
    .insert(rituals)
    .values({
      type: 'monthly',
      title: '하루 한 줄 회고',
      summary: '하루를 한 줄로 돌아봐요.',
      descriptionHtml: '<p>매일 밤 한 줄을 남겨요.</p>',
      howItGoesHtml: '<p>4주 동안 이어 가요.</p>',
      coverImageUrl: '/images/home/ritual-december-720.webp',
      coverImageAlt: '겨울 해 그림',
      hostName: '호스트 민준',
      hostIntroduction: '2년째 회고를 이어 가고 있어요.',
      ...overrides,
    })
    .returning();
  return ritual!;
}
