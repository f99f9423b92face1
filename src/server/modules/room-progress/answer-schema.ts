import { z } from 'zod';
import { roomPostCategories } from '../../db/schema/rooms.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { ritualDayCounts, ritualStats } from './me-service.ts';
import type { memberPostResource, postCheckResource, roomCommentResource, roomReportResource } from './resource.ts';
import type { myCommentChecks } from './service.ts';

/** A Seoul calendar date, `YYYY-MM-DD`. */
export const seoulDateAnswer = z.iso.date();

const percent = z.int().min(0).max(100);

const categoryCountsAnswer = z.record(z.enum(roomPostCategories), z.int().min(0));

export const roomReportAnswer = z
  .strictObject({
    ritual_session_id: z.int(),
    title: z.string(),
    starts_at: apiTimeAnswer,
    ends_at: apiTimeAnswer,
    today: seoulDateAnswer,
    days: z.array(seoulDateAnswer),
    days_elapsed: z.int().min(0),
    days_done: z.array(seoulDateAnswer),
    completion_rate: percent,
    streaks: z.strictObject({ current: z.int().min(0), best: z.int().min(0) }),
    posts_by_category: categoryCountsAnswer,
    room_posts_by_category: categoryCountsAnswer,
    shares_progress: z.boolean(),
    members: z.array(
      z.strictObject({
        completion_rate: percent,
        days_done: z.int().min(0),
        is_me: z.boolean(),
        user: z.strictObject({ id: z.int(), nickname: z.string(), username: z.string() }).nullable(),
      }),
    ),
    room_completion_rate: percent,
  })
  .meta({ id: 'RoomReport' });

export type RoomReportAnswer = Conforms<ReturnType<typeof roomReportResource>, z.infer<typeof roomReportAnswer>>;

export const postCheckAnswer = z
  .strictObject({ date: seoulDateAnswer, count: z.int().min(0), checked_in: z.boolean() })
  .meta({ id: 'RoomPostCheckDay' });

export type PostCheckAnswer = Conforms<ReturnType<typeof postCheckResource>, z.infer<typeof postCheckAnswer>>;

/** How many records (or comments) a member made on one Seoul day. */
export const dayCountAnswer = z.strictObject({ date: seoulDateAnswer, count: z.int().min(0) }).meta({ id: 'DayCount' });

export type CommentCheckAnswer = Conforms<Awaited<ReturnType<typeof myCommentChecks>>[number], z.infer<typeof dayCountAnswer>>;

export type RitualDayCountAnswer = Conforms<Awaited<ReturnType<typeof ritualDayCounts>>[number], z.infer<typeof dayCountAnswer>>;

export const ritualStatsAnswer = z
  .strictObject({
    sessions_joined: z.int().min(0),
    sessions_running: z.int().min(0),
    sessions_finished: z.int().min(0),
    days_done: z.int().min(0),
    current_streak: z.int().min(0),
    best_streak: z.int().min(0),
    posts_count: z.int().min(0),
    comments_count: z.int().min(0),
    year: z.strictObject({
      from: seoulDateAnswer,
      to: seoulDateAnswer,
      days: z.array(z.strictObject({ day: seoulDateAnswer, count: z.int().min(1) })),
    }),
    sessions: z.array(
      z
        .strictObject({
          id: z.int(),
          title: z.string(),
          starts_at: apiTimeAnswer,
          ends_at: apiTimeAnswer,
          days: z.int().min(0),
          days_elapsed: z.int().min(0),
          days_done: z.int().min(0),
          completion_rate: percent,
        })
        .meta({ id: 'RitualSessionCompletion' }),
    ),
  })
  .meta({ id: 'RitualStats' });

export type RitualStatsAnswer = Conforms<Awaited<ReturnType<typeof ritualStats>>, z.infer<typeof ritualStatsAnswer>>;

export const roomCommentItemAnswer = z
  .strictObject({
    id: z.int(),
    content: z.string(),
    created_at: apiTimeAnswer,
    model_type: z.enum(['ritual_session_post', 'ritual_session_thread']),
    model_id: z.int(),
    ritual_session_id: z.int(),
    ritual_session_title: z.string(),
    link: z.string(),
  })
  .meta({ id: 'RoomCommentItem' });

export type RoomCommentItemAnswer = Conforms<ReturnType<typeof roomCommentResource>, z.infer<typeof roomCommentItemAnswer>>;

export const memberRoomPostAnswer = z
  .strictObject({
    id: z.int(),
    ritual_session_id: z.int(),
    ritual_session_title: z.string(),
    category: z.enum(roomPostCategories),
    category_text: z.string(),
    title: z.string().nullable(),
    excerpt: z.string(),
    thumbnail_url: z.string().nullable(),
    is_public: z.boolean(),
    comments_count: z.int().min(0),
    reactions_count: z.int().min(0),
    created_at: apiTimeAnswer,
    link: z.string(),
  })
  .meta({ id: 'MemberRoomPost' });

export type MemberRoomPostAnswer = Conforms<ReturnType<typeof memberPostResource>, z.infer<typeof memberRoomPostAnswer>>;
