import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { readerOf, requireMember } from '../../http/visitor.ts';
import { reportResource } from './resource.ts';
import { reportInput } from './schema.ts';
import { createReport } from './service.ts';

// A member reports a few things a day at most; a script reporting everything is stopped here.
const REPORT_RULE = { name: 'report-create', limit: 20, windowSeconds: 600 };

export function reportRoutes(db: Db) {
  return new Hono<AppEnv>().post('/api/reports', async (c) => {
    const user = requireMember(c);
    const input = validateBody(c, reportInput);
    await enforceRateLimit(db, c, REPORT_RULE, String(user.id));
    const report = await createReport(db, { ...readerOf(c), userId: user.id }, {
      modelType: input.model_type,
      modelId: input.model_id,
      reason: input.reason,
      detail: input.detail,
    });
    return c.json({ data: reportResource(report) }, 201);
  });
}
