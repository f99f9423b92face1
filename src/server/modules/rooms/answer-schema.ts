import { z } from 'zod';
import { ROOM_STATES } from '../../../lib/rooms.ts';
import { ritualSessionRoles } from '../../db/schema/ritual-sessions.ts';
import { roomPostCategories } from '../../db/schema/rooms.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { commentAnswer } from '../comments/answer-schema.ts';
import { reactionCountsAnswer, reactionTypeAnswer } from '../reactions/answer-schema.ts';
import { seoulDateAnswer } from '../room-progress/answer-schema.ts';
import type {
  checkInResource,
  checkInResultResource,
  checkInTextResource,
  publicRoomPostResource,
  roomDetailResource,
  roomInfoResource,
  roomMemberResource,
  roomPostDetailResource,
  roomPostItemResource,
  roomReaderResource,
  roomSummaryResource,
  roomThreadDetailResource,
  roomThreadItemResource,
  todayRoomResource,
} from './resource.ts';

const roomSummaryFields = {
  id: z.int(),
  title: z.string(),
  // A session may belong to no ritual: then its id and cover are null and the title is the room's own.
  ritual: z.strictObject({ id: z.int().nullable(), title: z.string(), cover_image_url: z.string().nullable() }),
  starts_at: apiTimeAnswer,
  ends_at: apiTimeAnswer,
  state: z.enum(ROOM_STATES),
  countdown: z.string(),
  // Null for staff, who enter every room without being one of its members.
  role: z.enum(ritualSessionRoles).nullable(),
  checked_in_today: z.boolean(),
};

export const roomSummaryAnswer = z.strictObject(roomSummaryFields).meta({ id: 'RoomSummary' });

export type RoomSummaryAnswer = Conforms<ReturnType<typeof roomSummaryResource>, z.infer<typeof roomSummaryAnswer>>;

const checkInFields = {
  id: z.int(),
  day: seoulDateAnswer,
  check_in_text_id: z.int().nullable(),
  text: z.string().nullable(),
  content: z.string().nullable(),
  created_at: apiTimeAnswer,
};

export const checkInAnswer = z.strictObject(checkInFields).meta({ id: 'RoomCheckIn' });

export type CheckInAnswer = Conforms<ReturnType<typeof checkInResource>, z.infer<typeof checkInAnswer>>;

/** `created` is false when the member had already checked in that Seoul day and the stored one comes back. */
export const checkInResultAnswer = z.strictObject({ ...checkInFields, created: z.boolean() }).meta({ id: 'RoomCheckInResult' });

export type CheckInResultAnswer = Conforms<ReturnType<typeof checkInResultResource>, z.infer<typeof checkInResultAnswer>>;

export const checkInTextAnswer = z.strictObject({ id: z.int(), text: z.string() }).meta({ id: 'RoomCheckInText' });

export type CheckInTextAnswer = Conforms<ReturnType<typeof checkInTextResource>, z.infer<typeof checkInTextAnswer>>;

export const roomDetailAnswer = z
  .strictObject({
    ...roomSummaryFields,
    members_count: z.int().min(0),
    leads: z.boolean(),
    can_post: z.boolean(),
    can_check_in: z.boolean(),
    today_check_in: checkInAnswer.nullable(),
  })
  .meta({ id: 'RoomDetail' });

export type RoomDetailAnswer = Conforms<ReturnType<typeof roomDetailResource>, z.infer<typeof roomDetailAnswer>>;

// Not commentAuthorAnswer, whose username may be null: a room's writers and members are always read from their user row.
const roomAuthorFields = { id: z.int(), nickname: z.string(), username: z.string(), profile_image: z.string().nullable() };

const roomAuthorAnswer = z.strictObject(roomAuthorFields);

export const roomMemberAnswer = z.strictObject({ ...roomAuthorFields, role: z.enum(ritualSessionRoles) }).meta({ id: 'RoomMember' });

export type RoomMemberAnswer = Conforms<ReturnType<typeof roomMemberResource>, z.infer<typeof roomMemberAnswer>>;

export const roomInfoAnswer = z
  .strictObject({ id: z.int(), title: z.string(), ritualSessionUsers: z.array(roomMemberAnswer) })
  .meta({ id: 'RoomInfo' });

