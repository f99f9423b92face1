import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { accountDeletions, comments, orders, ritualSessionPosts, squarePosts, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../domain-errors.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import { apiTime } from '../../http/serialize.ts';
import { forgetDevicesOf } from '../auth/known-devices.ts';
import { destroyUserSessions } from '../sessions/service.ts';
import { isSuspended } from '../users/suspension.ts';
import { recordAudit } from './audit.ts';
import type { AuditActor } from './audit.ts';
import { listQuery, sortColumnOf } from './crud.ts';
import { auditActorOf, requireAdmin, requireConsoleUser } from './guard.ts';
import { isStaffRole } from './second-factor.ts';
import { dataOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { accountDeletionAnswer, adminMemberAnswer, adminMemberListItemAnswer } from './members-answer-schema.ts';

const MEMBER_MESSAGES = {
  notFound: '회원을 찾을 수 없어요.',
  deleted: '탈퇴한 회원이에요.',
  suspendSelf: '자기 자신은 정지할 수 없어요.',
  suspendStaff: '운영진과 관리자의 이용 정지는 관리자만 할 수 있어요.',
  reason: '정지 사유를 입력해 주세요.',
  reasonTooLong: '정지 사유는 500자 이하로 입력해 주세요.',
  until: '정지 종료 시각을 날짜와 시각으로 입력해 주세요.',
  untilPast: '정지 종료 시각은 지금보다 뒤여야 해요.',
  roleSelf: '자기 자신의 역할은 바꿀 수 없어요.',
  roleOfAdmin: '관리자의 역할은 콘솔에서 바꿀 수 없어요.',
  role: '역할은 회원(member) 또는 운영진(staff)이어야 해요.',
} as const;

const memberQuery = listQuery.extend({
  role: z.enum(['member', 'staff', 'admin'], { error: '역할은 member, staff, admin 중 하나여야 해요.' }).optional(),
  suspended: z.enum(['true', 'false'], { error: '정지 여부는 true 또는 false여야 해요.' }).optional(),
});

const deletionQuery = listQuery.pick({ page: true, per_page: true, order: true, q: true });

const suspensionInput = z.object({
  reason: z
    .string({ error: MEMBER_MESSAGES.reason })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, MEMBER_MESSAGES.reason).max(500, MEMBER_MESSAGES.reasonTooLong)),
  until: z
    .iso.datetime({ offset: true, error: MEMBER_MESSAGES.until })
    .transform((value) => new Date(value))
    .refine((until) => until.getTime() > Date.now(), MEMBER_MESSAGES.untilPast),
});

const roleInput = z.object({ role: z.enum(['member', 'staff'], { error: MEMBER_MESSAGES.role }) });

const sortable = { id: users.id, created_at: users.createdAt, email: users.email, nickname: users.nickname };

/**
 * A member as the console lists them. Written field by field, never spread from the row: the
 * password hash, the TOTP secret and anything like them must not be able to slip out.
 */
const adminMemberListResource = (user: User) => ({
  id: user.id,
  email: user.email,
  nickname: user.nickname,
  username: user.username,
  phone: user.phone,
  country_code: user.countryCode,
  role: user.role,
  email_verified_at: apiTime(user.emailVerifiedAt),
  is_suspended: isSuspended(user),
  suspended_until: apiTime(user.suspendedUntil),
  deleted_at: apiTime(user.deletedAt),
  created_at: apiTime(user.createdAt),
});

interface Counts {
  orders: number;
  square_posts: number;
  ritual_session_posts: number;
  comments: number;
}

const adminMemberResource = (user: User, counts: Counts) => ({
  ...adminMemberListResource(user),
  profile_image: user.profileImage,
  introduction: user.introduction,
  phone_verified_at: apiTime(user.phoneVerifiedAt),
  agreed_terms_at: apiTime(user.agreedTermsAt),
  agreed_privacy_at: apiTime(user.agreedPrivacyAt),
  agreed_marketing_at: apiTime(user.agreedMarketingAt),
  // Whether staff have an authenticator, never what it holds.
  second_factor_enabled_at: apiTime(user.totpEnabledAt),
  suspension_reason: isSuspended(user) ? user.suspensionReason : null,
  posting_limited_until: apiTime(user.postingLimitedUntil),
  updated_at: apiTime(user.updatedAt),
  counts,
});

