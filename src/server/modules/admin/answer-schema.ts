import { z } from 'zod';
import { userRoles } from '../../db/schema/users.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { auditLogResource } from './audit-routes.ts';
import type { loadDashboard } from './dashboard.ts';
import type { startEnrolment } from './second-factor.ts';
import type { secondFactorStatusResource } from './second-factor-routes.ts';

export const secondFactorStatusAnswer = z
  .strictObject({ enrolled: z.boolean(), verified: z.boolean(), role: z.enum(userRoles), nickname: z.string() })
  .meta({ id: 'AdminSecondFactorStatus' });

export type SecondFactorStatusAnswer = Conforms<ReturnType<typeof secondFactorStatusResource>, z.infer<typeof secondFactorStatusAnswer>>;

export const secondFactorEnrolmentAnswer = z
  .strictObject({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() })
  .meta({ id: 'AdminSecondFactorEnrolment' });

export type SecondFactorEnrolmentAnswer = Conforms<Awaited<ReturnType<typeof startEnrolment>>, z.infer<typeof secondFactorEnrolmentAnswer>>;

export const auditLogAnswer = z
  .strictObject({
    id: z.int(),
    actor_id: z.int().nullable(),
    actor_nickname: z.string().nullable(),
    action: z.string(),
    model_type: z.string(),
    model_id: z.int().nullable(),
    // What the row held before and after, as it was written: each model keeps its own fields.
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    request_id: z.string().nullable(),
    ip_address: z.string().nullable(),
    created_at: apiTimeAnswer,
  })
  .meta({ id: 'AdminAuditLog' });

export type AuditLogAnswer = Conforms<ReturnType<typeof auditLogResource>, z.infer<typeof auditLogAnswer>>;

const periodFiguresAnswer = z.strictObject({
  signups: z.int().min(0),
  paid_orders: z.int().min(0),
  revenue: z.int(),
  refunds: z.int().min(0),
  refunded_amount: z.int().min(0),
});

export const dashboardAnswer = z
  .strictObject({
    today: z.iso.date(),
    week_starts_on: z.iso.date(),
    periods: z.strictObject({ today: periodFiguresAnswer, week: periodFiguresAnswer }),
    open_inquiries: z.int().min(0),
    open_reports: z.int().min(0),
    running_sessions: z.array(
      z.strictObject({
        id: z.int(),
        title: z.string(),
        starts_at: apiTimeAnswer,
        ends_at: apiTimeAnswer,
        members: z.int().min(0),
        days_elapsed: z.int().min(0),
        days_done: z.int().min(0),
        rate: z.int().min(0).max(100),
      }),
    ),
  })
  .meta({ id: 'AdminDashboard' });

export type DashboardAnswer = Conforms<Awaited<ReturnType<typeof loadDashboard>>, z.infer<typeof dashboardAnswer>>;
