import { and, count, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLogs, users } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageMeta, pageQuery } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import { apiTime } from '../../http/serialize.ts';
import { ADMIN_PER_PAGE, ADMIN_PER_PAGE_MAX, NOT_FOUND } from './crud.ts';

export const auditListQuery = pageQuery({ fallback: ADMIN_PER_PAGE, max: ADMIN_PER_PAGE_MAX }).extend({
  model_type: z.string().max(64).optional(),
  model_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  actor_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

const columns = {
  id: auditLogs.id,
  actor_id: auditLogs.actorId,
  actor_nickname: users.nickname,
  action: auditLogs.action,
  model_type: auditLogs.modelType,
  model_id: auditLogs.modelId,
  before: auditLogs.before,
  after: auditLogs.after,
  request_id: auditLogs.requestId,
  ip_address: auditLogs.ipAddress,
  created_at: auditLogs.createdAt,
};

// As the select answers it: the actor may be gone (set null), and with it the nickname.
interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_nickname: string | null;
  action: string;
  model_type: string;
  model_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  ip_address: string | null;
  created_at: Date;
}

export const auditLogResource = (row: AuditRow) => ({ ...row, created_at: apiTime(row.created_at) });

/** The audit log, newest first: read-only, there is no route that changes it. */
export function auditRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/admin/audit-logs', async (c) => {
      const query = validateQuery(c, auditListQuery);
      const conditions: SQL[] = [];
      if (query.model_type) conditions.push(eq(auditLogs.modelType, query.model_type));
      if (query.model_id) conditions.push(eq(auditLogs.modelId, query.model_id));
      if (query.actor_id) conditions.push(eq(auditLogs.actorId, query.actor_id));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(auditLogs)
          .leftJoin(users, eq(users.id, auditLogs.actorId))
          .where(where)
          .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(auditLogs).where(where),
      ]);
      return c.json({ data: rows.map(auditLogResource), meta: pageMeta(query.page, query.per_page, total?.value ?? 0) });
    })
    .get('/api/admin/audit-logs/:id', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const [row] = await db.select(columns).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.actorId)).where(eq(auditLogs.id, id)).limit(1);
      if (!row) throw notFound(NOT_FOUND);
      return c.json({ data: auditLogResource(row) });
    });
}
