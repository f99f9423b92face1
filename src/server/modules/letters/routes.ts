import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import { sessionIdOf } from '../room-progress/routes.ts';
import { letterResource } from './resource.ts';
import { letterInput } from './schema.ts';
import { findMyLetter, writeLetter } from './service.ts';

/** The letter to myself (issue 18, item 7): its author writes and reads it; delivery is a job (jobs/letters.ts). */
export function letterRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/ritual-sessions/:id/message-to-myself', async (c) => {
      const user = requireMember(c);
      const { session, letter, now } = await findMyLetter(db, user, sessionIdOf(c));
      return c.json({
        data: letter ? letterResource(letter, session, now) : null,
      });
    })
    .post('/api/ritual-sessions/:id/message-to-myself', async (c) => {
      const user = requireMember(c);
      const id = sessionIdOf(c);
      const { content } = validateBody(c, letterInput);
      const { view, created } = await writeLetter(db, user, id, content);
      return c.json({ data: letterResource(view.letter, view.session, view.now) }, created ? 201 : 200);
    });
}
