import { deleteRoomThread } from '../../lib/api/rooms.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import './rooms.css';

interface Props {
  roomId: number;
  threadId: number;
  canEdit: boolean;
  canDelete: boolean;
}

/** 수정 and 삭제 of a thread for whoever may (the server checks again). */
export function RoomThreadTools({ roomId, threadId, canEdit, canDelete }: Props) {
  const { remove, busy, disabled, error } = useConfirmedDelete({
    title: '스레드를 삭제할까요?',
    message: '삭제한 스레드와 댓글은 되돌릴 수 없어요.',
    send: () => deleteRoomThread(roomId, threadId),
    then: `/room/${roomId}`,
  });
  return (
    <div className="room-tools">
      {canEdit ? (
        <a className="pill room-chip" href={`/compose/thread-edit?roomId=${roomId}&threadId=${threadId}`}>
          수정
        </a>
      ) : null}
      {canDelete ? (
        <button type="button" className="pill room-chip danger" disabled={disabled} onClick={remove}>
          {busy ? '삭제하는 중…' : '삭제'}
        </button>
      ) : null}
      <p className="room-tools-message" role="alert">
        {error}
      </p>
    </div>
  );
}
