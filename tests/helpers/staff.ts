import { generateSecret } from 'otplib';
import type { Db } from '../../src/server/db/client.ts';
import type { NewUser } from '../../src/server/db/schema/index.ts';
import { sealSecret } from '../../src/server/modules/admin/secret-box.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from './factories.ts';
import { createTestApp, testConfig } from './test-app.ts';

export interface StaffOptions {
  role?: 'staff' | 'admin';
  /** Has an authenticator (default true). */
  enrolled?: boolean;
  /** This sign-in has passed the second factor (default true). */
  verified?: boolean;
  overrides?: Partial<NewUser>;
}

/** A staff account signed in on its own client, by default past the second factor. */
export async function signedInStaff(db: Db, { role = 'staff', enrolled = true, verified = true, overrides = {} }: StaffOptions = {}) {
  const secret = generateSecret();
  const user = await createMember(db, {
    role,
    ...(enrolled ? { totpSecret: sealSecret(testConfig().appKey, secret), totpEnabledAt: new Date() } : {}),
    ...overrides,
  });
  const data = enrolled && verified ? { second_factor_at: new Date().toISOString() } : {};
  const { token } = await createSession(db, { userId: user.id, data }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db).client();
  client.cookies.set('session', token);
  return { user, client, secret };
}
