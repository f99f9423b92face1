import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import { markQueued } from './outbox-policy.ts';
import type { RoomPostCategoryName } from './rooms.ts';

/**
 * Check-ins and records made without a connection, kept in the browser until they are sent, by
 * the page or by the service worker (src/service-worker/outbox-sync.ts), so written for both. Each
 * belongs to the account that made it: another account on the same browser never sends or sees it.
 * The key goes with the request as its Idempotency-Key, so a send whose answer was lost is not a second write.
 */
export interface CheckInBody {
  check_in_text_id?: number;
  content?: string;
  checked_in_at: string;
}

export interface QueuedCheckIn {
  key: string;
  userId: number;
  roomId: number;
  body: CheckInBody;
}

export interface RecordDraft {
  category: RoomPostCategoryName;
  title: string;
  content: string;
  is_public: boolean;
}

export interface QueuedRecord {
  key: string;
  userId: number;
  roomId: number;
  draft: RecordDraft;
  queuedAt: string;
}

interface OutboxSchema extends DBSchema {
  'check-ins': { key: string; value: QueuedCheckIn; indexes: { 'by-user': number } };
  records: { key: string; value: QueuedRecord; indexes: { 'by-user': number } };
}

const DATABASE = 'ritual-outbox';
let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;

const database = (): Promise<IDBPDatabase<OutboxSchema>> =>
  (opened ??= openDB<OutboxSchema>(DATABASE, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore('check-ins', { keyPath: 'key' }).createIndex('by-user', 'userId');
      if (oldVersion < 2) db.createObjectStore('records', { keyPath: 'key' }).createIndex('by-user', 'userId');
    },
  }));

export async function queueCheckIn(entry: QueuedCheckIn): Promise<void> {
  await (await database()).put('check-ins', entry);
  markQueued(entry.userId);
}

export async function queuedCheckIns(userId: number): Promise<QueuedCheckIn[]> {
  return (await database()).getAllFromIndex('check-ins', 'by-user', userId);
}

export async function forgetCheckIn(key: string): Promise<void> {
  await (await database()).delete('check-ins', key);
}

export async function queueRecord(entry: QueuedRecord): Promise<void> {
  await (await database()).put('records', entry);
  markQueued(entry.userId);
}

export async function queuedRecords(userId: number): Promise<QueuedRecord[]> {
  return (await database()).getAllFromIndex('records', 'by-user', userId);
}

export async function forgetRecord(key: string): Promise<void> {
  await (await database()).delete('records', key);
}
