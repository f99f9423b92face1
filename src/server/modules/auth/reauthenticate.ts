import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { socialAccounts } from '../../db/schema/index.ts';
import type { SocialProvider, User } from '../../db/schema/index.ts';
import { beginAttempt } from '../../http/attempt-limit.ts';
import { ForbiddenError, invalidInput } from '../../domain-errors.ts';
import type { LoadedSession } from '../sessions/service.ts';
import { verifyPassword } from './password.ts';

/**
 * Asking "is it really you?" before something that cannot be undone (deleting the account): a
 * browser left signed in, or a stolen session, must not be enough. A member with a password gives
 * it again; a member who only signs in with a social account signs in again.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export const REAUTH_MESSAGES = {
  passwordRequired: '본인 확인을 위해 비밀번호를 입력해 주세요.',
  wrongPassword: '비밀번호가 올바르지 않아요.',
  signInAgain: `본인 확인을 위해 다시 로그인해 주세요. 로그인한 지 ${RECENT_SIGN_IN_MINUTES}분 안에 탈퇴할 수 있어요.`,
} as const;

// A taken session must not turn into a way of guessing the member's password.
const PASSWORD_RULE = { name: 'reauthenticate', limit: 5, windowSeconds: 900 };

/** 403 with `reauthenticate: true`, so the page can offer the sign-in instead of an error. */
export class ReauthenticationRequired extends ForbiddenError {
  constructor() {
    super(REAUTH_MESSAGES.signInAgain);
  }

  override details() {
    return { reauthenticate: true };
  }
}

export type IdentityProof = { kind: 'password' } | { kind: 'recent-sign-in'; fresh: boolean };

/** What the member must do to prove it is them, as of `now`. */
export function identityProofFor(user: User, session: Pick<LoadedSession, 'createdAt'>, now = new Date()): IdentityProof {
  if (user.passwordHash) return { kind: 'password' };
  return { kind: 'recent-sign-in', fresh: now.getTime() - session.createdAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000 };
}

/** Throws unless the member proved who they are: 422 on `password`, or 403 asking for a new sign-in. */
export async function confirmIdentity(db: Db, user: User, session: LoadedSession, password: string | undefined): Promise<void> {
  const proof = identityProofFor(user, session);
  if (proof.kind === 'recent-sign-in') {
    if (!proof.fresh) throw new ReauthenticationRequired();
    return;
  }
  if (!password) throw invalidInput({ password: [REAUTH_MESSAGES.passwordRequired] });
  const attempt = await beginAttempt(db, [{ rule: PASSWORD_RULE, key: String(user.id) }]);
  if (!(await verifyPassword(user.passwordHash!, password))) throw invalidInput({ password: [REAUTH_MESSAGES.wrongPassword] });
  await attempt.succeeded();
}

/** The providers a member can sign in again with. */
export async function linkedProviders(db: Db, userId: number): Promise<SocialProvider[]> {
  const rows = await db.select({ provider: socialAccounts.provider }).from(socialAccounts).where(eq(socialAccounts.userId, userId));
  return rows.map((row) => row.provider);
}
