import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import { readerOf, requireMember } from '../../http/visitor.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { forbidden } from '../../domain-errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { idParam } from '../../http/route-id.ts';
import { assertMayPost } from '../users/posting-limit.ts';
import { commentResource } from './resource.ts';
import { COMMENT_MESSAGES, commentCreateInput, commentUpdateInput } from './schema.ts';
import { createComment, deleteComment, toggleCommentLike, updateComment } from './service.ts';

// Generous for a conversation, tight enough that a script cannot flood a thread.
const CREATE_RULE = { name: 'comment-create', limit: 20, windowSeconds: 60 };
const LIKE_RULE = { name: 'comment-like', limit: 120, windowSeconds: 60 };

/** The signed-in member with the session that may hold password unlocks. */
function writer(c: AppContext, requireVerified = false) {
  const user = requireMember(c);
  if (requireVerified && !user.emailVerifiedAt) throw forbidden(COMMENT_MESSAGES.unverified);
  return { user, reader: { ...readerOf(c), userId: user.id } };
}

const commentId = (c: AppContext): number => idParam(c, 'id', COMMENT_MESSAGES.notFound);

export function commentRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post('/api/comments', async (c) => {
      const { user, reader } = writer(c, true);
      assertMayPost(user);
      const input = validateBody(c, commentCreateInput);
      await enforceRateLimit(db, c, CREATE_RULE, String(user.id));
      const comment = await createComment(db, reader, {
        modelType: input.model_type,
        modelId: input.model_id,
        content: input.content,
        parentId: input.parent_id,
        isAnonymous: input.is_anonymous,
      });
      return c.json({ data: commentResource(comment) }, 201);
    })
    .put('/api/comments/:id', async (c) => {
      const { reader } = writer(c);
      const id = commentId(c);
      const { content } = validateBody(c, commentUpdateInput);
      return c.json({ data: commentResource(await updateComment(db, reader, id, content)) });
    })
    .delete('/api/comments/:id', async (c) => {
      const { user } = writer(c);
      await deleteComment(db, user, commentId(c));
      return c.body(null, 204);
    })
    .post('/api/comments/:id/like', async (c) => {
      const { user, reader } = writer(c);
      const id = commentId(c);
      await enforceRateLimit(db, c, LIKE_RULE, String(user.id));
      const { liked, likesCount } = await toggleCommentLike(db, reader, id);
      return c.json({ data: { liked, likes_count: likesCount } });
    });
}
