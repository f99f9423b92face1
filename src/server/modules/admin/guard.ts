import { createMiddleware } from 'hono/factory';
import type { User } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../domain-errors.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import type { AuditActor } from './audit.ts';
import { isStaffRole, secondFactorState } from './second-factor.ts';

export const NOT_STAFF = '운영진만 사용할 수 있어요.';
export const NOT_ADMIN = '관리자만 할 수 있어요.';

/** A refusal the console acts on: `code` says whether to enrol or to enter a code. */
export class SecondFactorRequired extends ForbiddenError {
  constructor(readonly code: 'second_factor_enrolment' | 'second_factor_required') {
    super(code === 'second_factor_enrolment' ? '콘솔을 열려면 먼저 2단계 인증을 설정해 주세요.' : '2단계 인증 코드를 입력해 주세요.');
  }

  override details(): Record<string, unknown> {
    return { code: this.code };
  }
}

/** A guest 401, a member 403: staff past nothing else (the second factor's own routes). */
export function requireStaffAccount(c: AppContext): User {
  const user = requireMember(c);
  if (!isStaffRole(user.role)) throw new ForbiddenError(NOT_STAFF);
  return user;
}

/** Staff whose sign-in has passed the second factor: what every console route needs. */
export function requireConsoleUser(c: AppContext): User {
  const user = requireStaffAccount(c);
  const state = secondFactorState(user, c.get('session')?.data);
  if (!state.enrolled) throw new SecondFactorRequired('second_factor_enrolment');
  if (!state.verified) throw new SecondFactorRequired('second_factor_required');
  return user;
}

/** Every /api/admin route behind it answers only to staff past the second factor. */
export const consoleGuard = createMiddleware<AppEnv>(async (c, next) => {
  requireConsoleUser(c);
  await next();
});

/** Managing staff accounts is for admins. */
export function requireAdmin(c: AppContext): User {
  const user = requireConsoleUser(c);
  if (user.role !== 'admin') throw new ForbiddenError(NOT_ADMIN);
  return user;
}

export const auditActorOf = (c: AppContext): AuditActor => ({
  userId: requireConsoleUser(c).id,
  requestId: c.get('requestId') ?? null,
  ip: c.get('clientIp') ?? null,
});
