import type { ValidationErrors } from '../lib/api-errors.ts';
import { createSquarePost, updateSquarePost } from '../lib/api/square.ts';
import { POST_PASSWORD_MAX, POST_PASSWORD_MIN, SQUARE_MESSAGES } from '../lib/square-rules.ts';
import { createSubmit } from './form-submit.ts';

/** What the composer holds when it is sent. */
export interface SquareComposition {
  square_post_category_id: string;
  title: string;
  password: string;
  html: string;
  /** The editor holds more than empty markup. */
  filled: boolean;
  is_anonymous: boolean;
  is_notice: boolean;
  remove_password: boolean;
}

interface ComposerOptions {
  /** The post being edited; none for a new one. */
  postId: number | null;
  /** The boards that let a member post anonymously, by id. */
  anonymousBoards: ReadonlySet<number>;
  /** Staff mark notices. */
  canPostNotice: boolean;
}

/** What the browser can tell before sending; the server checks everything again. */
function localProblems(post: SquareComposition): ValidationErrors {
  const errors: ValidationErrors = {};
  if (!post.square_post_category_id) errors.square_post_category_id = [SQUARE_MESSAGES.category];
  if (!post.title.trim()) errors.title = [SQUARE_MESSAGES.title];
  if (!post.filled) errors.content = [SQUARE_MESSAGES.content];
  const { length } = post.remove_password ? '' : post.password;
  if (length > 0 && (length < POST_PASSWORD_MIN || length > POST_PASSWORD_MAX)) errors.password = [SQUARE_MESSAGES.password];
  return errors;
}

/**
 * The square's composer (/compose/post and /compose/post-edit): checks the draft, creates or
 * updates the post (multipart), and answers where the post now opens.
 */
export function createSquareComposer({ postId, anonymousBoards, canPostNotice }: ComposerOptions) {
  return createSubmit(localProblems, async (post: SquareComposition): Promise<string> => {
    const categoryId = Number(post.square_post_category_id);
    const draft = {
      square_post_category_id: categoryId,
      title: post.title.trim(),
      content: post.html,
      is_anonymous: anonymousBoards.has(categoryId) && post.is_anonymous,
      ...(canPostNotice ? { is_notice: post.is_notice } : {}),
      // Left empty while editing, the post keeps the password it has.
      ...(post.password && !post.remove_password ? { password: post.password } : {}),
    };
    const data = postId === null ? await createSquarePost(draft) : await updateSquarePost(postId, { ...draft, remove_password: post.remove_password });
    return `/square/${encodeURIComponent(data.category.slug)}/${data.id}`;
  });
}
