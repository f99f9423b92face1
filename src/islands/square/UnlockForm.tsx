import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { unlockSquareCategory, unlockSquarePost } from '../../lib/api/square.ts';
import { POST_PASSWORD_MIN, SQUARE_MESSAGES, UNLOCK_PASSWORD_MAX } from '../../lib/square-rules.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { useEarlyValue } from '../shared/use-early-input.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './square.css';

interface Props {
  kind: 'category' | 'post';
  targetId: number;
}

/**
 * The password of a protected category or post. The server keeps the unlock for this browser
 * session; the page is then loaded again, so the content comes from the server, never from here.
 */
export function UnlockForm({ kind, targetId }: Props) {
  const hydrated = useHydrated();
  const fieldId = useId();
  const [password, setPassword] = useState('');
  const passwordRef = useEarlyValue<HTMLInputElement>(password, setPassword);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password.length < POST_PASSWORD_MIN) {
      setMessage(password === '' ? SQUARE_MESSAGES.passwordRequired : SQUARE_MESSAGES.passwordTooShort);
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      if (kind === 'category') await unlockSquareCategory({ square_post_category_id: targetId, password });
      else await unlockSquarePost({ square_post_id: targetId, password });
      window.location.reload();
    } catch (failure) {
      setBusy(false);
      setMessage(failureMessages(failure)[0] ?? '');
    }
  };

  return (
    <form className="square-unlock-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={fieldId}>비밀번호</label>
      <div className="square-unlock-row">
        <input
          ref={passwordRef}
          id={fieldId}
          type="password"
          autoComplete="off"
          maxLength={UNLOCK_PASSWORD_MAX}
          value={password}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${fieldId}-message`}
          onChange={(event) => {
            setPassword(event.target.value);
            if (message) setMessage('');
          }}
        />
        <button type="submit" className="pill pill-primary" disabled={!hydrated || busy} aria-busy={busy ? true : undefined}>
          {busy ? '확인하는 중…' : '확인'}
        </button>
      </div>
      <p id={`${fieldId}-message`} className="square-form-message" role="alert">
        {message}
      </p>
    </form>
  );
}
