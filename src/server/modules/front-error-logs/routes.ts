import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { bodyOf, currentUser, validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { payloadTooLarge } from '../../http/errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { apiTime } from '../../http/serialize.ts';
import { FRONT_ERROR_LIMITS } from './limits.ts';
import { FRONT_ERROR_BODY_LIMIT_BYTES, frontErrorInput } from './schema.ts';
import { recordFrontError } from './service.ts';

export function frontErrorLogRoutes(db: Db) {
  return new Hono<AppEnv>().post(
    '/api/front-error-logs',
    // In this order: a report refused for its address is not counted against everyone's hour.
    rateLimit(db, FRONT_ERROR_LIMITS.perMinute),
    rateLimit(db, FRONT_ERROR_LIMITS.perDay),
    rateLimit(db, FRONT_ERROR_LIMITS.sitePerHour),
    async (c) => {
      if (bodyOf(c).bytes > FRONT_ERROR_BODY_LIMIT_BYTES) throw payloadTooLarge(FRONT_ERROR_BODY_LIMIT_BYTES);
      const input = validateBody(c, frontErrorInput);
      const log = await recordFrontError(db, {
        message: input.message,
        stack: input.stack,
        url: input.url,
        userAgent: input.user_agent ?? c.req.header('user-agent'),
        context: input.context,
        userId: currentUser(c)?.id ?? null,
        ipAddress: c.get('clientIp'),
        requestId: c.get('requestId'),
      });
      c.get('log').warn({ frontError: { id: log.id, message: input.message, url: input.url } }, 'browser error reported');
      return c.json({ data: { id: log.id, created_at: apiTime(log.createdAt) } }, 201);
    },
  );
}
