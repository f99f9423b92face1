import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { saves } from '../../src/server/db/schema/index.ts';
import { forbidden, notFound } from '../../src/server/domain-errors.ts';
import type { ModelKind } from '../../src/server/modules/models/kind.ts';
import { registerModelKind } from '../../src/server/modules/models/registry.ts';
import { toggleSave } from '../../src/server/modules/saves/service.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

/**
 * A kind that ships nowhere: notes kept in this file's memory. Registered, it gets comments,
 * reactions, their notifications and saves from the modules that own them, none of which knows it.
 */
interface Note {
  ownerId: number;
  title: string;
  archived: boolean;
  comments: number;
  reactions: number;
}

const notes = new Map<number, Note>();

const noteKind: ModelKind = {
  async open(_db, _reader, id) {
    const note = notes.get(id);
    if (!note) throw notFound('노트를 찾을 수 없어요.');
    return { ownerId: note.ownerId, isAnonymous: false };
  },
  async openForAction(db, reader, id) {
    const target = await this.open(db, reader, id);
    if (notes.get(id)!.archived) throw forbidden('보관된 노트에는 댓글이나 반응을 남길 수 없어요.');
    return target;
  },
  async target(_db, id) {
    const note = notes.get(id);
    return note ? { ownerId: note.ownerId, isAnonymous: false } : null;
  },
  async bumpComments(_tx, id, delta) {
    notes.get(id)!.comments += delta;
  },
  async bumpReactions(_tx, id, delta) {
    notes.get(id)!.reactions += delta;
  },
  async subject(_tx, id) {
    const note = notes.get(id);
    if (!note) return null;
    return { ownerId: note.ownerId, isAnonymous: false, title: note.title, squarePostCategorySlug: null, ritualSessionId: null, ritualSessionThreadId: null, id };
  },
};

const testDb = useTestDatabase();
beforeAll(() => registerModelKind('test_note', noteKind));

describe('a model kind is a plug-in', () => {
  it('gets comments, reactions, their notifications and saves without a line in those modules', async () => {
    const db = testDb().database.db;
    const owner = await signedInMember(db);
    const reader = await signedInMember(db);
    notes.set(1, { ownerId: owner.user.id, title: '오늘의 노트', archived: false, comments: 0, reactions: 0 });

    const comment = await reader.client.post('/api/comments', { json: { model_type: 'test_note', model_id: 1, content: '잘 읽었어요' } });
    expect(comment.status).toBe(201);
    expect(notes.get(1)!.comments).toBe(1);
    const reaction = await reader.client.post('/api/reactions', { json: { model_type: 'test_note', model_id: 1, reaction_type: 'cheer' } });
    expect(reaction.status).toBe(200);
    expect(reaction.body.data).toMatchObject({ reacted: true, reactions_count: 1 });
    expect(notes.get(1)!.reactions).toBe(1);
    const reactors = await owner.client.get('/api/reactions/users?model_type=test_note&model_id=1');
    expect(reactors.body.data.map((user: { id: number }) => user.id)).toEqual([reader.user.id]);

    const inbox = await owner.client.get('/api/notifications');
    expect(inbox.body.data.map((item: { data: { title: string } }) => item.data.title)).toEqual(['오늘의 노트', '오늘의 노트']);

    expect(await toggleSave(db, { userId: reader.user.id, sessionId: null }, 'test_note', 1)).toBe(true);
    const saved = await db.select().from(saves).where(and(eq(saves.userId, reader.user.id), eq(saves.modelType, 'test_note')));
    expect(saved).toHaveLength(1);

    expect((await reader.client.request('DELETE', `/api/comments/${comment.body.data.id}`)).status).toBe(204);
    expect(notes.get(1)!.comments).toBe(0);
  });

  it('keeps its own rules: who may read it, and who may act on it', async () => {
    const db = testDb().database.db;
    const owner = await signedInMember(db);
    const reader = await signedInMember(db);
    notes.set(2, { ownerId: owner.user.id, title: '보관한 노트', archived: true, comments: 0, reactions: 0 });
    const refused = await reader.client.post('/api/comments', { json: { model_type: 'test_note', model_id: 2, content: '늦었나요?' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('보관된 노트에는 댓글이나 반응을 남길 수 없어요.');
    expect((await reader.client.post('/api/reactions', { json: { model_type: 'test_note', model_id: 2, reaction_type: 'like' } })).status).toBe(403);
    await expect(toggleSave(db, { userId: reader.user.id, sessionId: null }, 'test_note', 2)).rejects.toThrow('보관된 노트');
    // Reading is still open: the list of who reacted answers.
    expect((await reader.client.get('/api/reactions/users?model_type=test_note&model_id=2')).status).toBe(200);
    expect((await reader.client.post('/api/comments', { json: { model_type: 'test_note', model_id: 99, content: '?' } })).status).toBe(404);
    expect((await reader.client.post('/api/comments', { json: { model_type: 'unknown_note', model_id: 1, content: '?' } })).status).toBe(422);
  });
});
