import type { z } from 'zod';
import type { postDetailResource } from '../../server/modules/square/resource.ts';
import type { categoryPasswordInput, postCreateInput, postPasswordInput, postUpdateInput } from '../../server/modules/square/schema.ts';
import type { Answer, Body } from './body.ts';
import { multipart } from './body.ts';
import { clientFor } from './clients.ts';

type SquarePostDetail = ReturnType<typeof postDetailResource>;
/** The composer's fields; `password` left out keeps the one a post has. */
export type SquarePostDraft = Omit<Body<typeof postCreateInput>, 'is_notice'> & { is_notice?: boolean };
export type SquarePostChange = SquarePostDraft & Pick<Body<typeof postUpdateInput>, 'remove_password'>;

export const squarePaths = {
  list: '/api/square-posts',
  saved: '/api/square-posts/saved',
  byMember: (userId: number): string => `/api/square-posts/users/${userId}`,
} as const;

// The composer tells a failure under its fields: no alert, no step back.
const composer = clientFor({ quiet: true });

/** `POST /api/square-posts`, multipart: the new post. */
export async function createSquarePost(draft: SquarePostDraft): Promise<SquarePostDetail> {
  const { data } = await composer.post<Answer<SquarePostDetail>>(squarePaths.list, multipart(draft));
  return data;
}

export async function updateSquarePost(postId: number, change: SquarePostChange): Promise<SquarePostDetail> {
  const { data } = await composer.put<Answer<SquarePostDetail>>(`${squarePaths.list}/${postId}`, multipart(change));
  return data;
}

export const deleteSquarePost = (postId: number): Promise<unknown> => clientFor().del(`${squarePaths.list}/${postId}`);

// A wrong password answers 403: told under the field, not as "no permission" and a step back.
const WRONG_PASSWORD_IS_OURS = { handles: [403] } as const;

/** The server keeps the unlock for this browser session. */
export const unlockSquareCategory = (input: z.output<typeof categoryPasswordInput>): Promise<unknown> =>
  clientFor().post('/api/square-posts/check-category-password', input, WRONG_PASSWORD_IS_OURS);

export const unlockSquarePost = (input: z.output<typeof postPasswordInput>): Promise<unknown> =>
  clientFor().post('/api/square-posts/check-password', input, WRONG_PASSWORD_IS_OURS);

/** Whether the post is saved now. */
export async function toggleSquarePostSave(postId: number): Promise<boolean> {
  const { data } = await clientFor().post<Answer<{ saved: boolean }>>(`${squarePaths.list}/${postId}/toggle-save`);
  return data.saved;
}
