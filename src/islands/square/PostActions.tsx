import { deleteSquarePost } from '../../lib/api/square.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import './square.css';

interface Props {
  postId: number;
  /** Where the reader goes once the post is gone: its category's list. */
  listPath: string;
}

/** 수정 and 삭제 for the post's author (and staff); the server checks the permission again. */
export function PostActions({ postId, listPath }: Props) {
  const { remove, busy, disabled, error } = useConfirmedDelete({
    title: '글을 삭제할까요?',
    message: '삭제한 글과 댓글, 반응은 되돌릴 수 없어요.',
    send: () => deleteSquarePost(postId),
    then: listPath,
  });

  return (
    <span className="square-post-actions">
      <a className="pill square-chip" href={`/compose/post-edit?id=${postId}`}>
        수정
      </a>
      <button type="button" className="pill square-chip danger" disabled={disabled} onClick={remove}>
        {busy ? '삭제하는 중…' : '삭제'}
      </button>
      <span className="square-form-message" role="alert">
        {error}
      </span>
    </span>
  );
}
