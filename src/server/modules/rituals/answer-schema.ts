import { z } from 'zod';
import { RECRUIT_STATES } from '../../../lib/rituals.ts';
import { ritualTypes } from '../../db/schema/rituals.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type {
  explorerSectionResource,
  publicRitualSessionResource,
  ritualDetailResource,
  ritualItemResource,
  ritualSessionResource,
  sessionTitleResource,
} from './resource.ts';

const won = z.int().min(0);

export const recruitStateAnswer = z.enum(RECRUIT_STATES);

export const ritualThemeAnswer = z.strictObject({ id: z.int(), name: z.string() });

export const ritualBadgeAnswer = z.strictObject({ id: z.int(), name: z.string(), text_color: z.string(), background_color: z.string() });

const ritualSessionFields = {
  id: z.int(),
  ritual_id: z.int(),
  ritual_session_title_id: z.int().nullable(),
  title: z.string(),
  starts_at: apiTimeAnswer,
  ends_at: apiTimeAnswer,
  weeks: z.int().min(0),
  capacity: z.int().min(0),
  price: won,
  seats_left: z.int().min(0),
  recruit_starts_at: apiTimeAnswer.nullable(),
  recruit_ends_at: apiTimeAnswer.nullable(),
  recruit_state: recruitStateAnswer,
  place: z.string().nullable(),
};

export const ritualSessionAnswer = z.strictObject(ritualSessionFields).meta({ id: 'RitualSession' });

export type RitualSessionAnswer = Conforms<ReturnType<typeof ritualSessionResource>, z.infer<typeof ritualSessionAnswer>>;

export const publicRitualSessionAnswer = z
  .strictObject({ ...ritualSessionFields, ritual: z.strictObject({ id: z.int(), type: z.enum(ritualTypes), title: z.string() }) })
  .meta({ id: 'PublicRitualSession' });

export type PublicRitualSessionAnswer = Conforms<ReturnType<typeof publicRitualSessionResource>, z.infer<typeof publicRitualSessionAnswer>>;

const ritualItemFields = {
  id: z.int(),
  type: z.enum(ritualTypes),
  title: z.string(),
  summary: z.string(),
  cover_image_url: z.string(),
  cover_image_alt: z.string(),
  theme: ritualThemeAnswer.nullable(),
  badges: z.array(ritualBadgeAnswer),
  host_name: z.string(),
  next_session: ritualSessionAnswer.nullable(),
  open_sessions_count: z.int().min(0),
};

export const ritualItemAnswer = z.strictObject(ritualItemFields).meta({ id: 'RitualItem' });

export type RitualItemAnswer = Conforms<ReturnType<typeof ritualItemResource>, z.infer<typeof ritualItemAnswer>>;

export const ritualDetailAnswer = z
  .strictObject({
    ...ritualItemFields,
    description_html: z.string(),
    how_it_goes_html: z.string(),
    host_introduction: z.string(),
    sessions: z.array(ritualSessionAnswer),
    selected_session: ritualSessionAnswer.nullable(),
  })
  .meta({ id: 'RitualDetail' });

export type RitualDetailAnswer = Conforms<ReturnType<typeof ritualDetailResource>, z.infer<typeof ritualDetailAnswer>>;

export const ritualSessionTitleAnswer = z.strictObject({ id: z.int(), title: z.string(), starts_at: apiTimeAnswer }).meta({ id: 'RitualSessionTitle' });

export type RitualSessionTitleAnswer = Conforms<ReturnType<typeof sessionTitleResource>, z.infer<typeof ritualSessionTitleAnswer>>;

export const explorerSectionAnswer = z
  .strictObject({ key: z.string(), title: z.string(), items: z.array(ritualItemAnswer) })
  .meta({ id: 'ExplorerSection' });

export type ExplorerSectionAnswer = Conforms<ReturnType<typeof explorerSectionResource>, z.infer<typeof explorerSectionAnswer>>;
