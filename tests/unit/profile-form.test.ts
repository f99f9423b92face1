import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ put: vi.fn() }));
const progressApi = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client, progressApi }));

const { createProfileForm } = await import('../../src/stores/profile-form.ts');

const profile = { nickname: '하나', username: 'hana', introduction: '', profileImage: null };

it('saves the trimmed names as multipart and keeps what the server now holds', async () => {
  client.put.mockResolvedValueOnce({ data: { nickname: '두리', username: 'duri', introduction: null, profile_image: '/p/duri.webp' } });
  const form = createProfileForm(profile);
  await expect(form.save({ nickname: ' 두리 ', username: ' duri ', introduction: '안녕', picture: null })).resolves.toEqual({
    sent: { nickname: '두리', username: 'duri', introduction: '', profileImage: '/p/duri.webp' },
  });
  expect(client.put).toHaveBeenLastCalledWith('/api/me', expect.any(FormData));
  expect(Object.fromEntries(client.put.mock.lastCall?.[1] as FormData)).toEqual({ nickname: '두리', username: 'duri', introduction: '안녕' });
  expect(form.$saved.get().profileImage).toBe('/p/duri.webp');
  expect(form.$busy.get()).toBe(false);
});

it('keeps a refusal\'s field messages, tells a lost picture apart, and keeps the saved profile', async () => {
  const form = createProfileForm(profile);
  client.put.mockRejectedValueOnce(new ApiError(422, '', undefined, { username: ['이미 쓰이는 아이디예요.'] }));
  await expect(form.save({ ...profile, username: 'taken', picture: null })).resolves.toEqual({ invalid: { username: ['이미 쓰이는 아이디예요.'] } });

  const onProgress = vi.fn();
  const lost = new ApiError(0, '');
  progressApi.mockReturnValue({ put: vi.fn().mockRejectedValueOnce(lost) });
  await expect(form.save({ ...profile, picture: new File(['x'], 'me.jpg') }, onProgress)).resolves.toEqual({ pictureFailure: lost });
  expect(progressApi).toHaveBeenLastCalledWith(onProgress, false);

  const down = new ApiError(500, '');
  client.put.mockRejectedValueOnce(down);
  await expect(form.save({ ...profile, picture: null })).resolves.toEqual({ failure: down });
  expect(form.$saved.get()).toEqual(profile);
});
