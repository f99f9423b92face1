import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { sealSecret } from '../../modules/admin/secret-box.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { DEMO_PASSWORD } from './members.ts';

/**
 * The demo's administrator, already enrolled in the second factor with this public secret (enter
 * it in an authenticator app, or generate codes from it in tests). Demo data is never seeded in
 * production; staff@example.com (리추얼 운영팀) is left to enrol on first use.
 */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_ADMIN_TOTP_SECRET = 'RITUALDEMOADMINTOTPSECRETKEY2345';

export async function seedDemoAdmin(db: Db, appKey: string): Promise<void> {
  const now = new Date();
  await db.insert(users).values({
    email: DEMO_ADMIN_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickname: '리추얼 관리자',
    username: 'ritualadmin',
    role: 'admin',
    emailVerifiedAt: now,
    agreedTermsAt: now,
    agreedPrivacyAt: now,
    totpSecret: sealSecret(appKey, DEMO_ADMIN_TOTP_SECRET),
    totpEnabledAt: now,
  });
}
