import { useState } from 'react';
import { deleteRoomPost } from '../../lib/api/rooms.ts';
import { openReadersList } from '../../stores/room-posts.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { SaveToggle } from '../shared/SaveToggle.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import './rooms.css';

interface Props {
  roomId: number;
  postId: number;
  readsCount: number;
  initialSaved: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Under a room post: who read it, 저장, and 수정/삭제 for whoever may (the server checks again). */
export function RoomPostTools({ roomId, postId, readsCount, initialSaved, canEdit, canDelete }: Props) {
  const hydrated = useHydrated();
  const [problem, setProblem] = useState('');
  const { remove, busy, disabled, error } = useConfirmedDelete({
    title: '글을 삭제할까요?',
    message: '삭제한 글과 댓글, 반응은 되돌릴 수 없어요.',
    send: () => deleteRoomPost(roomId, postId),
    then: `/room/${roomId}`,
  });

  const showReaders = async () => {
    setProblem('');
    try {
      await openReadersList(roomId, postId);
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  };

  return (
    <div className="room-tools">
      <button type="button" className="pill room-chip" disabled={!hydrated} onClick={() => void showReaders()}>
        읽은 멤버 {readsCount}
      </button>
      <SaveToggle kind="ritual_session_post" id={postId} initialSaved={initialSaved} />
      {canEdit ? (
        <a className="pill room-chip" href={`/compose/post-edit?roomId=${roomId}&postId=${postId}`}>
          수정
        </a>
      ) : null}
      {canDelete ? (
        <button type="button" className="pill room-chip danger" disabled={disabled} onClick={remove}>
          {busy ? '삭제하는 중…' : '삭제'}
        </button>
      ) : null}
      <p className="room-tools-message" role="status">
        {problem || error}
      </p>
    </div>
  );
}
