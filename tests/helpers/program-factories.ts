import type { Db } from '../../src/server/db/client.ts';
import { programEvents, ritualSessions, rituals } from '../../src/server/db/schema/index.ts';
import type { Ritual, RitualSession } from '../../src/server/db/schema/index.ts';

const HOUR_MS = 3_600_000;

/** A published one-day programme, unless `overrides` say otherwise. */
export async function createProgram(db: Db, overrides: Partial<typeof rituals.$inferInsert> = {}): Promise<Ritual> {
  const [ritual] = await db
    .insert(rituals)
    .values({
      type: 'one_day',
      title: '다도 명상 클래스',
      summary: '차 한 잔과 함께하는 명상',
      descriptionHtml: '<p>차를 우리며 호흡에 머물러요.</p>',
      howItGoesHtml: '<ol><li>차 우리기</li></ol>',
      coverImageUrl: '/images/programs/tea-meditation.webp',
      coverImageAlt: '찻잔 그림',
      hostName: '김다온',
      hostIntroduction: '차를 공부해요.',
      ...overrides,
    })
    .returning();
  return ritual!;
}

export interface EventInput {
  startsAt: Date;
  hours?: number;
  capacity?: number;
  price?: number;
  isPublished?: boolean;
  place?: string;
  /** A session without its program_events row (a monthly ritual's, or one staff have not placed). */
  withoutEvent?: boolean;
}

/** A session of `ritual` and, unless told not to, its program event. */
export async function createProgramEvent(db: Db, ritualId: number, input: EventInput): Promise<RitualSession> {
  const place = input.place ?? '서울 마포구 연남동 리추얼 라운지';
  const [session] = await db
    .insert(ritualSessions)
    .values({
      ritualId,
      title: '다도 명상 오후반',
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + (input.hours ?? 2) * HOUR_MS),
      capacity: input.capacity ?? 10,
      price: input.price ?? 35_000,
      isPublished: input.isPublished ?? true,
      place,
    })
    .returning();
  if (!input.withoutEvent) await db.insert(programEvents).values({ ritualSessionId: session!.id, title: '다도 명상 오후반', place });
  return session!;
}
