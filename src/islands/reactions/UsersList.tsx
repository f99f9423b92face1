/**
 * The list inside the users-list modal: who reacted to something. The global ModalHost renders it
 * inside the one modal; src/stores/reaction-users.ts opens it.
 */
import type { ModalUser } from '../../stores/modal.ts';
import { MemberAvatar } from '../shared/MemberAvatar.tsx';

const USERS_LIST_AVATAR = 38;

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
