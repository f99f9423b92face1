import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { CommentData } from '../../../lib/comments.ts';
import type { commentResource } from './resource.ts';

export const commentAuthorAnswer = z.strictObject({
  id: z.int(),
  nickname: z.string(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
});

/** A comment with its replies (one level: a reply's own replies are empty). */
export const commentAnswer: z.ZodType<CommentData> = z
  .strictObject({
    id: z.int(),
    parent_id: z.int().nullable(),
    content: z.string(),
    is_anonymous: z.boolean(),
    author: commentAuthorAnswer.nullable(),
    author_name: z.string().nullable(),
    likes_count: z.int().min(0),
    is_liked: z.boolean(),
    is_mine: z.boolean(),
    is_deleted: z.boolean(),
    is_hidden: z.boolean(),
    created_at: apiTimeAnswer,
    updated_at: apiTimeAnswer,
    replies: z.array(z.lazy(() => commentAnswer)),
  })
  .meta({ id: 'Comment' });

export type CommentAnswer = Conforms<ReturnType<typeof commentResource>, z.infer<typeof commentAnswer>>;

export const commentLikeAnswer = z.strictObject({
  liked: z.boolean(),
  likes_count: z.int().min(0),
});
