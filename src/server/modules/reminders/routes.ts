import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { idParam } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { reminderResource } from './resource.ts';
import { REMINDER_MESSAGES, reminderInput } from './schema.ts';
import { listReminders, updateReminder } from './service.ts';

/** The member's reminders (API-CONVENTIONS.md, "Reminders and push"); sending them is a job (jobs/reminders.ts). */
export function reminderRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/me/reminders', async (c) => {
      const user = requireMember(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: (await listReminders(db, user.id)).map(reminderResource) });
    })
    .put(
      '/api/me/reminders/:ritualSessionId',
      rateLimit(db, { name: 'reminders', limit: 120, windowSeconds: 3600, key: (c) => String(c.get('user')?.id ?? c.get('clientIp')) }),
      async (c) => {
        const user = requireMember(c);
        const sessionId = idParam(c, 'ritualSessionId', REMINDER_MESSAGES.notFound);
        const input = validateBody(c, reminderInput);
        return c.json({ data: reminderResource(await updateReminder(db, user.id, sessionId, input)) });
      },
    );
}
