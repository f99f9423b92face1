import { beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn(), put: vi.fn(), get: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: { post: client.post, put: client.put }, quietApi: { get: client.get } }));

const { $toggleSave, createSaveToggle } = await import('../../src/stores/saves.ts');
const { createFetcherStore } = await import('../../src/stores/query.ts');

// As the button does: the mutator is watched while it is on the page.
beforeEach(() => $toggleSave.listen(() => undefined));

it('saves a square post and has the saved list read anew', async () => {
  client.get.mockResolvedValue({ data: [], meta: { next_cursor: null } });
  const stop = createFetcherStore('/api/square-posts/saved').listen(() => undefined);
  await vi.waitFor(() => expect(client.get).toHaveBeenCalledTimes(1));

  client.post.mockResolvedValue({ data: { saved: true } });
  const button = createSaveToggle({ kind: 'square_post', id: 12 }, false);
  await button.toggle();
  expect(client.post).toHaveBeenCalledWith('/api/square-posts/12/toggle-save');
  expect(button.$saved.get()).toBe(true);
  await vi.waitFor(() => expect(client.get).toHaveBeenCalledTimes(2));
  stop();
});

it('sends each kind to its own endpoint, a room post with _method PUT', async () => {
  client.post.mockResolvedValue({ data: { saved: false } });
  client.put.mockResolvedValue({ data: { saved: true } });
  const record = createSaveToggle({ kind: 'off_the_record', id: 3 }, true);
  await record.toggle();
  expect(client.post).toHaveBeenLastCalledWith('/api/off-the-records/3/toggle-save');
  expect(record.$saved.get()).toBe(false);

  const roomPost = createSaveToggle({ kind: 'ritual_session_post', id: 8 }, false);
  await roomPost.toggle();
  expect(client.put).toHaveBeenLastCalledWith('/api/ritual-session-posts/8/toggle-save');
  expect(roomPost.$saved.get()).toBe(true);
});

it('keeps the shown state and surfaces the failure when the server refuses', async () => {
  client.post.mockRejectedValue(new ApiError(404, '게시글을 찾을 수 없어요.'));
  const button = createSaveToggle({ kind: 'square_post', id: 99 }, true);
  await button.toggle();
  expect(button.$saved.get()).toBe(true);
  expect($toggleSave.get().error).toBeInstanceOf(ApiError);
});
