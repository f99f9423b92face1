import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { commentResource } from './resource.ts';

export const commentAuthorAnswer = z.strictObject({
  id: z.int(),
  nickname: z.string(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
});

interface CommentShape {
  id: number;
  parent_id: number | null;
  content: string;
  is_anonymous: boolean;
  author: z.infer<typeof commentAuthorAnswer> | null;
  author_name: string | null;
  likes_count: number;
  is_liked: boolean;
  is_mine: boolean;
  is_deleted: boolean;
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
  replies: CommentShape[];
}

/** A comment with its replies (one level: a reply's own replies are empty). */
export const commentAnswer: z.ZodType<CommentShape> = z
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
