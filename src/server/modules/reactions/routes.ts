import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import { readerOf, requireMember } from '../../http/visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reactionUserResource } from './resource.ts';
import { listReactionUsers, toggleReaction } from './service.ts';
import { reactionToggleInput, reactionUsersQuery } from './schema.ts';

const TOGGLE_RULE = { name: 'reaction-toggle', limit: 120, windowSeconds: 60 };

export function reactionRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post('/api/reactions', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, reactionToggleInput);
      await enforceRateLimit(db, c, TOGGLE_RULE, String(user.id));
      const reader = { ...readerOf(c), userId: user.id };
      const { reacted, summary } = await toggleReaction(db, reader, input.model_type, input.model_id, input.reaction_type);
      return c.json({
        data: {
          reacted,
          reaction_type: input.reaction_type,
          reaction_counts: summary.counts,
          my_reactions: summary.mine,
          reactions_count: summary.total,
        },
      });
    })
    .get('/api/reactions/users', async (c) => {
      const query = validateQuery(c, reactionUsersQuery);
      const list = await listReactionUsers(db, readerOf(c), query.model_type, query.model_id, query.reaction_type);
      return c.json({ data: list.map(reactionUserResource) });
    });
}
