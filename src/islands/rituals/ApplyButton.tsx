/**
 * 신청하기 on a ritual page, for a member when the chosen session is recruiting: the session goes
 * into the temp cart (replacing whatever was there) and the checkout takes it from there.
 */
import { useState } from 'react';
import { fillTempCart } from '../../lib/api/store.ts';
import { checkoutPath } from '../../lib/checkout.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

export function ApplyButton({ sessionId, label }: { sessionId: number; label: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const apply = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await fillTempCart([{ ritual_session_id: sessionId }]);
      window.location.assign(checkoutPath('temp'));
    } catch (error) {
      setErrors(failureMessages(error));
      setBusy(false);
    }
  };

  return (
    <div className="apply">
      <button type="button" className="pill pill-primary apply-button" disabled={!hydrated || busy} onClick={() => void apply()}>
        {busy ? '신청서로 가는 중…' : label}
      </button>
      {errors.length > 0 && (
        <ul className="apply-errors sticky-action-bar-message" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
