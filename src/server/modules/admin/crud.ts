import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../domain-errors.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageMeta, pageQuery } from '../../http/pagination.ts';
import { idParam, INT4_MAX } from '../../http/route-id.ts';
import { recordAudit } from './audit.ts';
import type { AuditActor } from './audit.ts';
import { auditActorOf } from './guard.ts';

export const ADMIN_PER_PAGE = 25;
export const ADMIN_PER_PAGE_MAX = 100;
const ID_LIST_MAX = 100;

/** `?page&per_page&sort&order&q&ids` of every console list; each resource adds its own filters. */
export const listQuery = pageQuery({ fallback: ADMIN_PER_PAGE, max: ADMIN_PER_PAGE_MAX }).extend({
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order는 asc 또는 desc여야 합니다.' }).default('desc'),
  q: z.string().trim().max(100).optional(),
  ids: z
    .string()
    .max(1200)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids는 쉼표로 구분한 숫자여야 합니다.')
    .transform((value) => value.split(',').map(Number).slice(0, ID_LIST_MAX))
    .refine((ids) => ids.every((id) => id >= 1 && id <= INT4_MAX), 'ids에 없는 번호가 있습니다.')
    .optional(),
});

type Row<T extends PgTable> = T['$inferSelect'];
type Values<T extends PgTable> = Partial<T['$inferInsert']>;

export interface CrudResource<T extends PgTable, Create extends z.ZodType, Update extends z.ZodType> {
  /** The URL segment: /api/admin/{path}. */
  path: string;
  /** The audit log's model type. */
  modelType: string;
  table: T;
  id: PgColumn;
  /** What a list may be sorted by (`?sort=`), by API name; the first is the default. */
  sortable: Record<string, AnyColumn>;
  /** Columns `?q=` searches (case-insensitive substring). */
  search?: PgColumn[];
  /** Further filters from the query string, each by its own name. */
  filters?: Record<string, (value: string) => SQL | undefined>;
  create?: Create;
  update?: Update;
  /** The input as column values (sanitising rich text, deriving columns); runs inside the transaction. */
  toValues: (db: Db, input: z.output<Create> | z.output<Update>, existing: Row<T> | null) => Promise<Values<T>> | Values<T>;
  toResource: (row: Row<T>) => Record<string, unknown>;
  /** False when the resource deletes through a route of its own (files to take back, rules to apply). */
  deletable?: boolean;
  /** Whether a row may be deleted; a message says why not (answered 409). */
  canDelete?: (db: Db, row: Row<T>) => Promise<string | null>;
  /** Runs after a write inside its transaction: versions, caches, search index. */
  afterWrite?: (db: Db, row: Row<T>, before: Row<T> | null, actor: AuditActor) => Promise<void>;
  /** Runs after a delete inside its transaction: what was kept about the row elsewhere. */
  afterDelete?: (db: Db, row: Row<T>) => Promise<void>;
}

export const NOT_FOUND = '요청하신 항목을 찾을 수 없어요.';

/**
 * The column a list is sorted by, by its API name; undefined for any other name. Only the map's
 * own names count: `?sort=toString` must not reach Object.prototype's.
 */
export const sortColumnOf = <C>(sortable: Record<string, C>, name: string | undefined): C | undefined =>
  name !== undefined && Object.hasOwn(sortable, name) ? sortable[name] : undefined;

/** The console's list, detail, create, update and delete of one table, each change audited. */
export function crudRoutes<T extends PgTable, Create extends z.ZodType, Update extends z.ZodType>(db: Db, resource: CrudResource<T, Create, Update>) {
  const base = `/api/admin/${resource.path}`;
  const sortNames = Object.keys(resource.sortable);
  const table = resource.table as PgTable;

  async function find(executor: Db, id: number, lock = false): Promise<Row<T> | null> {
    const query = executor.select().from(table).where(eq(resource.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return (row as Row<T> | undefined) ?? null;
  }

  const app = new Hono<AppEnv>()
    .get(base, async (c) => {
      const query = validateQuery(c, listQuery);
      const conditions: (SQL | undefined)[] = [];
      if (query.ids) conditions.push(inArray(resource.id, query.ids));
      if (query.q && resource.search?.length) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(or(...resource.search.map((column) => ilike(column, pattern))));
      }
      for (const [name, filter] of Object.entries(resource.filters ?? {})) {
        const value = c.req.query(name);
        if (value !== undefined && value !== '') conditions.push(filter(value));
      }
      const where = and(...conditions);
      const sortColumn = sortColumnOf(resource.sortable, query.sort) ?? resource.sortable[sortNames[0]!]!;
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(direction(sortColumn), direction(resource.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(table).where(where),
      ]);
      return c.json({ data: (rows as Row<T>[]).map(resource.toResource), meta: pageMeta(query.page, query.per_page, total?.value ?? 0) });
    })
    .get(`${base}/:id`, async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const row = await find(db, id);
      if (!row) throw notFound(NOT_FOUND);
      return c.json({ data: resource.toResource(row) });
    });

  if (resource.create) {
    const schema = resource.create;
    app.post(base, async (c) => {
      const input = validateBody(c, schema);
      const actor = auditActorOf(c);
      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const values = await resource.toValues(executor, input, null);
        const [created] = (await executor.insert(table).values(values as never).returning()) as Row<T>[];
        await recordAudit(executor, actor, { action: 'create', modelType: resource.modelType, modelId: created!.id as number, after: created! });
        await resource.afterWrite?.(executor, created!, null, actor);
        return created!;
      });
      return c.json({ data: resource.toResource(row) }, 201);
    });
  }

  if (resource.update) {
    const schema = resource.update;
    app.patch(`${base}/:id`, async (c) => {
      const input = validateBody(c, schema);
      const id = idParam(c, 'id', NOT_FOUND);
      const actor = auditActorOf(c);
      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const before = await find(executor, id, true);
        if (!before) throw notFound(NOT_FOUND);
        const values = await resource.toValues(executor, input, before);
        // A form sent with nothing changed is answered as it stands, with no audit row.
        if (Object.keys(values).length === 0) return before;
        const [after] = (await executor.update(table).set(values as never).where(eq(resource.id, id)).returning()) as Row<T>[];
        await recordAudit(executor, actor, { action: 'update', modelType: resource.modelType, modelId: id, before, after: after! });
        await resource.afterWrite?.(executor, after!, before, actor);
        return after!;
      });
      return c.json({ data: resource.toResource(row) });
    });
  }

  if (resource.deletable === false) return app;
  app.delete(`${base}/:id`, async (c) => {
    const id = idParam(c, 'id', NOT_FOUND);
    const actor = auditActorOf(c);
    await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const before = await find(executor, id, true);
      if (!before) throw notFound(NOT_FOUND);
      const refusal = await resource.canDelete?.(executor, before);
      if (refusal) throw conflict(refusal);
      await executor.delete(table).where(eq(resource.id, id));
      await recordAudit(executor, actor, { action: 'delete', modelType: resource.modelType, modelId: id, before });
      await resource.afterDelete?.(executor, before);
    });
    return c.body(null, 204);
  });

  return app;
}
