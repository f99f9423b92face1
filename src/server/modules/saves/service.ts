import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { saves } from '../../db/schema/index.ts';
import { openForAction } from '../models/kind.ts';
import type { Reader } from '../models/reader.ts';
import { modelKind } from '../models/registry.ts';

/**
 * Saves a thing of any kind for the member, or takes it off their list when it was there. The
 * member must be allowed to act on it (the kind says: a locked post must be unlocked first).
 */
export async function toggleSave(db: Db, reader: Reader & { userId: number }, modelType: string, modelId: number): Promise<boolean> {
  await openForAction(modelKind(modelType), db, reader, modelId);
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(saves).values({ modelType, modelId, userId: reader.userId }).onConflictDoNothing().returning({ id: saves.id });
    if (inserted.length > 0) return true;
    await tx.delete(saves).where(and(eq(saves.userId, reader.userId), eq(saves.modelType, modelType), eq(saves.modelId, modelId)));
    return false;
  });
}
