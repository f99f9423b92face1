import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn() }));
const progressApi = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client, progressApi }));

const { createReviewForm } = await import('../../src/stores/review-form.ts');

const target = { orderItemId: 7, reviewableType: 'product' as const, reviewableId: 3 };

it('sends the review of the bought line as multipart and keeps what the server wrote', async () => {
  client.post.mockResolvedValueOnce({ data: { id: 12, rating: 5 } });
  const form = createReviewForm(target);
  await expect(form.submit({ rating: '5', content: '아주 좋아요. 또 살게요.', photo: null })).resolves.toEqual({ sent: { id: 12, rating: 5 } });
  expect(client.post).toHaveBeenLastCalledWith('/api/reviews', expect.any(FormData));
  expect(Object.fromEntries(client.post.mock.lastCall?.[1] as FormData)).toEqual({ reviewable_type: 'product', reviewable_id: '3', order_item_id: '7', rating: '5', content: '아주 좋아요. 또 살게요.' });
  expect(form.$written.get()).toEqual({ id: 12, rating: 5 });
  expect(form.$busy.get()).toBe(false);
});

it('follows a photo\'s progress and tells a lost photo apart from a refusal', async () => {
  const onProgress = vi.fn();
  const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
  const lost = new ApiError(0, '');
  progressApi.mockReturnValue({ post: vi.fn().mockRejectedValueOnce(lost) });
  const form = createReviewForm(target);
  await expect(form.submit({ rating: '4', content: '좋아요', photo }, onProgress)).resolves.toEqual({ pictureFailure: lost });
  expect(progressApi).toHaveBeenLastCalledWith(onProgress, false);
  expect(form.$written.get()).toBeNull();

  progressApi.mockReturnValue({ post: vi.fn().mockRejectedValueOnce(new ApiError(422, '', undefined, { content: ['10자 이상 써 주세요.'] })) });
  await expect(form.submit({ rating: '4', content: '좋아요', photo }, onProgress)).resolves.toEqual({ invalid: { content: ['10자 이상 써 주세요.'] } });
});

it('surfaces a failure without a photo as itself', async () => {
  const taken = new ApiError(409, '이미 후기를 남겼어요.');
  client.post.mockRejectedValueOnce(taken);
  const form = createReviewForm(target);
  await expect(form.submit({ rating: '3', content: '보통이에요. 무난해요.', photo: null })).resolves.toEqual({ failure: taken });
  expect(form.$busy.get()).toBe(false);
  expect(form.$written.get()).toBeNull();
});
