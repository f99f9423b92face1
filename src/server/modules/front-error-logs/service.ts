import type { Db } from '../../db/client.ts';
import { frontErrorLogs } from '../../db/schema/index.ts';

export interface FrontErrorInput {
  message: string;
  stack?: string | undefined;
  url?: string | undefined;
  userAgent?: string | undefined;
  context?: Record<string, unknown> | undefined;
  userId: number | null;
  ipAddress: string;
  requestId: string;
}

export async function recordFrontError(db: Db, input: FrontErrorInput): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(frontErrorLogs)
    .values({
      message: input.message,
      stack: input.stack ?? null,
      url: input.url ?? null,
      userAgent: input.userAgent ?? null,
      context: input.context ?? null,
      userId: input.userId,
      ipAddress: input.ipAddress,
      requestId: input.requestId,
    })
    .returning({ id: frontErrorLogs.id, createdAt: frontErrorLogs.createdAt });
  if (!row) throw new Error('front error log insert returned no row');
  return row;
}
