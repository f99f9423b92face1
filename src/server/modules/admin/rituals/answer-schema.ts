import { z } from 'zod';
import { ritualSessionRoles } from '../../../db/schema/ritual-sessions.ts';
import { offTheRecordKinds, ritualTypes } from '../../../db/schema/rituals.ts';
import { apiTimeAnswer } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import type { ritualRowResource } from './rituals.ts';
import type { checkInTextRowResource, offTheRecordCategoryRowResource, offTheRecordRowResource, programEventRowResource, ritualSessionTitleRowResource } from './simple.ts';

// The console's own contract (react-admin): every column staff edit, drafts and switches included.

const times = { created_at: apiTimeAnswer, updated_at: apiTimeAnswer };

export const adminRitualAnswer = z
  .strictObject({
    id: z.int(),
    type: z.enum(ritualTypes),
    title: z.string(),
    summary: z.string(),
    description_html: z.string(),
    how_it_goes_html: z.string(),
    cover_image_url: z.string(),
    cover_image_alt: z.string(),
    theme_id: z.int().nullable(),
    host_name: z.string(),
    host_introduction: z.string(),
    sort_order: z.int(),
    is_published: z.boolean(),
    ...times,
  })
  .meta({ id: 'AdminRitual' });

export type AdminRitualAnswer = Conforms<ReturnType<typeof ritualRowResource>, z.infer<typeof adminRitualAnswer>>;

export const adminRitualSessionAnswer = z
  .strictObject({
    id: z.int(),
    ritual_id: z.int().nullable(),
    ritual_session_title_id: z.int().nullable(),
    title: z.string(),
    starts_at: apiTimeAnswer,
    ends_at: apiTimeAnswer,
    capacity: z.int().min(0),
    price: z.int().min(0),
    recruit_starts_at: apiTimeAnswer.nullable(),
    recruit_ends_at: apiTimeAnswer.nullable(),
    place: z.string().nullable(),
    is_published: z.boolean(),
    ...times,
  })
  .meta({ id: 'AdminRitualSession' });

export const adminRitualSessionMemberAnswer = z
  .strictObject({
    id: z.int(),
    user_id: z.int(),
    nickname: z.string(),
    email: z.string(),
    role: z.enum(ritualSessionRoles),
    shares_progress: z.boolean(),
    joined_at: apiTimeAnswer,
  })
  .meta({ id: 'AdminRitualSessionMember' });

export const adminRitualSessionTitleAnswer = z
  .strictObject({ id: z.int(), title: z.string(), starts_at: apiTimeAnswer, is_published: z.boolean(), ...times })
  .meta({ id: 'AdminRitualSessionTitle' });

export type AdminRitualSessionTitleAnswer = Conforms<ReturnType<typeof ritualSessionTitleRowResource>, z.infer<typeof adminRitualSessionTitleAnswer>>;

export const adminProgramEventAnswer = z
  .strictObject({ id: z.int(), ritual_session_id: z.int(), title: z.string(), place: z.string(), ...times })
  .meta({ id: 'AdminProgramEvent' });

export type AdminProgramEventAnswer = Conforms<ReturnType<typeof programEventRowResource>, z.infer<typeof adminProgramEventAnswer>>;

export const adminCheckInTextAnswer = z
  .strictObject({ id: z.int(), text: z.string(), sort_order: z.int(), is_active: z.boolean(), ...times })
  .meta({ id: 'AdminCheckInText' });

export type AdminCheckInTextAnswer = Conforms<ReturnType<typeof checkInTextRowResource>, z.infer<typeof adminCheckInTextAnswer>>;

export const adminOffTheRecordCategoryAnswer = z
  .strictObject({ id: z.int(), name: z.string(), sort_order: z.int(), is_active: z.boolean(), ...times })
  .meta({ id: 'AdminOffTheRecordCategory' });

export type AdminOffTheRecordCategoryAnswer = Conforms<ReturnType<typeof offTheRecordCategoryRowResource>, z.infer<typeof adminOffTheRecordCategoryAnswer>>;

export const adminOffTheRecordAnswer = z
  .strictObject({
    id: z.int(),
    off_the_record_category_id: z.int(),
    kind: z.enum(offTheRecordKinds),
    ritual_id: z.int().nullable(),
    title: z.string(),
    summary: z.string(),
    content_html: z.string(),
    cover_image_url: z.string(),
    cover_image_alt: z.string(),
    author_name: z.string(),
    published_at: apiTimeAnswer.nullable(),
    comments_count: z.int().min(0),
    reactions_count: z.int().min(0),
    ...times,
  })
  .meta({ id: 'AdminOffTheRecord' });

export type AdminOffTheRecordAnswer = Conforms<ReturnType<typeof offTheRecordRowResource>, z.infer<typeof adminOffTheRecordAnswer>>;
