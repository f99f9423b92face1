import { map } from 'nanostores';
import { unlockSquareCategory, unlockSquarePost } from '../lib/api/square.ts';
import { POST_PASSWORD_MIN, SQUARE_MESSAGES } from '../lib/square-rules.ts';

export type UnlockKind = 'category' | 'post';

/**
 * The password of a protected category or post: `problem` is a line to show as it is (nothing or
 * too little typed), any failure of the call is kept as `failure` for the island to word. `send`
 * resolves true once the server keeps the unlock for this browser session; busy stays true then,
 * as the page is loaded again at once.
 */
export function createSquareUnlock(kind: UnlockKind, targetId: number) {
  const $state = map({ busy: false, problem: '', failure: undefined as unknown });

  const clear = (): void => $state.set({ ...$state.get(), problem: '', failure: undefined });

  const send = async (password: string): Promise<boolean> => {
    if ($state.get().busy) return false;
    if (password.length < POST_PASSWORD_MIN) {
      $state.set({ busy: false, problem: password === '' ? SQUARE_MESSAGES.passwordRequired : SQUARE_MESSAGES.passwordTooShort, failure: undefined });
      return false;
    }
    $state.set({ busy: true, problem: '', failure: undefined });
    try {
      if (kind === 'category') await unlockSquareCategory({ square_post_category_id: targetId, password });
      else await unlockSquarePost({ square_post_id: targetId, password });
      return true;
    } catch (error) {
      $state.set({ busy: false, problem: '', failure: error });
      return false;
    }
  };

  return { $state, clear, send };
}
