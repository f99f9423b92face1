/** GET /api/admin/dashboard: what the console's first screen shows. */

export interface PeriodFigures {
  signups: number;
  paid_orders: number;
  /** Paid amounts less what has been refunded of them, in 원. */
  revenue: number;
  refunds: number;
  refunded_amount: number;
}

export interface RunningSession {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  members: number;
  days_elapsed: number;
  days_done: number;
  /** Whole percent of member-days done so far, as a room's own report counts them. */
  rate: number;
}

export interface Dashboard {
  today: string;
  week_starts_on: string;
  periods: { today: PeriodFigures; week: PeriodFigures };
  open_inquiries: number;
  open_reports: number;
  running_sessions: RunningSession[];
}
