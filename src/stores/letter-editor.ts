import { map } from 'nanostores';
import { writeLetter } from '../lib/api/room-progress.ts';
import { LETTER_TEXTS } from '../lib/letters.ts';
import type { LetterData } from '../lib/letters.ts';

/**
 * A room's letter to oneself while the room runs: written once, then sealed; its author may open
 * it to rewrite until the end. `saved` is the line a screen reader hears once it is sealed, gone
 * as soon as the letter is opened or edited again.
 */
export function createLetterEditor(roomId: number, letter: LetterData | null) {
  const $state = map({ letter, editing: letter === null, busy: false, saved: null as string | null });

  const edited = (): void => $state.setKey('saved', null);

  const open = (): void => $state.set({ ...$state.get(), editing: true, saved: null });

  /** Only a letter already sealed can be closed unchanged. */
  const close = (): void => {
    if ($state.get().letter) $state.setKey('editing', false);
  };

  /** Resolves the sealed letter, the failure for the form to show, or null while one is on its way. */
  const write = async (content: string): Promise<{ sent: LetterData } | { failure: unknown } | null> => {
    if ($state.get().busy) return null;
    $state.setKey('busy', true);
    try {
      const written = await writeLetter(roomId, { content });
      $state.set({ letter: written, editing: false, busy: false, saved: LETTER_TEXTS.saved });
      return { sent: written };
    } catch (failure) {
      $state.setKey('busy', false);
      return { failure };
    }
  };

  return { $state, edited, open, close, write };
}
