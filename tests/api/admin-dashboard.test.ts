import { describe, expect, it } from 'vitest';
import {
  inquiries,
  inquiryCategories,
  orders,
  refunds,
  reports,
  ritualSessionCheckIns,
  ritualSessionUsers,
  ritualSessions,
} from '../../src/server/db/schema/index.ts';
import { loadDashboard } from '../../src/server/modules/admin/dashboard.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

// Wednesday 9 January 2030, noon in Seoul: the week began on Monday the 7th at midnight (Seoul).
const NOW = new Date('2030-01-09T03:00:00Z');
const TODAY = new Date('2030-01-09T01:00:00Z');
const MONDAY = new Date('2030-01-07T00:00:00Z');
// Sunday 23:59 in Seoul: last week, though the same UTC date as Monday's first hours.
const LAST_WEEK = new Date('2030-01-06T14:59:00Z');

let orderCount = 0;
async function order(values: { amount: number; refunded?: number; paidAt: Date | null }) {
  orderCount += 1;
  const [row] = await db()
    .insert(orders)
    .values({
      orderNumber: `ORD-DASH-${orderCount}`,
      status: values.paidAt ? 'paid' : 'pending',
      title: '주문',
      itemsAmount: values.amount,
      amount: values.amount,
      refundedAmount: values.refunded ?? 0,
      paidAt: values.paidAt,
    })
    .returning();
  return row!;
}

describe('GET /api/admin/dashboard', () => {
  it('counts today and this week in Seoul days, what waits, and running rooms\' rates, exactly', async () => {
    await createMember(db(), { createdAt: TODAY });
    await createMember(db(), { createdAt: MONDAY });
    const reporter = await createMember(db(), { createdAt: LAST_WEEK });

    const paidToday = await order({ amount: 30_000, refunded: 10_000, paidAt: TODAY });
    await order({ amount: 20_000, paidAt: MONDAY });
    const paidLastWeek = await order({ amount: 50_000, refunded: 5_000, paidAt: LAST_WEEK });
    await order({ amount: 9_000, paidAt: null });
    await db()
      .insert(refunds)
      .values([
        { orderId: paidToday.id, amount: 10_000, reason: '단순 변심', createdAt: TODAY },
        { orderId: paidLastWeek.id, amount: 5_000, reason: '파손', createdAt: MONDAY },
        { orderId: paidLastWeek.id, amount: 1_000, reason: '지난주 환불', createdAt: LAST_WEEK },
      ]);

    const [category] = await db().insert(inquiryCategories).values({ name: '기타' }).returning();
    await db()
      .insert(inquiries)
      .values([
        { userId: reporter.id, inquiryCategoryId: category!.id, title: '문의 1', content: '내용' },
        { userId: reporter.id, inquiryCategoryId: category!.id, title: '문의 2', content: '내용' },
        { userId: reporter.id, inquiryCategoryId: category!.id, title: '문의 3', content: '내용', answer: '답변', answeredAt: TODAY },
      ]);
    await db()
      .insert(reports)
      .values([
        { reporterId: reporter.id, modelType: 'comment', modelId: 1, reason: 'spam' },
        { reporterId: reporter.id, modelType: 'comment', modelId: 2, reason: 'abuse', resolvedAt: TODAY },
      ]);

    // Running since Monday (Seoul): three days so far. Two members and a host, whose days do not count.
    const [running, over] = await db()
      .insert(ritualSessions)
      .values([
        { title: '1월 새벽 필사', startsAt: new Date('2030-01-06T15:00:00Z'), endsAt: new Date('2030-02-03T15:00:00Z') },
        { title: '12월 새벽 필사', startsAt: new Date('2029-12-02T15:00:00Z'), endsAt: new Date('2029-12-30T15:00:00Z') },
      ])
      .returning();
    const [ann, ben, host] = [await createMember(db()), await createMember(db()), await createMember(db())];
    await db()
      .insert(ritualSessionUsers)
      .values([
        { ritualSessionId: running!.id, userId: ann!.id },
        { ritualSessionId: running!.id, userId: ben!.id },
        { ritualSessionId: running!.id, userId: host!.id, role: 'host' },
        { ritualSessionId: over!.id, userId: ann!.id },
      ]);
    await db()
      .insert(ritualSessionCheckIns)
      .values([
        ...['2030-01-07', '2030-01-08', '2030-01-09'].map((day) => ({ ritualSessionId: running!.id, userId: ann!.id, day })),
        { ritualSessionId: running!.id, userId: ben!.id, day: '2030-01-08' },
        { ritualSessionId: running!.id, userId: host!.id, day: '2030-01-08' },
        { ritualSessionId: over!.id, userId: ann!.id, day: '2029-12-10' },
      ]);

    const dashboard = await loadDashboard(db(), NOW);
    expect(dashboard).toEqual({
      today: '2030-01-09',
      week_starts_on: '2030-01-07',
      periods: {
        today: { signups: 1, paid_orders: 1, revenue: 20_000, refunds: 1, refunded_amount: 10_000 },
        week: { signups: 2, paid_orders: 2, revenue: 40_000, refunds: 2, refunded_amount: 15_000 },
      },
      open_inquiries: 2,
      open_reports: 1,
      running_sessions: [
        {
          id: running!.id,
          title: '1월 새벽 필사',
          starts_at: '2030-01-06T15:00:00.000000Z',
          ends_at: '2030-02-03T15:00:00.000000Z',
          members: 2,
          days_elapsed: 3,
          days_done: 4,
          // 4 of 2 members × 3 days, rounded down as the room's own report does.
          rate: 66,
        },
      ],
    });
  });

  it('answers staff only, never cached', async () => {
    const { client } = await signedInStaff(db());
    const res = await client.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Object.keys(res.body.data.periods)).toEqual(['today', 'week']);
    const member = await signedInMember(db());
    expect((await member.client.get('/api/admin/dashboard')).status).toBe(403);
  });
});
