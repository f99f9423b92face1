import { map } from 'nanostores';
import { confirmModal } from './modal.ts';
import type { ConfirmOptions } from './modal.ts';

/**
 * An action that cannot be taken back (delete, cancel, confirm a purchase): asks once through the
 * shared modal, sends, then resolves where to go next, or null when the member said no, it failed
 * (kept as `failure` for the island to word) or it was already under way. Busy stays true once it
 * went through, as the page is left at once.
 */
export function createConfirmedAction(question: ConfirmOptions, send: () => Promise<unknown>, then: string) {
  const $state = map({ busy: false, failure: undefined as unknown });

  const run = async (): Promise<string | null> => {
    if ($state.get().busy) return null;
    $state.setKey('failure', undefined);
    if (!(await confirmModal(question))) return null;
    $state.setKey('busy', true);
    try {
      await send();
      return then;
    } catch (failure) {
      $state.set({ busy: false, failure });
      return null;
    }
  };

  return { $state, run };
}
