import { atom } from 'nanostores';

/** The signed-in member as the islands need them: who acts, and whether they may write yet. */
export interface SessionMember {
  id: number;
  nickname: string;
  profile_image: string | null;
  /** False while the member's e-mail is unverified: they read and like, but write only after verifying. */
  email_verified?: boolean;
}

/** Empty until an island has seeded it from its page; then the member, or null for a guest. */
export const $session = atom<{ member: SessionMember | null } | undefined>(undefined);

/**
 * An island hands over what its page said about the member when it mounts. Only islands call
 * this, in the browser: the server's modules are shared by every request, and one member's
 * session would show in another's page.
 */
export function seedSession(member: SessionMember | null): void {
  $session.set({ member });
}
