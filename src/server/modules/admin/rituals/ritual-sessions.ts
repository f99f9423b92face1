import { and, asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { inOrder } from '../../../db/client.ts';
import type { Db } from '../../../db/client.ts';
import { ritualSessionRoles, ritualSessionTitles, ritualSessionUsers, ritualSessions, rituals, users } from '../../../db/schema/index.ts';
import type { RitualSession, RitualSessionRole } from '../../../db/schema/index.ts';
import { invalidInput, notFound } from '../../../domain-errors.ts';
import type { FieldErrors } from '../../../domain-errors.ts';
import { validateBody } from '../../../http/context.ts';
import type { AppEnv } from '../../../http/context.ts';
import { idParam } from '../../../http/route-id.ts';
import { apiTime } from '../../../http/serialize.ts';
import { recordAudit } from '../audit.ts';
import { NOT_FOUND } from '../crud.ts';
import type { CrudResource } from '../crud.ts';
import { optionalTime } from '../fields.ts';
import { auditActorOf } from '../guard.ts';
import { flag, optionalReferenceId, optionalText, presentValues, referenceId, requiredText, requiredTime, wholeNumber } from '../input-fields.ts';
import { dataOf, listOf } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../../http/openapi/operation.ts';
import { adminRitualSessionMemberAnswer } from './answer-schema.ts';
import type { adminRitualSessionAnswer } from './answer-schema.ts';

export const SESSION_MESSAGES = {
  ritualMissing: '리추얼을 찾을 수 없어요.',
  titleMissing: '시즌을 찾을 수 없어요.',
  endsBeforeStart: '끝나는 시각은 시작 시각보다 뒤여야 해요.',
  recruitEndsBeforeStart: '모집 마감은 모집 시작보다 뒤여야 해요.',
  recruitAfterStart: '모집은 세션이 시작하기 전에 끝나야 해요.',
  recruitStartsAfterStart: '모집 시작은 세션 시작보다 앞서야 해요.',
  capacityBelowMembers: (members: number) => `이미 ${members}명이 참여하고 있어요. 정원은 ${members}명 이상이어야 해요.`,
  full: '정원이 찼어요. 정원을 늘린 뒤 추가해 주세요.',
  userMissing: '회원을 찾을 수 없어요.',
  alreadyMember: '이미 이 세션에 참여하고 있는 회원이에요.',
  notMember: '이 세션에 참여하고 있지 않은 회원이에요.',
} as const;

const fields = {
  ritual_id: referenceId('리추얼'),
  ritual_session_title_id: optionalReferenceId('시즌'),
  title: requiredText('세션 이름', 100),
  starts_at: requiredTime('시작 시각'),
  ends_at: requiredTime('끝나는 시각'),
  capacity: wholeNumber('정원', 1, 1000, '명'),
  price: wholeNumber('가격', 0, 10_000_000, '원'),
  recruit_starts_at: optionalTime('모집 시작'),
  recruit_ends_at: optionalTime('모집 마감'),
  place: optionalText('장소', 200),
  is_published: flag('공개 여부').optional(),
};

const create = z.object(fields);
const update = z.object(fields).partial();

const COLUMNS = {
  ritual_id: 'ritualId',
  ritual_session_title_id: 'ritualSessionTitleId',
  title: 'title',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
  capacity: 'capacity',
  price: 'price',
  recruit_starts_at: 'recruitStartsAt',
  recruit_ends_at: 'recruitEndsAt',
  place: 'place',
  is_published: 'isPublished',
} as const;

/** Seats taken: the host takes none. */
async function memberCount(db: Db, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(ritualSessionUsers)
    .where(and(eq(ritualSessionUsers.ritualSessionId, sessionId), eq(ritualSessionUsers.role, 'member')));
  return row?.value ?? 0;
}

/** The rules across fields, checked on the session as it will be once the change is made. */
async function checkSession(db: Db, session: Partial<RitualSession>, existingId: number | null): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const { startsAt, endsAt, recruitStartsAt, recruitEndsAt } = session;
  if (startsAt && endsAt && endsAt <= startsAt) add('ends_at', SESSION_MESSAGES.endsBeforeStart);
  if (recruitStartsAt && recruitEndsAt && recruitEndsAt <= recruitStartsAt) add('recruit_ends_at', SESSION_MESSAGES.recruitEndsBeforeStart);
  if (startsAt && recruitEndsAt && recruitEndsAt > startsAt) add('recruit_ends_at', SESSION_MESSAGES.recruitAfterStart);
  if (startsAt && recruitStartsAt && recruitStartsAt >= startsAt) add('recruit_starts_at', SESSION_MESSAGES.recruitStartsAfterStart);
  // Checked inside the console's transaction: on PostgreSQL its statements go one after another.
  const [ritual, title, members] = await inOrder(db, [
    async () => (session.ritualId ? db.select({ id: rituals.id }).from(rituals).where(eq(rituals.id, session.ritualId)) : [{ id: 0 }]),
    async () =>
      session.ritualSessionTitleId
        ? db.select({ id: ritualSessionTitles.id }).from(ritualSessionTitles).where(eq(ritualSessionTitles.id, session.ritualSessionTitleId))
        : [{ id: 0 }],
    async () => (existingId === null ? 0 : memberCount(db, existingId)),
  ]);
  if (ritual.length === 0) add('ritual_id', SESSION_MESSAGES.ritualMissing);
  if (title.length === 0) add('ritual_session_title_id', SESSION_MESSAGES.titleMissing);
  if (session.capacity !== undefined && session.capacity < members) add('capacity', SESSION_MESSAGES.capacityBelowMembers(members));
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
}