export type RoomInfoAnswer = Conforms<ReturnType<typeof roomInfoResource>, z.infer<typeof roomInfoAnswer>>;

const roomPostItemFields = {
  id: z.int(),
  ritual_session_id: z.int(),
  category: z.enum(roomPostCategories),
  category_name: z.string(),
  title: z.string().nullable(),
  excerpt: z.string(),
  thumbnail_url: z.string().nullable(),
  is_public: z.boolean(),
  author: roomAuthorAnswer,
  comments_count: z.int().min(0),
  reactions_count: z.int().min(0),
  reads_count: z.int().min(0),
  is_hidden: z.boolean(),
  created_at: apiTimeAnswer,
  updated_at: apiTimeAnswer,
};

export const roomPostItemAnswer = z.strictObject(roomPostItemFields).meta({ id: 'RoomPostItem' });

export type RoomPostItemAnswer = Conforms<ReturnType<typeof roomPostItemResource>, z.infer<typeof roomPostItemAnswer>>;

export const roomPostDetailAnswer = z
  .strictObject({
    ...roomPostItemFields,
    content_html: z.string(),
    reaction_counts: reactionCountsAnswer,
    my_reactions: z.array(reactionTypeAnswer),
    is_saved: z.boolean(),
    is_mine: z.boolean(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    comments: z.array(commentAnswer),
  })
  .meta({ id: 'RoomPostDetail' });

export type RoomPostDetailAnswer = Conforms<ReturnType<typeof roomPostDetailResource>, z.infer<typeof roomPostDetailAnswer>>;

export const publicRoomPostAnswer = z
  .strictObject({
    id: z.int(),
    ritual_session_id: z.int(),
    room_title: z.string(),
    category: z.enum(roomPostCategories),
    category_name: z.string(),
    title: z.string().nullable(),
    excerpt: z.string(),
    content_html: z.string(),
    thumbnail_url: z.string().nullable(),
    author: roomAuthorAnswer,
    created_at: apiTimeAnswer,
  })
  .meta({ id: 'PublicRoomPost' });

export type PublicRoomPostAnswer = Conforms<ReturnType<typeof publicRoomPostResource>, z.infer<typeof publicRoomPostAnswer>>;

export const roomReaderAnswer = z.strictObject({ ...roomAuthorFields, read_at: apiTimeAnswer }).meta({ id: 'RoomReader' });

export type RoomReaderAnswer = Conforms<ReturnType<typeof roomReaderResource>, z.infer<typeof roomReaderAnswer>>;

const roomThreadItemFields = {
  id: z.int(),
  ritual_session_id: z.int(),
  title: z.string(),
  excerpt: z.string(),
  thumbnail_url: z.string().nullable(),
  author: roomAuthorAnswer,
  comments_count: z.int().min(0),
  reactions_count: z.int().min(0),
  created_at: apiTimeAnswer,
  updated_at: apiTimeAnswer,
};

export const roomThreadItemAnswer = z.strictObject(roomThreadItemFields).meta({ id: 'RoomThreadItem' });

export type RoomThreadItemAnswer = Conforms<ReturnType<typeof roomThreadItemResource>, z.infer<typeof roomThreadItemAnswer>>;

export const roomThreadDetailAnswer = z
  .strictObject({
    ...roomThreadItemFields,
    content_html: z.string(),
    is_mine: z.boolean(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    comments: z.array(commentAnswer),
    reaction_counts: reactionCountsAnswer,
    my_reactions: z.array(reactionTypeAnswer),
  })
  .meta({ id: 'RoomThreadDetail' });

export type RoomThreadDetailAnswer = Conforms<ReturnType<typeof roomThreadDetailResource>, z.infer<typeof roomThreadDetailAnswer>>;

export const todayRoomAnswer = z
  .strictObject({
    ritual_session_id: z.int(),
    title: z.string(),
    day: z.int().min(1),
    days: z.int().min(1),
    checked_in_today: z.boolean(),
    check_in_texts: z.array(checkInTextAnswer),
  })
  .meta({ id: 'TodayRitualSession' });

export type TodayRoomAnswer = Conforms<ReturnType<typeof todayRoomResource>, z.infer<typeof todayRoomAnswer>>;
