import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { coupons, users } from '../../../db/schema/index.ts';
import { conflict, invalidInput, notFound } from '../../../domain-errors.ts';
import { validateBody } from '../../../http/context.ts';
import type { AppEnv } from '../../../http/context.ts';
import { idParam, routeId } from '../../../http/route-id.ts';
import { giveCoupon } from '../../coupons/service.ts';
import { recordAudit } from '../audit.ts';
import type { AuditActor } from '../audit.ts';
import { auditActorOf } from '../guard.ts';

export const RECIPIENTS_MAX = 500;

export const COUPON_ISSUE_MESSAGES = {
  couponNotFound: '쿠폰을 찾을 수 없어요.',
  nobody: '발급할 회원의 이메일이나 회원 번호를 한 명 이상 입력해 주세요.',
  tooMany: `한 번에 ${RECIPIENTS_MAX}명까지 발급할 수 있어요.`,
  userIds: '회원 번호는 1 이상의 정수로 보내 주세요.',
  emails: '이메일은 문자열로 보내 주세요.',
  unknownIds: (ids: number[]) => `찾을 수 없는 회원 번호예요: ${ids.join(', ')}`,
  unknownEmails: (emails: string[]) => `가입한 회원의 이메일이 아니에요: ${emails.join(', ')}`,
  expired: '사용 기간이 끝난 쿠폰은 발급할 수 없어요.',
} as const;

/** POST /api/admin/coupons/{id}/issue: members by id, by e-mail, or both. */
export const couponIssueInput = z
  .object({
    user_ids: z.array(z.unknown(), { error: COUPON_ISSUE_MESSAGES.userIds }).optional(),
    emails: z.array(z.string({ error: COUPON_ISSUE_MESSAGES.emails }).trim().toLowerCase(), { error: COUPON_ISSUE_MESSAGES.emails }).optional(),
  })
  .transform((input, ctx) => {
    const ids = (input.user_ids ?? []).map(routeId);
    if (ids.some((id) => id === null)) {
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: COUPON_ISSUE_MESSAGES.userIds });
      return z.NEVER;
    }
    const emails = [...new Set((input.emails ?? []).filter(Boolean))];
    const userIds = [...new Set(ids as number[])];
    if (userIds.length + emails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: COUPON_ISSUE_MESSAGES.nobody });
      return z.NEVER;
    }
    if (userIds.length + emails.length > RECIPIENTS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: COUPON_ISSUE_MESSAGES.tooMany });
      return z.NEVER;
    }
    return { userIds, emails };
  });
export type CouponIssueInput = z.output<typeof couponIssueInput>;

/** The members named, as ids: every one must be a member who has not left, or nothing is given. */
async function resolveRecipients(db: Db, { userIds, emails }: CouponIssueInput): Promise<number[]> {
  const [byId, byEmail] = await Promise.all([
    userIds.length ? db.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), isNull(users.deletedAt))) : [],
    emails.length
      ? db
          .select({ id: users.id, email: sql<string>`lower(${users.email})` })
          .from(users)
          .where(and(inArray(sql`lower(${users.email})`, emails), isNull(users.deletedAt)))
      : [],
  ]);
  const errors: Record<string, string[]> = {};
  const knownIds = new Set(byId.map((row) => row.id));
  const unknownIds = userIds.filter((id) => !knownIds.has(id));
  if (unknownIds.length) errors.user_ids = [COUPON_ISSUE_MESSAGES.unknownIds(unknownIds)];
  const knownEmails = new Set(byEmail.map((row) => row.email));
  const unknownEmails = emails.filter((email) => !knownEmails.has(email));
  if (unknownEmails.length) errors.emails = [COUPON_ISSUE_MESSAGES.unknownEmails(unknownEmails)];
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return [...new Set([...userIds, ...byEmail.map((row) => row.id)])];
}

/**
 * Gives the coupon through the coupons service (which notifies each member), its savepoint inside
 * this transaction, so the audit row and the wallets are written together or not at all.
 */
export async function issueCoupon(db: Db, actor: AuditActor, couponId: number, input: CouponIssueInput, now = new Date()) {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!coupon) throw notFound(COUPON_ISSUE_MESSAGES.couponNotFound);
  if (coupon.validUntil && coupon.validUntil < now) throw conflict(COUPON_ISSUE_MESSAGES.expired);
  const wanted = await resolveRecipients(db, input);
  const given = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const receivers = await giveCoupon(txDb, couponId, wanted, now);
    await recordAudit(txDb, actor, { action: 'issue', modelType: 'coupon', modelId: couponId, after: { requested_user_ids: wanted, issued_user_ids: receivers } });
    return receivers;
  });
  const issued = new Set(given);
  return { issued_user_ids: given, skipped_user_ids: wanted.filter((id) => !issued.has(id)) };
}

export function couponIssueRoutes(db: Db) {
  return new Hono<AppEnv>().post('/api/admin/coupons/:id/issue', async (c) => {
    const id = idParam(c, 'id', COUPON_ISSUE_MESSAGES.couponNotFound);
    const input = validateBody(c, couponIssueInput);
    return c.json({ data: await issueCoupon(db, auditActorOf(c), id, input) });
  });
}
