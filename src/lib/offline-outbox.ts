import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import { NETWORK_ERROR_STATUS, isApiError } from './api-errors.ts';
import type { RoomPostDraft } from './api/rooms.ts';
import type { TodayCheckIn } from './api/today.ts';

/**
 * Check-ins and records made without a connection, kept in the browser until they are sent. Each
 * belongs to the account that made it: another account on the same browser never sends or sees it.
 * The key goes with the request as its Idempotency-Key, so a send whose answer was lost is not a second write.
 */
export interface QueuedCheckIn {
  key: string;
  userId: number;
  roomId: number;
  body: TodayCheckIn & { checked_in_at: string };
}

export interface QueuedRecord {
  key: string;
  userId: number;
  roomId: number;
  draft: RoomPostDraft;
  queuedAt: string;
}

interface OutboxSchema extends DBSchema {
  'check-ins': {
    key: string;
    value: QueuedCheckIn;
    indexes: { 'by-user': number };
  };
  records: { key: string; value: QueuedRecord; indexes: { 'by-user': number } };
}

// Not now: busy with the same key, signed out for the moment (kept for when they sign in again), too many.
const LATER_STATUSES = new Set([NETWORK_ERROR_STATUS, 401, 409, 429]);

/** No answer at all, or one that says "not now" or a server fault: kept for the next try. */
export const worthRetrying = (error: unknown): boolean => !isApiError(error) || LATER_STATUSES.has(error.status) || error.status >= 500;

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
}

export async function queuedCheckIns(userId: number): Promise<QueuedCheckIn[]> {
  return (await database()).getAllFromIndex('check-ins', 'by-user', userId);
}

export async function forgetCheckIn(key: string): Promise<void> {
  await (await database()).delete('check-ins', key);
}

export async function queueRecord(entry: QueuedRecord): Promise<void> {
  await (await database()).put('records', entry);
}

export async function queuedRecords(userId: number): Promise<QueuedRecord[]> {
  return (await database()).getAllFromIndex('records', 'by-user', userId);
}

export async function forgetRecord(key: string): Promise<void> {
  await (await database()).delete('records', key);
}
