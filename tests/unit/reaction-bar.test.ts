import { beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import { emptyReactionCounts } from '../../src/lib/reactions.ts';

const api = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api, quietApi: { get: vi.fn() } }));

const { createReactionBar } = await import('../../src/stores/reaction-bar.ts');

const bar = () => createReactionBar({ modelType: 'square_post', modelId: 5, counts: { ...emptyReactionCounts(), like: 2 }, mine: [] });

beforeEach(() => {
  api.post.mockReset();
});

it('shows a tap at once, settles it with the server’s counts and tells a screen reader', async () => {
  const reactions = bar();
  let answer: (value: unknown) => void = () => undefined;
  api.post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const tapping = reactions.toggle('like');
  expect(reactions.$bar.get()).toMatchObject({ mine: ['like'], counts: { like: 3 } });
  answer({ data: { reacted: true, reaction_type: 'like', reaction_counts: { ...emptyReactionCounts(), like: 9 }, my_reactions: ['like'] } });
  await tapping;
  expect(reactions.$bar.get()).toMatchObject({ mine: ['like'], counts: { like: 9 }, announcement: '좋아요 반응을 남겼어요. 9명' });
});

it('lets the latest tap win over an older answer, and takes a failed tap back', async () => {
  const reactions = bar();
  let first: (value: unknown) => void = () => undefined;
  api.post.mockReturnValueOnce(new Promise((resolve) => (first = resolve))).mockRejectedValueOnce(new ApiError(500, 'Server Error'));
  const tap = reactions.toggle('cheer');
  const again = reactions.toggle('cheer');
  await again;
  // The second tap failed: back to what was shown before it, the first tap's state.
  expect(reactions.$bar.get()).toMatchObject({ mine: ['cheer'], counts: { cheer: 1 } });
  expect(reactions.$bar.get().error).toBeInstanceOf(ApiError);
  first({ data: { reacted: true, reaction_type: 'cheer', reaction_counts: { ...emptyReactionCounts(), cheer: 4 }, my_reactions: ['cheer'] } });
  await tap;
  expect(reactions.$bar.get().counts.cheer).toBe(1);
});
