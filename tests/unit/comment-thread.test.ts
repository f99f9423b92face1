import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

import { sampleComment } from '../helpers/contract-samples.ts';

const api = vi.hoisted(() => ({ post: vi.fn(), put: vi.fn(), del: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api, quietApi: { get: vi.fn() } }));

const { $modal, closeModal, submitModal } = await import('../../src/stores/modal.ts');
const { createCommentThread } = await import('../../src/stores/comment-thread.ts');

const comment = sampleComment;

const thread = () => createCommentThread({ modelType: 'square_post', modelId: 5, comments: [comment(1)] });
const shown = (list: ReturnType<typeof thread>): number[] => list.$thread.get().comments.map((each) => each.id);

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
  for (const call of Object.values(api)) call.mockReset();
});

afterEach(() => {
  closeModal();
  vi.unstubAllGlobals();
});

it('adds a reply under its thread, closes the reply box and says so', async () => {
  const list = thread();
  list.replyTo(comment(1));
  expect(list.$thread.get().replyTo).toBe(1);
  api.post.mockResolvedValue({ data: comment(2, 1) });
  await expect(list.send('고마워요', false, 1)).resolves.toBeNull();
  expect(api.post).toHaveBeenCalledWith('/api/comments', { model_type: 'square_post', model_id: 5, content: '고마워요', is_anonymous: false, parent_id: 1 });
  expect(list.$thread.get()).toMatchObject({ replyTo: null, status: '답글을 남겼어요.' });
  expect(list.$thread.get().comments[0]?.replies.map((reply) => reply.id)).toEqual([2]);
});

it('hands a failed comment back to its write box', async () => {
  const failure = new ApiError(422, '내용을 입력해 주세요.');
  api.post.mockRejectedValue(failure);
  await expect(thread().send('', false, null)).resolves.toBe(failure);
});

it('shows a like at once and settles it with the server’s count, or takes it back', async () => {
  const list = thread();
  let answer: (value: unknown) => void = () => undefined;
  api.post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const liking = list.like(comment(1));
  expect(list.$thread.get().comments[0]).toMatchObject({ is_liked: true, likes_count: 3 });
  answer({ data: { liked: true, likes_count: 7 } });
  await liking;
  expect(list.$thread.get().comments[0]).toMatchObject({ is_liked: true, likes_count: 7 });

  api.post.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
  await list.like(comment(1, null, { is_liked: true, likes_count: 7 }));
  expect(list.$thread.get().comments[0]).toMatchObject({ is_liked: true, likes_count: 7 });
  expect(list.$thread.get().error).toBeInstanceOf(ApiError);
});

it('edits through the modal’s input, keeping the replies and the editing member’s draft of it', async () => {
  const list = createCommentThread({ modelType: 'square_post', modelId: 5, comments: [comment(1, null, { replies: [comment(2, 1)] })] });
  api.put.mockResolvedValue({ data: comment(1, null, { content: '고친 댓글' }) });
  const editing = list.edit(comment(1), 7);
  expect($modal.get()).toMatchObject({ kind: 'input', title: '댓글 수정', initialValue: '댓글 1', draft: { owner: 7, place: 'comment-edit:1' } });
  submitModal('고친 댓글');
  await editing;
  const [top] = list.$thread.get().comments;
  expect(top).toMatchObject({ content: '고친 댓글' });
  expect(top?.replies.map((reply) => reply.id)).toEqual([2]);
  expect(list.$thread.get().status).toBe('댓글을 고쳤어요.');
});

it('deletes only after the danger confirm', async () => {
  const list = thread();
  const cancelled = list.remove(comment(1));
  expect($modal.get()).toMatchObject({ kind: 'confirm', tone: 'danger' });
  closeModal();
  await cancelled;
  expect(api.del).not.toHaveBeenCalled();
  expect(shown(list)).toEqual([1]);

  api.del.mockResolvedValue(undefined);
  const confirmed = list.remove(comment(1));
  submitModal();
  await confirmed;
  expect(api.del).toHaveBeenCalledWith('/api/comments/1');
  expect(shown(list)).toEqual([]);
});
