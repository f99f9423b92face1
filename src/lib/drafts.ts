import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { DraftValue } from './draft-value.ts';

/**
 * What a member is writing in an editor, kept in this browser until it is sent (API-CONVENTIONS.md,
 * "Drafts and the member's own data"). A draft belongs to one account and one place (an editor
 * and what it writes about, `square-post:new`, `comment:square_post:12`): it is read by both, so
 * another account on the same browser never sees it.
 */

export interface StoredDraft<V extends DraftValue = DraftValue> {
  key: string;
  owner: number;
  place: string;
  value: V;
  savedAt: string;
}

interface DraftsSchema extends DBSchema {
  drafts: { key: string; value: StoredDraft; indexes: { 'by-owner': number } };
}

const DATABASE = 'ritual-drafts';
let opened: Promise<IDBPDatabase<DraftsSchema>> | undefined;

const database = (): Promise<IDBPDatabase<DraftsSchema>> =>
  (opened ??= openDB<DraftsSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: 'key' }).createIndex('by-owner', 'owner');
    },
  }));

const keyOf = (owner: number, place: string): string => `${owner}:${place}`;

export async function saveDraft<V extends DraftValue>(owner: number, place: string, value: V, now = new Date()): Promise<StoredDraft<V>> {
  const draft = { key: keyOf(owner, place), owner, place, value, savedAt: now.toISOString() };
  await (await database()).put('drafts', draft);
  return draft;
}

export async function loadDraft<V extends DraftValue>(owner: number, place: string): Promise<StoredDraft<V> | null> {
  const found = await (await database()).get('drafts', keyOf(owner, place));
  return (found as StoredDraft<V> | undefined) ?? null;
}

export async function forgetDraft(owner: number, place: string): Promise<void> {
  await (await database()).delete('drafts', keyOf(owner, place));
}

/** Another account now writes on this browser: what the ones before left is not theirs to keep here. */
export async function forgetOtherOwners(owner: number): Promise<void> {
  const db = await database();
  const keys = await db.getAllKeys('drafts');
  const tx = db.transaction('drafts', 'readwrite');
  await Promise.all([...keys.filter((key) => !key.startsWith(`${owner}:`)).map((key) => tx.store.delete(key)), tx.done]);
}

/** Signing out leaves nothing written behind on a browser someone else may use next. */
export async function forgetAllDrafts(): Promise<void> {
  await (await database()).clear('drafts');
}
