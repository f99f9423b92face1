import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { TodayCheckIn } from './api/today.ts';

/**
 * Check-ins tapped without a connection, kept in the browser until they are sent. Each belongs to
 * the account that made it: another account on the same browser never sends or sees it.
 */
export interface QueuedCheckIn {
  key: string;
  userId: number;
  roomId: number;
  body: TodayCheckIn & { checked_in_at: string };
}

interface OutboxSchema extends DBSchema {
  'check-ins': { key: string; value: QueuedCheckIn; indexes: { 'by-user': number } };
}

const DATABASE = 'ritual-outbox';
let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;

const database = (): Promise<IDBPDatabase<OutboxSchema>> =>
  (opened ??= openDB<OutboxSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('check-ins', { keyPath: 'key' }).createIndex('by-user', 'userId');
    },
  }));

export async function queueCheckIn(entry: QueuedCheckIn): Promise<void> {
  await (await database()).put('check-ins', entry);
}

export async function queuedCheckIns(userId: number): Promise<QueuedCheckIn[]> {
  return (await database()).getAllFromIndex('check-ins', 'by-user', userId);
}

export async function forgetCheckIn(key: string): Promise<void> {
  await (await database()).delete('check-ins', key);
}
