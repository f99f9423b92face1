import { TIME_ZONE } from '../../../lib/constants.ts';
import type { User } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../domain-errors.ts';

type Suspension = Pick<User, 'suspendedUntil' | 'suspensionReason'>;

/** A suspension lasts until its moment has passed; lifting it clears the moment. */
export const isSuspended = (user: Pick<User, 'suspendedUntil'>, now = new Date()): boolean =>
  user.suspendedUntil !== null && user.suspendedUntil.getTime() > now.getTime();

const untilFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `운영 정책 위반으로 2026년 12월 31일 23:59까지 이용이 정지된 계정이에요. 사유: …` (Seoul time). */
export function suspensionMessage(until: Date, reason: string | null): string {
  const sentence = `운영 정책 위반으로 ${untilFormat.format(until)}까지 이용이 정지된 계정이에요.`;
  return reason ? `${sentence} 사유: ${reason}` : sentence;
}

/** Sign-in refused: the member is told why and until when, so they need not write in to ask. */
export class SuspendedAccountError extends ForbiddenError {
  private readonly until: Date;

  constructor(user: Suspension) {
    super(suspensionMessage(user.suspendedUntil!, user.suspensionReason));
    this.until = user.suspendedUntil!;
  }

  override details(): Record<string, unknown> {
    return { code: 'suspended', suspended_until: this.until.toISOString() };
  }
}
