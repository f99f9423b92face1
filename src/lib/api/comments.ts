import type { commentResource } from '../../server/modules/comments/resource.ts';
import type { commentCreateInput, commentUpdateInput } from '../../server/modules/comments/schema.ts';
import type { Answer, Body } from './body.ts';
import { multipart } from './body.ts';
import { clientFor } from './clients.ts';

type Comment = ReturnType<typeof commentResource>;
export type CommentDraft = Omit<Body<typeof commentCreateInput>, 'is_anonymous'> & { is_anonymous: boolean };

export async function createComment(draft: CommentDraft): Promise<Comment> {
  const { data } = await clientFor().post<Answer<Comment>>('/api/comments', { ...draft });
  return data;
}

// Sent as a form, as the comment box always has: the server reads either.
export async function updateComment(commentId: number, change: Body<typeof commentUpdateInput>): Promise<Comment> {
  const { data } = await clientFor().put<Answer<Comment>>(`/api/comments/${commentId}`, multipart(change));
  return data;
}

export const deleteComment = (commentId: number): Promise<unknown> => clientFor().del(`/api/comments/${commentId}`);

export async function likeComment(commentId: number): Promise<{ liked: boolean; likes_count: number }> {
  const { data } = await clientFor().post<Answer<{ liked: boolean; likes_count: number }>>(`/api/comments/${commentId}/like`);
  return data;
}
