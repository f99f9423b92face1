import { z } from 'zod';
import { squareWriteScopes } from '../../db/schema/square.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { commentAnswer, commentAuthorAnswer } from '../comments/answer-schema.ts';
import { reactionCountsAnswer, reactionTypeAnswer } from '../reactions/answer-schema.ts';
import type { postDetailResource, postItemResource, squareCategoryResource } from './resource.ts';

export const squareCategoryAnswer = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    write_scope: z.enum(squareWriteScopes),
    allows_anonymous: z.boolean(),
    is_protected: z.boolean(),
    is_unlocked: z.boolean(),
  })
  .meta({ id: 'SquareCategory' });

export type SquareCategoryAnswer = Conforms<ReturnType<typeof squareCategoryResource>, z.infer<typeof squareCategoryAnswer>>;

const squarePostItemFields = {
  id: z.int(),
  title: z.string(),
  excerpt: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  category: z.strictObject({ id: z.int(), name: z.string(), slug: z.string() }),
  // The same public face of a member as a comment's author.
  author: commentAuthorAnswer.nullable(),
  author_name: z.string(),
  is_anonymous: z.boolean(),
  is_notice: z.boolean(),
  is_protected: z.boolean(),
  is_hidden: z.boolean(),
  comments_count: z.int().min(0),
  reactions_count: z.int().min(0),
  created_at: apiTimeAnswer,
  updated_at: apiTimeAnswer,
};

export const squarePostItemAnswer = z.strictObject(squarePostItemFields).meta({ id: 'SquarePostItem' });

export type SquarePostItemAnswer = Conforms<ReturnType<typeof postItemResource>, z.infer<typeof squarePostItemAnswer>>;

export const squarePostDetailAnswer = z
  .strictObject({
    ...squarePostItemFields,
    content_html: z.string(),
    reaction_counts: reactionCountsAnswer,
    my_reactions: z.array(reactionTypeAnswer),
    is_saved: z.boolean(),
    is_mine: z.boolean(),
    comments: z.array(commentAnswer),
  })
  .meta({ id: 'SquarePostDetail' });

export type SquarePostDetailAnswer = Conforms<ReturnType<typeof postDetailResource>, z.infer<typeof squarePostDetailAnswer>>;
