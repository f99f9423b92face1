import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, seedSession } from '../../stores/session.ts';
import type { SessionMember } from '../../stores/session.ts';

/**
 * The signed-in member from the session store, which this island seeds from its page's word when
 * it mounts. Until then (the server's render, hydration) the page's word is what is shown.
 */
export function useSessionMember(fromPage: SessionMember | null): SessionMember | null {
  const session = useStore($session);
  useEffect(() => seedSession(fromPage), [fromPage]);
  return session ? session.member : fromPage;
}
