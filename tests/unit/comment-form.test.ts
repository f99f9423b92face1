import { expect, it, vi } from 'vitest';
import { createCommentForm } from '../../src/stores/comment-form.ts';

it('tells an empty or blank comment without sending it', async () => {
  const form = createCommentForm();
  const send = vi.fn();
  await expect(form.submit(' \r\n ', false, send)).resolves.toBe(false);
  expect(send).not.toHaveBeenCalled();
  expect(form.$state.get()).toEqual({ busy: false, messages: ['댓글 내용을 입력해 주세요.'] });
  form.clear();
  expect(form.$state.get().messages).toEqual([]);
});

it('sends the trimmed text once while busy, and says it went in', async () => {
  const form = createCommentForm();
  let answer: (problems: string[] | null) => void = () => undefined;
  const send = vi.fn(() => new Promise<string[] | null>((resolve) => (answer = resolve)));
  const sending = form.submit('  좋은 글이에요\r\n', true, send);
  expect(form.$state.get()).toEqual({ busy: true, messages: [] });
  await expect(form.submit('두 번째', true, send)).resolves.toBe(false);
  answer(null);
  await expect(sending).resolves.toBe(true);
  expect(send).toHaveBeenCalledTimes(1);
  expect(send).toHaveBeenCalledWith('좋은 글이에요', true);
  expect(form.$state.get()).toEqual({ busy: false, messages: [] });
});

it('keeps the thread\'s messages when the comment did not go in, and is ready to send again', async () => {
  const form = createCommentForm();
  await expect(form.submit('글', false, async () => ['댓글을 달 수 없는 글이에요.'])).resolves.toBe(false);
  expect(form.$state.get()).toEqual({ busy: false, messages: ['댓글을 달 수 없는 글이에요.'] });
  await expect(form.submit('글', false, async () => null)).resolves.toBe(true);
  expect(form.$state.get()).toEqual({ busy: false, messages: [] });
});
