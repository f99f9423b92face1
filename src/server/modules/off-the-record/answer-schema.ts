import { z } from 'zod';
import { offTheRecordKinds } from '../../db/schema/rituals.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { commentAnswer } from '../comments/answer-schema.ts';
import { reactionCountsAnswer, reactionTypeAnswer } from '../reactions/answer-schema.ts';
import type { recordCategoryResource, recordDetailResource, recordItemResource } from './resource.ts';

export const offTheRecordCategoryAnswer = z.strictObject({ id: z.int(), name: z.string() }).meta({ id: 'OffTheRecordCategory' });

export type OffTheRecordCategoryAnswer = Conforms<ReturnType<typeof recordCategoryResource>, z.infer<typeof offTheRecordCategoryAnswer>>;

const offTheRecordItemFields = {
  id: z.int(),
  kind: z.enum(offTheRecordKinds),
  category: offTheRecordCategoryAnswer,
  ritual_id: z.int().nullable(),
  title: z.string(),
  summary: z.string(),
  cover_image_url: z.string(),
  cover_image_alt: z.string(),
  author_name: z.string(),
  published_at: apiTimeAnswer,
  comments_count: z.int().min(0),
  reactions_count: z.int().min(0),
};

export const offTheRecordItemAnswer = z.strictObject(offTheRecordItemFields).meta({ id: 'OffTheRecordItem' });

export type OffTheRecordItemAnswer = Conforms<ReturnType<typeof recordItemResource>, z.infer<typeof offTheRecordItemAnswer>>;

export const offTheRecordDetailAnswer = z
  .strictObject({
    ...offTheRecordItemFields,
    content_html: z.string(),
    updated_at: apiTimeAnswer,
    reaction_counts: reactionCountsAnswer,
    my_reactions: z.array(reactionTypeAnswer),
    is_saved: z.boolean(),
    comments: z.array(commentAnswer),
  })
  .meta({ id: 'OffTheRecordDetail' });

export type OffTheRecordDetailAnswer = Conforms<ReturnType<typeof recordDetailResource>, z.infer<typeof offTheRecordDetailAnswer>>;
