import { atom } from 'nanostores';
import { toggleRecordSave } from '../lib/api/off-the-record.ts';
import { roomPaths, toggleRoomPostSave } from '../lib/api/rooms.ts';
import { squarePaths, toggleSquarePostSave } from '../lib/api/square.ts';
import { createMutatorStore } from './query.ts';

/** What a member may save (저장), by its model type. */
export type SaveKind = 'square_post' | 'off_the_record' | 'ritual_session_post';

interface SaveTarget {
  kind: SaveKind;
  id: number;
}

const SAVES: Record<SaveKind, { toggle: (id: number) => Promise<boolean>; savedList: string | null }> = {
  square_post: { toggle: toggleSquarePostSave, savedList: squarePaths.saved },
  off_the_record: { toggle: toggleRecordSave, savedList: null },
  ritual_session_post: { toggle: toggleRoomPostSave, savedList: roomPaths.savedPosts },
};

/**
 * 저장, toggled on the server, which answers whether the thing is saved now. The member's saved
 * list changed with it, so its pages are read anew when next shown.
 */
export const $toggleSave = createMutatorStore<SaveTarget, boolean>(async ({ data: { kind, id }, invalidate }) => {
  const { toggle, savedList } = SAVES[kind];
  const saved = await toggle(id);
  if (savedList !== null) invalidate((key) => key.startsWith(savedList));
  return saved;
});

/** One 저장 button's state, seeded from the page: the server's answer is what is shown. */
export function createSaveToggle(target: SaveTarget, initialSaved: boolean) {
  const $saved = atom(initialSaved);
  const toggle = async (): Promise<void> => {
    const answer = await $toggleSave.mutate(target);
    if (answer !== undefined) $saved.set(answer);
  };
  return { $saved, toggle };
}
