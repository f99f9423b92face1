import { map } from 'nanostores';
import { COMMENT_MESSAGES } from '../lib/comment-rules.ts';
import { afterNextPaint } from '../lib/next-paint.ts';

/** Sends a comment's text; resolves the messages to show, or null when it went in. */
export type CommentSender = (content: string, isAnonymous: boolean) => Promise<string[] | null>;

/**
 * One write box for a comment or a reply: an empty text is told here and never sent; the sending
 * itself is the thread's (its store words the failures), handed in with each submit so that the
 * box always sends through its section's current one.
 */
export function createCommentForm() {
  const $state = map({ busy: false, messages: [] as string[] });

  const clear = (): void => $state.setKey('messages', []);

  /** Resolves true when the comment went in, for the box to empty itself. */
  const submit = async (content: string, isAnonymous: boolean, send: CommentSender): Promise<boolean> => {
    if ($state.get().busy) return false;
    const text = content.replace(/\r/g, '').trim();
    if (!text) {
      $state.setKey('messages', [COMMENT_MESSAGES.content]);
      return false;
    }
    $state.set({ busy: true, messages: [] });
    await afterNextPaint();
    const problems = await send(text, isAnonymous);
    $state.set({ busy: false, messages: problems ?? [] });
    return problems === null;
  };

  return { $state, clear, submit };
}