const accountDeletionResource = (row: { id: number; userId: number; reason: string; joinedAt: Date; createdAt: Date }) => ({
  id: row.id,
  user_id: row.userId,
  reason: row.reason,
  joined_at: apiTime(row.joinedAt),
  created_at: apiTime(row.createdAt),
});

/** Each count walks its table's (user_id, …) index; one round trip for all four. */
async function countsOf(db: Db, userId: number): Promise<Counts> {
  const counted = (table: typeof orders | typeof squarePosts | typeof ritualSessionPosts | typeof comments) =>
    sql`(select count(*)::int from ${table} where ${table.userId} = ${userId})`;
  const [row] = await queryRows<Counts>(
    db,
    sql`select ${counted(orders)} as orders, ${counted(squarePosts)} as square_posts,
      ${counted(ritualSessionPosts)} as ritual_session_posts, ${counted(comments)} as comments`,
  );
  return row!;
}

const memberIdOf = (c: AppContext): number => idParam(c, 'id', MEMBER_MESSAGES.notFound);

async function lockMember(db: Db, id: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound(MEMBER_MESSAGES.notFound);
  if (user.deletedAt) throw conflict(MEMBER_MESSAGES.deleted);
  return user;
}

/** Nobody suspends themselves; staff and admins are suspended (or let off) by an admin only. */
function assertMaySuspend(actor: User, target: User): void {
  if (actor.id === target.id) throw forbidden(MEMBER_MESSAGES.suspendSelf);
  if (isStaffRole(target.role) && actor.role !== 'admin') throw forbidden(MEMBER_MESSAGES.suspendStaff);
}

const suspensionOf = (user: Pick<User, 'suspendedUntil' | 'suspensionReason'>) => ({
  suspended_until: user.suspendedUntil,
  suspension_reason: user.suspensionReason,
});

/** Changes one member inside a transaction, with its audit row; answers the member as they are after. */
async function changeMember(
  db: Db,
  actor: AuditActor,
  id: number,
  change: (tx: Db, before: User) => Promise<{ action: string; values: Partial<User>; before: object; after: object } | null>,
): Promise<User> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    const before = await lockMember(executor, id);
    const planned = await change(executor, before);
    if (!planned) return before;
    const [after] = await executor.update(users).set(planned.values).where(eq(users.id, id)).returning();
    await recordAudit(executor, actor, {
      action: planned.action,
      modelType: 'user',
      modelId: id,
      before: planned.before as Record<string, unknown>,
      after: planned.after as Record<string, unknown>,
    });
    return after!;
  });
}

