import { Hono } from 'hono';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { clearRateLimit } from '../rate-limits/service.ts';
import { requireStaffAccount } from './guard.ts';
import { confirmEnrolment, passSecondFactor, secondFactorState, startEnrolment } from './second-factor.ts';

export const secondFactorCodeInput = z.object({
  code: z.string({ error: '인증 코드를 입력해 주세요.' }).trim().min(1, '인증 코드를 입력해 주세요.').max(32, '인증 코드가 너무 길어요.'),
});

/**
 * Five tries in five minutes per account, and a right code starts the count again: a six-digit
 * code cannot be guessed in time, and staff who sign in often are never locked out by their own
 * successes.
 */
const CODE_ATTEMPTS = { name: 'second-factor', limit: 5, windowSeconds: 300 };
const attemptsKey = (userId: number) => `${CODE_ATTEMPTS.name}:${userId}`;

export const secondFactorStatusResource = (user: User, sessionData: Record<string, unknown> | null | undefined) => ({
  ...secondFactorState(user, sessionData),
  role: user.role,
  nickname: user.nickname,
});

/** The second factor's own routes: open to staff who have not passed it yet, and only to them. */
export function secondFactorRoutes(db: Db, config: AppConfig) {
  return new Hono<AppEnv>()
    .get('/api/admin/second-factor', (c) => {
      const user = requireStaffAccount(c);
      return c.json({ data: secondFactorStatusResource(user, c.get('session')?.data) });
    })
    .post('/api/admin/second-factor/enrolment', async (c) => {
      const user = requireStaffAccount(c);
      return c.json({ data: await startEnrolment(db, config.appKey, user) }, 201);
    })
    .post('/api/admin/second-factor/confirmation', async (c) => {
      const user = requireStaffAccount(c);
      const { code } = validateBody(c, secondFactorCodeInput);
      await enforceRateLimit(db, c, CODE_ATTEMPTS, String(user.id));
      const recoveryCodes = await confirmEnrolment(db, config.appKey, user, c.get('session')!.id, code);
      await clearRateLimit(db, attemptsKey(user.id));
      return c.json({ data: { recovery_codes: recoveryCodes } });
    })
    .post('/api/admin/second-factor/challenge', async (c) => {
      const user = requireStaffAccount(c);
      const { code } = validateBody(c, secondFactorCodeInput);
      await enforceRateLimit(db, c, CODE_ATTEMPTS, String(user.id));
      const result = await passSecondFactor(db, config.appKey, user, c.get('session')!.id, code);
      await clearRateLimit(db, attemptsKey(user.id));
      return c.json({ data: { used_recovery_code: result.usedRecoveryCode } });
    });
}
