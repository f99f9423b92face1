import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: { post: client.post }, quietApi: { get: client.get } }));

const { $toggleSave } = await import('../../src/stores/saved-posts.ts');
const { createFetcherStore } = await import('../../src/stores/query.ts');

it('answers whether the post is saved now, and has the saved list read anew', async () => {
  client.get.mockResolvedValue({ data: [], meta: { next_cursor: null } });
  const stop = createFetcherStore('/api/square-posts/saved').listen(() => undefined);
  await vi.waitFor(() => expect(client.get).toHaveBeenCalledTimes(1));

  client.post.mockResolvedValue({ data: { saved: true } });
  const off = $toggleSave.listen(() => undefined);
  await expect($toggleSave.mutate(12)).resolves.toBe(true);
  expect(client.post).toHaveBeenCalledWith('/api/square-posts/12/toggle-save');
  await vi.waitFor(() => expect(client.get).toHaveBeenCalledTimes(2));

  client.post.mockRejectedValue(new ApiError(422, 'Invalid.'));
  await expect($toggleSave.mutate(12)).resolves.toBeUndefined();
  expect($toggleSave.get().error).toBeInstanceOf(ApiError);
  off();
  stop();
});