/** Members: find, read, suspend and lift, change a role (admins); and the log of deleted accounts. */
export function adminMemberRoutes(db: Db) {
  const answer = async (c: AppContext, user: User) => c.json({ data: adminMemberResource(user, await countsOf(db, user.id)) });

  return new Hono<AppEnv>()
    .get('/api/admin/members', async (c) => {
      const query = validateQuery(c, memberQuery);
      const now = new Date();
      // Deleted accounts are anonymised; the deletion log lists them. Asked for by id, they come too.
      const conditions: (SQL | undefined)[] = [query.ids ? inArray(users.id, query.ids) : isNull(users.deletedAt)];
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.suspended === 'true') conditions.push(gt(users.suspendedUntil, now));
      if (query.suspended === 'false') conditions.push(or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)));
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        // A phone number is stored as digits: 010-1234-5678 finds it too.
        const digits = query.q.replace(/\D/g, '');
        conditions.push(
          or(
            ilike(users.email, pattern),
            ilike(users.nickname, pattern),
            ilike(users.username, pattern),
            ilike(users.phone, pattern),
            digits.length >= 3 ? ilike(users.phone, `%${digits}%`) : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const sortColumn = sortColumnOf(sortable, query.sort) ?? users.id;
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(direction(sortColumn), direction(users.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return c.json({ data: rows.map(adminMemberListResource), meta: pageMeta(query.page, query.per_page, total?.value ?? 0) });
    })
    .get('/api/admin/members/:id', async (c) => {
      const [user] = await db.select().from(users).where(eq(users.id, memberIdOf(c)));
      if (!user) throw notFound(MEMBER_MESSAGES.notFound);
      return answer(c, user);
    })
    .post('/api/admin/members/:id/suspension', async (c) => {
      const id = memberIdOf(c);
      const input = validateBody(c, suspensionInput);
      const staff = requireConsoleUser(c);
      const user = await changeMember(db, auditActorOf(c), id, async (tx, before) => {
        assertMaySuspend(staff, before);
        // Signed out everywhere at once, in the same transaction as the suspension; no browser stays
        // known to the account, so whoever took it over gains nothing from its cookie.
        await destroyUserSessions(tx, id);
        await forgetDevicesOf(tx, id);
        const values = { suspendedUntil: input.until, suspensionReason: input.reason };
        return { action: 'suspend', values, before: suspensionOf(before), after: suspensionOf(values) };
      });
      c.get('log').info({ userId: id, until: input.until }, 'member suspended');
      return answer(c, user);
    })
    .delete('/api/admin/members/:id/suspension', async (c) => {
      const id = memberIdOf(c);
      const staff = requireConsoleUser(c);
      const user = await changeMember(db, auditActorOf(c), id, async (_tx, before) => {
        assertMaySuspend(staff, before);
        if (before.suspendedUntil === null) return null;
        const values = { suspendedUntil: null, suspensionReason: null };
        return { action: 'unsuspend', values, before: suspensionOf(before), after: suspensionOf(values) };
      });
      return answer(c, user);
    })
    .patch('/api/admin/members/:id/role', async (c) => {
      const admin = requireAdmin(c);
      const id = memberIdOf(c);
      const { role } = validateBody(c, roleInput);
      if (admin.id === id) throw forbidden(MEMBER_MESSAGES.roleSelf);
      const user = await changeMember(db, auditActorOf(c), id, async (_tx, before) => {
        if (before.role === 'admin') throw forbidden(MEMBER_MESSAGES.roleOfAdmin);
        if (before.role === role) return null;
        return { action: 'change_role', values: { role }, before: { role: before.role }, after: { role } };
      });
      return answer(c, user);
    })
    .get('/api/admin/account-deletions', async (c) => {
      const query = validateQuery(c, deletionQuery);
      const where = query.q ? ilike(accountDeletions.reason, `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: accountDeletions.id,
            userId: accountDeletions.userId,
            reason: accountDeletions.reason,
            createdAt: accountDeletions.createdAt,
            joinedAt: users.createdAt,
          })
          .from(accountDeletions)
          .innerJoin(users, eq(users.id, accountDeletions.userId))
          .where(where)
          .orderBy(direction(accountDeletions.createdAt), direction(accountDeletions.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(accountDeletions).where(where),
      ]);
      return c.json({
        data: rows.map(accountDeletionResource),
        meta: pageMeta(query.page, query.per_page, total?.value ?? 0),
      });
    });
}

// Checked here rather than beside the schemas: their file cannot import these routes, which import it.
export type AdminMemberListItemAnswer = Conforms<ReturnType<typeof adminMemberListResource>, z.infer<typeof adminMemberListItemAnswer>>;
export type AdminMemberAnswer = Conforms<ReturnType<typeof adminMemberResource>, z.infer<typeof adminMemberAnswer>>;
export type AccountDeletionAnswer = Conforms<ReturnType<typeof accountDeletionResource>, z.infer<typeof accountDeletionAnswer>>;

const member = dataOf(adminMemberAnswer);

export const adminMemberOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/members', summary: '회원 목록', access: 'staff', query: memberQuery, answers: { 200: pageOf(adminMemberListItemAnswer) } },
  { method: 'GET', path: '/api/admin/members/:id', summary: '회원', access: 'staff', answers: { 200: member } },
  { method: 'POST', path: '/api/admin/members/:id/suspension', summary: '이용 정지', access: 'staff', body: suspensionInput, answers: { 200: member } },
  { method: 'DELETE', path: '/api/admin/members/:id/suspension', summary: '이용 정지 풀기', access: 'staff', answers: { 200: member } },
  { method: 'PATCH', path: '/api/admin/members/:id/role', summary: '역할 바꾸기', access: 'staff', body: roleInput, answers: { 200: member } },
  { method: 'GET', path: '/api/admin/account-deletions', summary: '탈퇴 기록', access: 'staff', query: deletionQuery, answers: { 200: pageOf(accountDeletionAnswer) } },
];
