import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { signUrl, verifySignedUrl } from '../../http/signed-url.ts';
import { findLiveUser } from '../users/service.ts';
import { verificationMail } from './mails.ts';
import { routeId } from '../../http/route-id.ts';

export const VERIFICATION_LINK_MINUTES = 60;

// Tied to the address: a link sent before the member changed their e-mail verifies nothing.
const emailHash = (email: string) => createHash('sha1').update(email.toLowerCase()).digest('hex');

export function verificationUrl(config: AppConfig, user: User, now = new Date()): string {
  const url = new URL(`/email/verify/${user.id}/${emailHash(user.email)}`, config.appUrl);
  return signUrl(url, config.appKey, new Date(now.getTime() + VERIFICATION_LINK_MINUTES * 60_000));
}

export async function sendVerificationMail(mailer: Mailer, config: AppConfig, user: User): Promise<void> {
  await mailer.send(verificationMail(user.email, user.nickname, verificationUrl(config, user), VERIFICATION_LINK_MINUTES));
}

export type VerificationResult = 'verified' | 'already-verified' | 'expired' | 'invalid';

/** Checks the signed link and marks the e-mail verified. */
export async function verifyEmail(
  db: Db,
  config: AppConfig,
  requestUrl: URL,
  params: { id: string; hash: string },
  now = new Date(),
): Promise<VerificationResult> {
  const status = verifySignedUrl(requestUrl, config.appKey, now);
  if (status !== 'valid') return status;
  const id = routeId(params.id);
  const user = id === null ? null : await findLiveUser(db, id);
  if (!user || emailHash(user.email) !== params.hash) return 'invalid';
  if (user.emailVerifiedAt) return 'already-verified';
  await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
  return 'verified';
}
