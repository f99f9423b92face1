import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './square.css';

interface Props {
  postId: number;
  initialSaved: boolean;
}

/** 저장 toggle of a post for a signed-in member; the server's answer is what is shown. */
export function SaveButton({ postId, initialSaved }: Props) {
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(initialSaved);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const { data } = await api.post<{ data: { saved: boolean } }>(`/api/square-posts/${postId}/toggle-save`);
      setSaved(data.saved);
    } catch (failure) {
      setMessage(failureMessages(failure)[0] ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="square-save">
      <button
        type="button"
        className={saved ? 'pill square-chip active' : 'pill square-chip'}
        aria-pressed={saved}
        disabled={!hydrated || busy}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span> {saved ? '저장됨' : '저장'}
      </button>
      <span className="square-form-message" role="status">
        {message}
      </span>
    </span>
  );
}
