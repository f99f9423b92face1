import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { conflict, invalidInput } from '../domain-errors.ts';
import type { AppContext } from './context.ts';
import { bodyOf } from './context.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,64}$/;
// A claim that never got its answer (the process died mid-write) stops blocking retries after this.
const PENDING_STATUS = 0;
export const IDEMPOTENCY_KEY_DAYS = 1;

export const IDEMPOTENCY_MESSAGES = {
  key: 'Idempotency-Key는 1~64자의 영문, 숫자, 기호여야 합니다.',
  reused: '같은 Idempotency-Key로 다른 내용을 보냈습니다. 새 키로 다시 보내 주세요.',
  pending: '같은 요청을 처리하고 있습니다. 잠시 후 다시 시도해 주세요.',
} as const;

export interface Answered {
  status: 200 | 201;
  body: unknown;
}

/** What the member sent, stable across retries: fields sorted, files by name, type and content (a multipart boundary changes every time). */
async function bodyHash(c: AppContext): Promise<string> {
  const { fields, files } = bodyOf(c);
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))));
  for (const name of Object.keys(files).sort()) {
    for (const file of files[name]!) {
      hash.update(`\0${name}\0${file.name}\0${file.type}\0${file.size}\0`);
      hash.update(new Uint8Array(await file.arrayBuffer()));
    }
  }
  return hash.digest('base64url');
}

/**
 * Runs a write a phone may send again (a check-in or record made offline): the first answer is
 * kept under the member's key, a repeat answers it without writing, the same key with another
 * body is refused. The key is claimed before the write, so two copies racing write once; a write
 * that fails gives its key back for the retry.
 */
export async function idempotent(c: AppContext, db: Db, userId: number, write: () => Promise<Answered>) {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return reply(c, await write());
  if (!KEY_PATTERN.test(key)) throw invalidInput({ idempotency_key: [IDEMPOTENCY_MESSAGES.key] });
  const scope = `${c.req.method} ${c.req.path}`;
  const requestHash = await bodyHash(c);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, scope, requestHash, status: PENDING_STATUS, answer: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) return replay(c, db, userId, key, scope, requestHash);
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  let answered: Answered;
  try {
    answered = await write();
  } catch (error) {
    await db.delete(idempotencyKeys).where(mine);
    throw error;
  }
  await db.update(idempotencyKeys).set({ status: answered.status, answer: answered.body }).where(mine);
  return reply(c, answered);
}

async function replay(c: AppContext, db: Db, userId: number, key: string, scope: string, requestHash: string) {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Given back by a failed write between the insert and this read: the retry may go again.
  if (!stored) throw conflict(IDEMPOTENCY_MESSAGES.pending);
  if (stored.scope !== scope || stored.requestHash !== requestHash) throw invalidInput({ idempotency_key: [IDEMPOTENCY_MESSAGES.reused] });
  if (stored.status === PENDING_STATUS) throw conflict(IDEMPOTENCY_MESSAGES.pending);
  c.header('Idempotent-Replayed', 'true');
  return reply(c, { status: stored.status as Answered['status'], body: stored.answer });
}

const reply = (c: AppContext, answered: Answered) => c.json(answered.body as Record<string, unknown>, answered.status);

/** Upkeep: keys older than a day are forgotten, `limit` at a time; a phone sends its queue long before. */
export async function pruneIdempotencyKeys(db: Db, limit: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000);
  const claimed = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  const removed = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in ${claimed}`)
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