const ritualSessionRowResource = (row: (typeof ritualSessions)['$inferSelect']) => ({
  id: row.id,
  ritual_id: row.ritualId,
  ritual_session_title_id: row.ritualSessionTitleId,
  title: row.title,
  starts_at: apiTime(row.startsAt),
  ends_at: apiTime(row.endsAt),
  capacity: row.capacity,
  price: row.price,
  recruit_starts_at: apiTime(row.recruitStartsAt),
  recruit_ends_at: apiTime(row.recruitEndsAt),
  place: row.place,
  is_published: row.isPublished,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const ritualSessionResource: CrudResource<typeof ritualSessions, typeof create, typeof update> = {
  path: 'ritual-sessions',
  modelType: 'ritual_session',
  table: ritualSessions,
  id: ritualSessions.id,
  sortable: { starts_at: ritualSessions.startsAt, id: ritualSessions.id, title: ritualSessions.title, price: ritualSessions.price },
  search: [ritualSessions.title],
  filters: {
    ritual_id: (value) => (/^\d{1,9}$/.test(value) ? eq(ritualSessions.ritualId, Number(value)) : undefined),
    ritual_session_title_id: (value) => (/^\d{1,9}$/.test(value) ? eq(ritualSessions.ritualSessionTitleId, Number(value)) : undefined),
  },
  create,
  update,
  toValues: async (db, input, existing) => {
    const values = presentValues(input, COLUMNS) as Partial<typeof ritualSessions.$inferInsert>;
    await checkSession(db, { ...(existing ?? {}), ...values } as Partial<RitualSession>, existing?.id ?? null);
    return values;
  },
  toResource: ritualSessionRowResource,
  // Members and their orders point at it: unpublishing takes it off the explorer instead.
  canDelete: async (db, row) => ((await memberCount(db, row.id)) > 0 ? '참여자가 있는 세션은 지울 수 없어요. 공개를 끄거나 참여자를 먼저 내보내 주세요.' : null),
};

const addInput = z.object({
  user_id: referenceId('회원'),
  role: z.enum(ritualSessionRoles, { error: '역할은 host 또는 member여야 해요.' }).default('member'),
});
const removeInput = z.object({ reason: requiredText('내보내는 이유', 500) });
const roleInput = z.object({ role: z.enum(ritualSessionRoles, { error: '역할은 host 또는 member여야 해요.' }) });

const ritualSessionMemberResource = (row: { id: number; userId: number; nickname: string; email: string; role: RitualSessionRole; sharesProgress: boolean; joinedAt: Date }) => ({
  id: row.id,
  user_id: row.userId,
  nickname: row.nickname,
  email: row.email,
  role: row.role,
  shares_progress: row.sharesProgress,
  joined_at: apiTime(row.joinedAt),
});

/**
 * A session's people: who is in it, adding a member by hand, removing one with a reason, and
 * who hosts. Each change is audited against the session. Removing does nothing to the member's
 * order: a refund is the orders screen's business.
 */
export function ritualSessionMemberRoutes(db: Db) {
  const base = '/api/admin/ritual-sessions/:id/members';

  async function lockSession(executor: Db, id: number): Promise<RitualSession> {
    const [session] = await executor.select().from(ritualSessions).where(eq(ritualSessions.id, id)).for('update');
    if (!session) throw notFound(NOT_FOUND);
    return session;
  }

  /** Checked on the result of a change, which the transaction's rollback undoes if it is over. */
  async function overCapacity(executor: Db, session: RitualSession, field: string): Promise<void> {
    if ((await memberCount(executor, session.id)) > session.capacity) throw invalidInput({ [field]: [SESSION_MESSAGES.full] });
  }

  const selectMembers = (executor: Db) =>
    executor
      .select({
        id: ritualSessionUsers.id,
        userId: ritualSessionUsers.userId,
        nickname: users.nickname,
        email: users.email,
        role: ritualSessionUsers.role,
        sharesProgress: ritualSessionUsers.sharesProgress,
        joinedAt: ritualSessionUsers.joinedAt,
      })
      .from(ritualSessionUsers)
      .innerJoin(users, eq(users.id, ritualSessionUsers.userId));

  async function findMember(executor: Db, sessionId: number, userId: number) {
    const [member] = await selectMembers(executor).where(and(eq(ritualSessionUsers.ritualSessionId, sessionId), eq(ritualSessionUsers.userId, userId)));
    if (!member) throw notFound(SESSION_MESSAGES.notMember);
    return member;
  }

  return new Hono<AppEnv>()
    .get(base, async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const [session] = await db.select({ id: ritualSessions.id }).from(ritualSessions).where(eq(ritualSessions.id, id));
      if (!session) throw notFound(NOT_FOUND);
      const rows = await selectMembers(db).where(eq(ritualSessionUsers.ritualSessionId, session.id)).orderBy(asc(ritualSessionUsers.role), asc(ritualSessionUsers.joinedAt), asc(ritualSessionUsers.id));
      return c.json({ data: rows.map(ritualSessionMemberResource) });
    })
    .post(base, async (c) => {
      const input = validateBody(c, addInput);
      const actor = auditActorOf(c);
      const member = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const session = await lockSession(executor, idParam(c, 'id', NOT_FOUND));
        const [user] = await executor.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
        if (!user) throw invalidInput({ user_id: [SESSION_MESSAGES.userMissing] });
        const [joined] = await executor
          .select({ id: ritualSessionUsers.id })
          .from(ritualSessionUsers)
          .where(and(eq(ritualSessionUsers.ritualSessionId, session.id), eq(ritualSessionUsers.userId, user.id)));
        if (joined) throw invalidInput({ user_id: [SESSION_MESSAGES.alreadyMember] });
        // One host leads a room: a new host sends the old one back to a seat.
        if (input.role === 'host') {
          await executor.update(ritualSessionUsers).set({ role: 'member' }).where(and(eq(ritualSessionUsers.ritualSessionId, session.id), eq(ritualSessionUsers.role, 'host')));
        }
        const [row] = await executor.insert(ritualSessionUsers).values({ ritualSessionId: session.id, userId: user.id, role: input.role }).returning();
        await overCapacity(executor, session, 'user_id');
        await recordAudit(executor, actor, { action: 'add_member', modelType: 'ritual_session', modelId: session.id, after: row! });
        return findMember(executor, session.id, user.id);
      });
      return c.json({ data: ritualSessionMemberResource(member) }, 201);
    })
    .delete(`${base}/:userId`, async (c) => {
      const input = validateBody(c, removeInput);
      const actor = auditActorOf(c);
      await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const session = await lockSession(executor, idParam(c, 'id', NOT_FOUND));
        const member = await findMember(executor, session.id, idParam(c, 'userId', SESSION_MESSAGES.notMember));
        await executor.delete(ritualSessionUsers).where(eq(ritualSessionUsers.id, member.id));
        await recordAudit(executor, actor, { action: 'remove_member', modelType: 'ritual_session', modelId: session.id, before: member, after: { reason: input.reason } });
      });
      return c.body(null, 204);
    })
    .patch(`${base}/:userId`, async (c) => {
      const input = validateBody(c, roleInput);
      const actor = auditActorOf(c);
      const member = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const session = await lockSession(executor, idParam(c, 'id', NOT_FOUND));
        const before = await findMember(executor, session.id, idParam(c, 'userId', SESSION_MESSAGES.notMember));
        if (before.role === input.role) return before;
        // One host leads a room: a new host sends the old one back to a seat.
        if (input.role === 'host') {
          await executor
            .update(ritualSessionUsers)
            .set({ role: 'member' })
            .where(and(eq(ritualSessionUsers.ritualSessionId, session.id), eq(ritualSessionUsers.role, 'host')));
        }
        await executor.update(ritualSessionUsers).set({ role: input.role }).where(eq(ritualSessionUsers.id, before.id));
        await overCapacity(executor, session, 'role');
        const after = await findMember(executor, session.id, idParam(c, 'userId', SESSION_MESSAGES.notMember));
        await recordAudit(executor, actor, { action: input.role === 'host' ? 'make_host' : 'unmake_host', modelType: 'ritual_session', modelId: session.id, before, after });
        return after;
      });
      return c.json({ data: ritualSessionMemberResource(member) });
    });
}

// Checked here rather than beside the schemas: their file cannot import these routes, which import it.
export type AdminRitualSessionAnswer = Conforms<ReturnType<typeof ritualSessionRowResource>, z.infer<typeof adminRitualSessionAnswer>>;
export type AdminRitualSessionMemberAnswer = Conforms<ReturnType<typeof ritualSessionMemberResource>, z.infer<typeof adminRitualSessionMemberAnswer>>;

export const ritualSessionMemberOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/ritual-sessions/:id/members', summary: '세션 멤버', access: 'staff', answers: { 200: listOf(adminRitualSessionMemberAnswer) } },
  { method: 'POST', path: '/api/admin/ritual-sessions/:id/members', summary: '세션 멤버 넣기', access: 'staff', body: addInput, answers: { 201: dataOf(adminRitualSessionMemberAnswer) } },
  { method: 'DELETE', path: '/api/admin/ritual-sessions/:id/members/:userId', summary: '세션 멤버 내보내기', access: 'staff', body: removeInput, answers: { 204: null } },
  { method: 'PATCH', path: '/api/admin/ritual-sessions/:id/members/:userId', summary: '세션 멤버 역할', access: 'staff', body: roleInput, answers: { 200: dataOf(adminRitualSessionMemberAnswer) } },
];
