import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import { ROOM_POST_MESSAGES } from '../../src/lib/room-post-rules.ts';
import { SQUARE_MESSAGES } from '../../src/lib/square-rules.ts';

const client = vi.hoisted(() => ({ post: vi.fn(), put: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));

const { createSquareComposer } = await import('../../src/stores/square-compose.ts');
const { createRoomComposer } = await import('../../src/stores/room-compose.ts');

const sentFields = (call: unknown[] | undefined): Record<string, FormDataEntryValue> => Object.fromEntries(call?.[1] as FormData);

const square = { square_post_category_id: '3', title: ' 안녕 ', password: '', html: '<p>본문</p>', filled: true, is_anonymous: true, is_notice: true, remove_password: false };

it('creates a square post with what the board allows and answers where it opens, busy until then', async () => {
  client.post.mockResolvedValueOnce({ data: { id: 41, category: { slug: '자유' } } });
  const composer = createSquareComposer({ postId: null, anonymousBoards: new Set([4]), canPostNotice: false });
  await expect(composer.submit(square)).resolves.toEqual({ sent: `/square/${encodeURIComponent('자유')}/41` });
  expect(client.post).toHaveBeenLastCalledWith('/api/square-posts', expect.any(FormData));
  // Board 3 takes no anonymous posts, and only staff send is_notice.
  expect(sentFields(client.post.mock.lastCall)).toEqual({ square_post_category_id: '3', title: '안녕', content: '<p>본문</p>', is_anonymous: '0' });
  expect(composer.$busy.get()).toBe(true);
  await expect(composer.submit(square)).resolves.toBeNull();
});

it('updates a square post, keeping or removing its password as asked', async () => {
  client.put.mockResolvedValueOnce({ data: { id: 8, category: { slug: 'free' } } });
  const composer = createSquareComposer({ postId: 8, anonymousBoards: new Set([3]), canPostNotice: true });
  await composer.submit({ ...square, password: 'secret', remove_password: true });
  expect(client.put).toHaveBeenLastCalledWith('/api/square-posts/8', expect.any(FormData));
  expect(sentFields(client.put.mock.lastCall)).toEqual({ square_post_category_id: '3', title: '안녕', content: '<p>본문</p>', is_anonymous: '1', is_notice: '1', remove_password: '1' });
});

it('sends nothing while the browser finds problems, keeps a 422\'s fields and surfaces other failures', async () => {
  const composer = createSquareComposer({ postId: null, anonymousBoards: new Set(), canPostNotice: false });
  const calls = client.post.mock.calls.length;
  await expect(composer.submit({ ...square, square_post_category_id: '', title: ' ', filled: false, password: '1' })).resolves.toEqual({
    invalid: { square_post_category_id: [SQUARE_MESSAGES.category], title: [SQUARE_MESSAGES.title], content: [SQUARE_MESSAGES.content], password: [SQUARE_MESSAGES.password] },
  });
  expect(client.post).toHaveBeenCalledTimes(calls);

  client.post.mockRejectedValueOnce(new ApiError(422, '', undefined, { title: ['제목이 너무 길어요.'] }));
  await expect(composer.submit(square)).resolves.toEqual({ invalid: { title: ['제목이 너무 길어요.'] } });
  expect(composer.$busy.get()).toBe(false);

  const refusal = new ApiError(403, '이 게시판에는 글을 쓸 수 없어요.');
  client.post.mockRejectedValueOnce(refusal);
  await expect(composer.submit(square)).resolves.toEqual({ failure: refusal });
  expect(composer.$busy.get()).toBe(false);
});

const room = { category: 'daily', title: '', html: '<p>오늘</p>', filled: true, is_public: true };

it('saves a room post or thread, new or edited, and answers where it opens', async () => {
  client.post.mockResolvedValueOnce({ data: { id: 5 } });
  await expect(createRoomComposer({ kind: 'post', roomId: 2, existingId: null, userId: 1 }).submit(room)).resolves.toEqual({ sent: '/room/2/5' });
  // A new record carries a key of its own: should its answer be lost, the retry is the same record.
  expect(client.post).toHaveBeenLastCalledWith('/api/ritual-sessions/2/posts', expect.any(FormData), { headers: { 'Idempotency-Key': expect.stringMatching(/^[\x21-\x7e]{1,64}$/) } });
  expect(sentFields(client.post.mock.lastCall)).toEqual({ title: '', content: '<p>오늘</p>', category: 'daily', is_public: '1' });

  client.put.mockResolvedValueOnce({ data: { id: 9 } });
  await expect(createRoomComposer({ kind: 'thread', roomId: 2, existingId: 9, userId: 1 }).submit({ ...room, title: ' 질문 ' })).resolves.toEqual({ sent: '/room/2/thread/9' });
  expect(client.put).toHaveBeenLastCalledWith('/api/ritual-sessions/2/threads/9', expect.any(FormData));
  expect(sentFields(client.put.mock.lastCall)).toEqual({ title: '질문', content: '<p>오늘</p>' });
});

it('asks a thread for its title and a post for its category before sending, and keeps the server\'s refusal', async () => {
  const calls = client.post.mock.calls.length;
  await expect(createRoomComposer({ kind: 'thread', roomId: 2, existingId: null, userId: 1 }).submit({ ...room, filled: false })).resolves.toEqual({
    invalid: { title: [ROOM_POST_MESSAGES.title], content: [ROOM_POST_MESSAGES.content] },
  });
  await expect(createRoomComposer({ kind: 'post', roomId: 2, existingId: null, userId: 1 }).submit({ ...room, category: '' })).resolves.toEqual({ invalid: { category: [ROOM_POST_MESSAGES.category] } });
  expect(client.post).toHaveBeenCalledTimes(calls);

  const gone = new ApiError(404, '');
  client.post.mockRejectedValueOnce(gone);
  const composer = createRoomComposer({ kind: 'post', roomId: 2, existingId: null, userId: 1 });
  await expect(composer.submit(room)).resolves.toEqual({ failure: gone });
  expect(composer.$busy.get()).toBe(false);
});
