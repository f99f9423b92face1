import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const get = vi.hoisted(() => vi.fn<(url: string) => Promise<unknown>>());
vi.mock('../../src/lib/browser-api.ts', () => ({ quietApi: { get } }));

const { $modal, closeModal } = await import('../../src/stores/modal.ts');
const { forgetReactionUsers, openReactionUsersList } = await import('../../src/stores/reaction-users.ts');

const answer = { data: [{ id: 7, nickname: '아침', profile_image: null, username: 'morning', reaction_type: 'cheer' }] };

/** Opens the list and closes the modal once it shows. */
const openAndClose = async (target: Parameters<typeof openReactionUsersList>[0]): Promise<void> => {
  const opened = openReactionUsersList(target);
  await vi.waitFor(() => expect($modal.get()).not.toBeNull());
  closeModal();
  await opened;
};

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
  get.mockReset();
  get.mockResolvedValue(answer);
});

afterEach(() => {
  closeModal();
  vi.unstubAllGlobals();
});

it('shows who reacted in the one modal, leading to room profiles inside a room', async () => {
  const opened = openReactionUsersList({ modelType: 'square_post', modelId: 1, roomId: 3 });
  await vi.waitFor(() => expect($modal.get()).not.toBeNull());
  expect(get).toHaveBeenCalledWith('/api/reactions/users?model_type=square_post&model_id=1');
  expect($modal.get()).toMatchObject({
    kind: 'users-list',
    title: '반응을 남긴 멤버',
    users: [{ id: 7, nickname: '아침', profileImage: null, href: '/room/3/users/morning', note: '응원해요' }],
  });
  closeModal();
  await opened;
});

it('asks once for a list opened twice at once, and again after a reaction changed it', async () => {
  await openAndClose({ modelType: 'square_post', modelId: 2 });
  await openAndClose({ modelType: 'square_post', modelId: 2 });
  await openAndClose({ modelType: 'square_post', modelId: 20 });
  expect(get).toHaveBeenCalledTimes(2);

  forgetReactionUsers('square_post', 2);
  await openAndClose({ modelType: 'square_post', modelId: 2 });
  await openAndClose({ modelType: 'square_post', modelId: 20 });
  expect(get).toHaveBeenCalledTimes(3);
});

it('names one reaction in the title and the request', async () => {
  await openAndClose({ modelType: 'square_post', modelId: 4, reactionType: 'thanks' });
  expect(get).toHaveBeenCalledWith('/api/reactions/users?model_type=square_post&model_id=4&reaction_type=thanks');
});

it('throws a failed read for the caller to tell, opening nothing', async () => {
  get.mockRejectedValue(new ApiError(500, 'Server Error'));
  await expect(openReactionUsersList({ modelType: 'square_post', modelId: 5 })).rejects.toBeInstanceOf(ApiError);
  expect($modal.get()).toBeNull();
});
