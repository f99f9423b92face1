import type { Context } from 'hono';
import type { z } from 'zod';
import type { Mailer } from '../adapters/mail/index.ts';
import type { PaymentGateway } from '../adapters/payments/index.ts';
import type { PushSender } from '../adapters/push/index.ts';
import type { SmsSender } from '../adapters/sms/index.ts';
import type { FileStorage, LocalStorage } from '../adapters/storage/index.ts';
import type { SocialSettings } from '../modules/social/provider-settings.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { User } from '../db/schema/index.ts';
import type { BackgroundWork } from '../jobs/background-work.ts';
import type { Logger } from '../logger.ts';
import type { BannerReader } from '../modules/content/banner-service.ts';
import type { LoadedSession } from '../modules/sessions/service.ts';
import type { Metrics } from '../metrics/registry.ts';
import type { Readiness } from './readiness.ts';
import { invalidInput } from '../domain-errors.ts';
import type { IncomingBody, PreparedRequest } from './incoming.ts';

export interface AppDeps {
  db: Db;
  config: AppConfig;
  logger: Logger;
  mailer: Mailer;
  /** What a request starts and does not wait for (mail it must not be slower for); shutdown waits for it. */
  background: BackgroundWork;
  storage: FileStorage;
  /** The same storage when it is this server's disk: /uploads/* is then served from here; null with S3. */
  localStorage: LocalStorage | null;
  sms: SmsSender;
  /** The payment provider the checkout confirms and refunds through. */
  payments: PaymentGateway;
  /** Web Push for notifications (and the public key browsers subscribe with); none: nothing is pushed. */
  push?: PushSender;
  /** The social sign-in providers that are configured; none in most tests. */
  social: SocialSettings;
  /** Shared with the pages; each app makes its own when none is given (tests). */
  currentBanner?: BannerReader;
  /** The server's series (requests, jobs, mail); each app makes its own when none is given (tests). */
  metrics?: Metrics;
  /** Whether the server takes traffic (/readyz); ready from the start when none is given (tests). */
  readiness?: Readiness;
}

export interface AppEnv {
  Bindings: {
    prepared: PreparedRequest;
    /** The TCP peer's address, as the HTTP server saw it. */
    clientAddress: string | undefined;
    /** The id the server's edge gave the request, if it came through the built server. */
    requestId?: string | undefined;
  };
  Variables: {
    requestId: string;
    log: Logger;
    clientIp: string;
    session: LoadedSession | null;
    user: User | null;
  };
}

export type AppContext = Context<AppEnv>;

export const bodyOf = (c: AppContext): IncomingBody => c.env.prepared.body;

/** zod issues as Laravel's errors map: `{"field": ["message", ...]}`. */
export function toErrorMap(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(toErrorMap(result.error));
  return result.data;
}

export const validateBody = <T extends z.ZodType>(c: AppContext, schema: T): z.output<T> =>
  parseWith(schema, { ...bodyOf(c).fields, ...bodyOf(c).files });

export const validateQuery = <T extends z.ZodType>(c: AppContext, schema: T): z.output<T> =>
  parseWith(schema, c.req.query());

export function currentUser(c: AppContext): User | null {
  return c.get('user');
}
