import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { confirmModal } from '../../stores/modal.ts';
import { failureMessages } from '../auth/failure.ts';
import { useHydrated } from '../auth/fields.tsx';
import './square.css';

interface Props {
  postId: number;
  /** Where the reader goes once the post is gone: its category's list. */
  listPath: string;
}

/** 수정 and 삭제 for the post's author (and staff); the server checks the permission again. */
export function PostActions({ postId, listPath }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const remove = async () => {
    if (busy) return;
    setMessage('');
    const confirmed = await confirmModal({
      title: '글을 삭제할까요?',
      message: '삭제한 글과 댓글, 반응은 되돌릴 수 없어요.',
      confirmLabel: '삭제하기',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await api.del(`/api/square-posts/${postId}`);
      // Replaced, so that Back does not return to a post that is gone.
      window.location.replace(listPath);
    } catch (failure) {
      setBusy(false);
      setMessage(failureMessages(failure)[0] ?? '');
    }
  };

  return (
    <span className="square-post-actions">
      <a className="square-chip" href={`/compose/post-edit?id=${postId}`}>
        수정
      </a>
      <button type="button" className="square-chip danger" disabled={!hydrated || busy} onClick={() => void remove()}>
        {busy ? '삭제하는 중…' : '삭제'}
      </button>
      <span className="square-form-message" role="alert">
        {message}
      </span>
    </span>
  );
}
