/**
 * The users-list modal: who reacted to something. ReactionBar calls `openReactionUsersList`; the
 * global ModalHost renders `UsersList` inside the one modal. Inside a room pass `roomId`, so each
 * member leads to /room/{roomId}/users/{username} instead of /profile/{username}.
 */
import { api } from '../../lib/browser-api.ts';
import { REACTION_TEXTS, isReactionType } from '../../lib/reactions.ts';
import type { ReactionTypeName } from '../../lib/reactions.ts';
import { usersListModal } from '../../stores/modal.ts';
import type { ModalUser } from '../../stores/modal.ts';
import { MemberAvatar } from '../shared/MemberAvatar.tsx';
import './users-list.css';

export const USERS_LIST_EMPTY = '아직 반응을 남긴 멤버가 없습니다.';
const USERS_LIST_AVATAR = 38;

interface ReactionUserData {
  id: number;
  nickname: string;
  profile_image: string | null;
  username: string;
  reaction_type: string;
}

export const memberHref = (username: string, roomId?: number): string =>
  roomId === undefined
    ? `/profile/${encodeURIComponent(username)}`
    : `/room/${roomId}/users/${encodeURIComponent(username)}`;

export interface ReactionUsersTarget {
  modelType: string;
  modelId: number;
  reactionType?: ReactionTypeName;
  roomId?: number;
}

/** Fetches who reacted and shows them in the global modal. Failures are told by the API client or thrown. */
export async function openReactionUsersList({ modelType, modelId, reactionType, roomId }: ReactionUsersTarget): Promise<void> {
  const { data } = await api.get<{ data: ReactionUserData[] }>('/api/reactions/users', {
    model_type: modelType,
    model_id: modelId,
    ...(reactionType ? { reaction_type: reactionType } : {}),
  });
  const users: ModalUser[] = data.map((user) => ({
    id: user.id,
    nickname: user.nickname,
    profileImage: user.profile_image,
    href: memberHref(user.username, roomId),
    ...(isReactionType(user.reaction_type) ? { note: REACTION_TEXTS[user.reaction_type] } : {}),
  }));
  await usersListModal({
    title: reactionType ? `‘${REACTION_TEXTS[reactionType]}’ 반응을 남긴 멤버` : '반응을 남긴 멤버',
    users,
    emptyMessage: USERS_LIST_EMPTY,
  });
}

/** The list inside the modal. */
export function UsersList({ users, emptyMessage }: { users: ModalUser[]; emptyMessage: string }) {
  if (users.length === 0) return <p className="users-list-empty">{emptyMessage}</p>;
  return (
    <ul className="users-list">
      {users.map((user, index) => {
        const body = (
          <>
            <MemberAvatar src={user.profileImage} size={USERS_LIST_AVATAR} />
            <span className="users-list-name">{user.nickname}</span>
            {user.note ? <span className="users-list-note">{user.note}</span> : null}
          </>
        );
        // One member may appear once per reaction type.
        return (
          <li key={`${user.id}-${user.note ?? index}`}>
            {user.href ? (
              <a className="users-list-row" href={user.href}>
                {body}
              </a>
            ) : (
              <span className="users-list-row">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
