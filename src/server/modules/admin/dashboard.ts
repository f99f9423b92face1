import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiTime } from '../../http/serialize.ts';
import { TIME_ZONE } from '../../../lib/constants.ts';
import { addDays, ratePercent, seoulDate, sessionDays } from '../../../lib/room-progress.ts';
import type { Dashboard, PeriodFigures } from '../../../lib/admin-dashboard.ts';
import { doneDays } from '../room-progress/days.ts';
import { elapsedDays } from '../room-progress/service.ts';

/** The instant a Seoul date begins. */
const seoulMidnight = (date: string): Date => new Date(`${date}T00:00:00+09:00`);

/** The Monday (Seoul) of the week holding `date`. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

interface CountsRow {
  today_signups: number;
  week_signups: number;
  today_paid_orders: number;
  week_paid_orders: number;
  today_revenue: number;
  week_revenue: number;
  today_refunds: number;
  week_refunds: number;
  today_refunded: number;
  week_refunded: number;
  open_inquiries: number;
  open_reports: number;
}

/**
 * What the console opens on: today's and this week's sign-ups, paid orders, revenue and refunds
 * (Seoul days, weeks from Monday), what waits for an answer, and how running rooms are doing.
 * Two queries, whatever the numbers.
 */
export async function loadDashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const today = seoulDate(now);
  const weekStart = mondayOf(today);
  const dayFrom = seoulMidnight(today);
  const weekFrom = seoulMidnight(weekStart);
  const running = sql`select id from ritual_sessions where starts_at <= ${now} and ends_at > ${now}`;

  const [[counts], sessions] = await Promise.all([
    queryRows<CountsRow>(
      db,
      sql`select
          (select count(*) filter (where created_at >= ${dayFrom}) from users where created_at >= ${weekFrom})::int as today_signups,
          (select count(*) from users where created_at >= ${weekFrom})::int as week_signups,
          o.today_paid_orders, o.week_paid_orders, o.today_revenue, o.week_revenue,
          r.today_refunds, r.week_refunds, r.today_refunded, r.week_refunded,
          (select count(*) from inquiries where answered_at is null)::int as open_inquiries,
          (select count(*) from reports where resolved_at is null)::int as open_reports
        from (
          select (count(*) filter (where paid_at >= ${dayFrom}))::int as today_paid_orders,
            count(*)::int as week_paid_orders,
            coalesce(sum(amount - refunded_amount) filter (where paid_at >= ${dayFrom}), 0)::int as today_revenue,
            coalesce(sum(amount - refunded_amount), 0)::int as week_revenue
          from orders where paid_at >= ${weekFrom}
        ) o, (
          select (count(*) filter (where created_at >= ${dayFrom}))::int as today_refunds,
            count(*)::int as week_refunds,
            coalesce(sum(amount) filter (where created_at >= ${dayFrom}), 0)::int as today_refunded,
            coalesce(sum(amount), 0)::int as week_refunded
          from refunds where created_at >= ${weekFrom}
        ) r`,
    ),
    queryRows<{ id: number; title: string; starts_at: string | Date; ends_at: string | Date; members: number; days_done: number }>(
      db,
      sql`select s.id, s.title, s.starts_at, s.ends_at,
          (select count(*) from ritual_session_users su where su.ritual_session_id = s.id and su.role = 'member')::int as members,
          coalesce(d.days_done, 0)::int as days_done
        from ritual_sessions s
        left join (
          select done.ritual_session_id, count(*) as days_done
          from ${doneDays({ sessionIds: running })} done
          join ritual_session_users su on su.ritual_session_id = done.ritual_session_id and su.user_id = done.user_id and su.role = 'member'
          join ritual_sessions rs on rs.id = done.ritual_session_id
          where done.day between (rs.starts_at at time zone ${TIME_ZONE})::date and ${today}::date
          group by done.ritual_session_id
        ) d on d.ritual_session_id = s.id
        where s.id in (${running})
        order by s.starts_at, s.id`,
    ),
  ]);

  const period = (prefix: 'today' | 'week'): PeriodFigures => ({
    signups: counts![`${prefix}_signups`],
    paid_orders: counts![`${prefix}_paid_orders`],
    revenue: counts![`${prefix}_revenue`],
    refunds: counts![`${prefix}_refunds`],
    refunded_amount: counts![`${prefix}_refunded`],
  });

  return {
    today,
    week_starts_on: weekStart,
    periods: { today: period('today'), week: period('week') },
    open_inquiries: counts!.open_inquiries,
    open_reports: counts!.open_reports,
    running_sessions: sessions.map((row) => {
      const daysElapsed = elapsedDays(sessionDays(row.starts_at, row.ends_at), today);
      return {
        id: row.id,
        title: row.title,
        starts_at: apiTime(new Date(row.starts_at)),
        ends_at: apiTime(new Date(row.ends_at)),
        members: row.members,
        days_elapsed: daysElapsed,
        days_done: row.days_done,
        rate: ratePercent(row.days_done, row.members * daysElapsed),
      };
    }),
  };
}

export function dashboardRoutes(db: Db) {
  return new Hono<AppEnv>().get('/api/admin/dashboard', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: await loadDashboard(db) });
  });
}
