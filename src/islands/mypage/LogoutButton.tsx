import { useState } from 'react';
import { signOut } from '../../lib/api/auth.ts';
import { clearMemberCaches } from '../../lib/service-worker-page.ts';
import { forgetAllDrafts } from '../../stores/drafts.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './mypage.css';

/** Signs the member out (POST /logout) and opens the home page as a guest. */
export function LogoutButton() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const logout = async () => {
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      await signOut();
      // Before the next account can open a page on this browser (API-CONVENTIONS.md).
      await Promise.all([clearMemberCaches().catch(() => undefined), forgetAllDrafts()]);
      // A full load, so that the header and every page are rendered for a guest again.
      window.location.assign('/');
    } catch (error) {
      setMessage(failureMessage(error));
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="mypage-text-button"
        disabled={!hydrated || busy}
        aria-busy={busy ? true : undefined}
        onClick={() => void logout()}
      >
        {busy ? '로그아웃하는 중…' : '로그아웃'}
      </button>
      <p className="mypage-copy-status" role="alert" data-tone="error">
        {message}
      </p>
    </>
  );
}
