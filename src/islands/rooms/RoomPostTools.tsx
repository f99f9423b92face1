import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $toggleRoomSave, openReadersList } from '../../stores/room-posts.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import { failureMessage } from '../shared/failure-messages.ts';
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
  const [saved, setSaved] = useState(initialSaved);
  const [problem, setProblem] = useState('');
  const save = useStore($toggleRoomSave);
  const { remove, busy, disabled, error } = useConfirmedDelete({
    title: '글을 삭제할까요?',
    message: '삭제한 글과 댓글, 반응은 되돌릴 수 없어요.',
    url: `/api/ritual-sessions/${roomId}/posts/${postId}`,
    then: `/room/${roomId}`,
  });

  const toggle = async () => {
    const answer = await $toggleRoomSave.mutate(postId);
    if (answer !== undefined) setSaved(answer);
  };
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
      <button
        type="button"
        className={saved ? 'pill room-chip active' : 'pill room-chip'}
        aria-pressed={saved}
        disabled={!hydrated || save.loading}
        onClick={() => void toggle()}
      >
        {saved ? '저장됨' : '저장'}
      </button>
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
        {problem || error || failureMessage(save.error)}
      </p>
    </div>
  );
}
