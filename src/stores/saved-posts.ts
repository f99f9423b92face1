import { api } from '../lib/browser-api.ts';
import { createMutatorStore } from './query.ts';

const SAVED_LIST = '/api/square-posts/saved';

/**
 * 저장 of a square post, toggled on the server, which answers whether it is saved now. The
 * member's saved list changed with it, so its pages are read anew when next shown.
 */
export const $toggleSave = createMutatorStore<number, boolean>(async ({ data: postId, invalidate }) => {
  const { data } = await api.post<{ data: { saved: boolean } }>(`/api/square-posts/${postId}/toggle-save`);
  invalidate((key) => key.startsWith(SAVED_LIST));
  return data.saved;
});
