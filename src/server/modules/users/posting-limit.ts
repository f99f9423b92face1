import type { User } from '../../db/schema/index.ts';
import { forbidden } from '../../domain-errors.ts';
import { formatDateTime } from '../../../lib/time.ts';

export const postingLimitedMessage = (until: Date): string =>
  `운영 정책에 따라 ${formatDateTime(until)}까지 글과 댓글을 쓸 수 없어요.`;

/** A member whose posting staff have limited writes nothing new (posts, room posts, threads, comments) until then. */
export function assertMayPost(user: Pick<User, 'postingLimitedUntil'>, now = new Date()): void {
  const until = user.postingLimitedUntil;
  if (until && until > now) throw forbidden(postingLimitedMessage(until));
}
