import { afterEach, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/lib/next-paint.ts';
import { createCommentForm } from '../../src/stores/comment-form.ts';
import { stubFrames } from '../helpers/frames.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('resolves after the next frame has painted, not before', async () => {
  vi.useFakeTimers();
  const frames = stubFrames();
  const painted = vi.fn();
  void afterNextPaint().then(painted);
  await vi.advanceTimersByTimeAsync(50);
  expect(painted).not.toHaveBeenCalled();
  frames.paint();
  await vi.advanceTimersByTimeAsync(0);
  expect(painted).toHaveBeenCalledTimes(1);
});

it('does not wait for frames a hidden page never gets', async () => {
  vi.useFakeTimers();
  stubFrames();
  const painted = vi.fn();
  void afterNextPaint().then(painted);
  await vi.advanceTimersByTimeAsync(100);
  expect(painted).toHaveBeenCalledTimes(1);
});

it('sends a comment once the box has shown that it is sending', async () => {
  vi.useFakeTimers();
  const frames = stubFrames();
  const form = createCommentForm();
  const send = vi.fn(async () => null);
  const sending = form.submit('좋은 글이에요', false, send);
  expect(form.$state.get().busy).toBe(true);
  await vi.advanceTimersByTimeAsync(10);
  expect(send).not.toHaveBeenCalled();
  frames.paint();
  await vi.advanceTimersByTimeAsync(0);
  expect(send).toHaveBeenCalledWith('좋은 글이에요', false);
  await expect(sending).resolves.toBe(true);
});
