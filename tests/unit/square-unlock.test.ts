import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));

const { createSquareUnlock } = await import('../../src/stores/square-unlock.ts');

it('asks for a password of four or more characters before sending anything', async () => {
  const unlock = createSquareUnlock('post', 7);
  await expect(unlock.send('')).resolves.toBe(false);
  expect(unlock.$state.get()).toEqual({ busy: false, problem: '비밀번호를 입력해 주세요.', failure: undefined });
  await expect(unlock.send('abc')).resolves.toBe(false);
  expect(unlock.$state.get()).toEqual({ busy: false, problem: '비밀번호를 4자 이상 입력해 주세요.', failure: undefined });
  expect(client.post).not.toHaveBeenCalled();
  unlock.clear();
  expect(unlock.$state.get().problem).toBe('');
});

it('unlocks a post or a category, staying busy while the page loads again and sending once', async () => {
  let answer: (value: unknown) => void = () => undefined;
  client.post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const post = createSquareUnlock('post', 7);
  const sending = post.send('1234');
  expect(post.$state.get().busy).toBe(true);
  await expect(post.send('1234')).resolves.toBe(false);
  answer({ data: {} });
  await expect(sending).resolves.toBe(true);
  expect(post.$state.get()).toEqual({ busy: true, problem: '', failure: undefined });
  expect(client.post).toHaveBeenCalledTimes(1);
  expect(client.post).toHaveBeenLastCalledWith('/api/square-posts/check-password', { square_post_id: 7, password: '1234' }, { handles: [403] });

  client.post.mockResolvedValueOnce({ data: {} });
  await expect(createSquareUnlock('category', 3).send('abcd')).resolves.toBe(true);
  expect(client.post).toHaveBeenLastCalledWith('/api/square-posts/check-category-password', { square_post_category_id: 3, password: 'abcd' }, { handles: [403] });
});

it('keeps a wrong password\'s refusal for the island to word and lets the member try again', async () => {
  const wrong = new ApiError(403, '비밀번호가 맞지 않아요.', { message: '비밀번호가 맞지 않아요.' });
  client.post.mockRejectedValueOnce(wrong);
  const unlock = createSquareUnlock('post', 7);
  await expect(unlock.send('wrong')).resolves.toBe(false);
  expect(unlock.$state.get()).toEqual({ busy: false, problem: '', failure: wrong });
  unlock.clear();
  expect(unlock.$state.get()).toEqual({ busy: false, problem: '', failure: undefined });
});
