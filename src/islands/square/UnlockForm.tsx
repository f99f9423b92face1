import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { UNLOCK_PASSWORD_MAX } from '../../lib/square-rules.ts';
import { createSquareUnlock } from '../../stores/square-unlock.ts';
import type { UnlockKind } from '../../stores/square-unlock.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useEarlyValue } from '../shared/use-early-input.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './square.css';

interface Props {
  kind: UnlockKind;
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
  const [unlock] = useState(() => createSquareUnlock(kind, targetId));
  const { busy, problem, failure } = useStore(unlock.$state);
  const message = problem || failureMessage(failure);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await unlock.send(password)) window.location.reload();
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
            if (message) unlock.clear();
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
