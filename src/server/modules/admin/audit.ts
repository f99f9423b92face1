import type { Db } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/index.ts';

/** Who made a change and through which request: what every audit row carries. */
export interface AuditActor {
  userId: number;
  requestId: string | null;
  ip: string | null;
}

export interface AuditEntry {
  /** A verb in the console's words: `create`, `update`, `delete`, `ship`, `hide`, `suspend` … */
  action: string;
  modelType: string;
  modelId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

// A password's hash, a second factor's secret or a token: the log says whether one was set, never what.
const SECRET_KEY = /password|secret|token/i;
export const REDACTED = '(가려진 값)';

/** Dates as ISO strings, so a row reads the same in the console as in the database; secrets masked. */
function snapshot(record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  return JSON.parse(JSON.stringify(record), (key, value: unknown) => (SECRET_KEY.test(key) && value !== null ? REDACTED : value)) as Record<string, unknown>;
}

/**
 * Writes one audit row. Call it inside the transaction of the change itself, so a change without
 * its row (or a row without its change) cannot happen.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    actorId: actor.userId,
    action: entry.action,
    modelType: entry.modelType,
    modelId: entry.modelId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: actor.requestId,
    ipAddress: actor.ip,
  });
}
