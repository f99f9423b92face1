/** GET /api/admin/legacy-usage: one row per legacy `/v1` pattern that has been called. */
export interface LegacyUsage {
  /** The pattern itself, which react-admin needs as the row's id. */
  id: string;
  path: string;
  /** The `/api` path that replaces it. */
  successor: string | null;
  calls_today: number;
  calls_last_30_days: number;
  calls_total: number;
  /** Seoul dates. */
  first_day: string;
  last_day: string;
  last_called_at: string;
}
