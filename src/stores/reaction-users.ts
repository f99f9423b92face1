import { reactionUsersPath } from '../lib/api/reactions.ts';
import { memberHref } from '../lib/member-links.ts';
import { freshAnswer } from '../lib/query.ts';
import { REACTION_TEXTS } from '../lib/reactions.ts';
import type { ReactionTypeName, ReactionUser } from '../lib/reactions.ts';
import { usersListModal } from './modal.ts';
import type { ModalUser } from './modal.ts';
import { createFetcherStore, queryUtils } from './query.ts';

const USERS_LIST_EMPTY = '아직 반응을 남긴 멤버가 없습니다.';

interface ReactionUsersTarget {
  modelType: string;
  modelId: number;
  reactionType?: ReactionTypeName;
  /** Inside a room each member leads to /room/{roomId}/users/{username} instead of /profile/{username}. */
  roomId?: number;
}

const usersKey = ({ modelType, modelId, reactionType }: ReactionUsersTarget): string => reactionUsersPath(modelType, modelId, reactionType);

/**
 * Who reacted, shown in the global modal. Read through the query context, so a second opening
 * within the dedupe time asks nothing. A failed read is thrown for the caller to tell.
 */
export async function openReactionUsersList(target: ReactionUsersTarget): Promise<void> {
  const answer = await freshAnswer(createFetcherStore<{ data: ReactionUser[] }>(usersKey(target)));
  if ('error' in answer) throw answer.error;
  const users: ModalUser[] = answer.data.data.map((user) => ({
    id: user.id,
    nickname: user.nickname,
    profileImage: user.profile_image,
    href: memberHref(user.username, target.roomId),
    note: REACTION_TEXTS[user.reaction_type],
  }));
  await usersListModal({
    title: target.reactionType ? `‘${REACTION_TEXTS[target.reactionType]}’ 반응을 남긴 멤버` : '반응을 남긴 멤버',
    users,
    emptyMessage: USERS_LIST_EMPTY,
  });
}

/** A reaction to the model changed who is on its lists: the next opening asks the server. */
export function forgetReactionUsers(modelType: string, modelId: number): void {
  const all = reactionUsersPath(modelType, modelId);
  queryUtils.invalidateKeys((key) => key === all || key.startsWith(`${all}&`));
}
