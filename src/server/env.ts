import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEVELOPMENT_APP_KEY } from './development-key.ts';
import { parseProxyTrust } from './http/client-ip.ts';
import { DEFAULT_LEGACY_SUNSET, LEGACY_DEPRECATED_AT } from './modules/legacy/deprecation.ts';

/**
 * The one module that reads process.env. Everything else imports `env` from here,
 * so a bad value is caught once, at start, with the variable's name in the message.
 */

const bool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off', ''] });
const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

// A date is midnight UTC; a date-time names its zone, so no two servers read it differently.
const instant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be an ISO 8601 date or date-time with its zone, such as 2027-06-01 or 2027-06-01T00:00:00+09:00' })
  .transform((value) => new Date(value));

const databaseUrl = z
  .string()
  .regex(/^(file:\/\/.+|memory:\/\/.*|postgres(ql)?:\/\/.+)$/, 'must start with file://, memory:// or postgres://');

/** The server's own address as a browser on the same machine reaches it: any-address hosts are localhost. */
function listeningUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? 'localhost' : host;
  return `http://${reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable}:${port}`;
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Unset outside production: the address the server listens on (HOST and PORT).
    APP_URL: httpUrl.optional(),
    HOST: z.string().min(1).default('localhost'),
    PORT: port.default(4321),
    PUBLIC_API_URL: z.url().optional(),
    DATABASE_URL: databaseUrl.optional(),
    DB_POOL_MAX: positiveInt.default(10),
    DB_STATEMENT_TIMEOUT_MS: positiveInt.default(5000),
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
      .default('16MB'),
    MIGRATIONS_DIR: z.string().min(1).default('drizzle'),
    SEED_ON_START: bool.default(true),
    APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_COOKIE: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
      .default('session'),
    SESSION_LIFETIME_MINUTES: positiveInt.default(120),
    SESSION_REMEMBER_DAYS: positiveInt.default(30),
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value, ctx) => {
        try {
          return parseProxyTrust(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      }),
    // Room for a 10 MB image with its multipart framing, or a few photos in one request.
    API_BODY_LIMIT_BYTES: positiveInt.default(32 * 1024 * 1024),
    // A request must arrive within these, and a connection that sends nothing for the idle time is cut
    // (src/server/http/server-timeouts.ts). The whole request's two minutes carry a 32 MB upload at 2.2 Mbit/s.
    HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
    HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
    HTTP_IDLE_TIMEOUT_MS: positiveInt.default(30_000),
    // Longer than a proxy keeps its connections to us (60 s), so that it is always the proxy that
    // closes one: the other way round it may send a request on a connection as it closes.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(65_000),
    // The scheduled clean-up of expired sessions, rate-limit windows and old browser error reports.
    CLEANUP_INTERVAL_MINUTES: positiveInt.default(15),
    // How often each instance sends the reminders that are due. A reminder must go out within 2
    // minutes of its time: twice a minute, each one meets at least three runs even when one is slow,
    // and a run with nothing due is one indexed query. A minute at most, so that it meets two.
    REMINDER_INTERVAL_SECONDS: positiveInt.max(60).default(30),
    // How often each instance looks for weekly letters due (from Monday 07:00 Seoul, the week before);
    // a run with none due is one statement over the opted-in members. Each letter is sent once, whatever the instances.
    WEEKLY_LETTER_INTERVAL_SECONDS: positiveInt.default(600),
    // How often each instance looks for members' exports to build (src/server/jobs/member-exports.ts);
    // a run with none waiting is one indexed statement. The ZIPs are kept under EXPORTS_DIR for 7 days.
    EXPORT_INTERVAL_SECONDS: positiveInt.default(30),
    EXPORTS_DIR: z.string().min(1).default('.data/exports'),
    FRONT_ERROR_LOG_RETENTION_DAYS: positiveInt.default(30),
    FRONT_ERROR_LOG_MAX_ROWS: positiveInt.default(100_000),
    // Backups of the embedded database and the local uploads (src/server/jobs/backup.ts); unset: none.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_INTERVAL_MINUTES: positiveInt.default(360),
    BACKUP_KEEP: positiveInt.default(8),
    // When the legacy /v1 paths stop answering: sent to their clients as Sunset (RFC 8594).
    LEGACY_SUNSET: instant
      .refine((value) => value > LEGACY_DEPRECATED_AT, `must be after the paths were deprecated (${LEGACY_DEPRECATED_AT.toISOString()})`)
      .default(new Date(DEFAULT_LEGACY_SUNSET)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The bearer token of GET /metrics; long enough that guessing it is hopeless. Unset: no /metrics.
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
    MAINTENANCE_MODE: bool.default(false),
    MEMBER_HOME_PATH: z
      .string()
      .regex(/^\/[^/\\]*/, 'must be a path of this site, such as /')
      .default('/'),
    BUSINESS_INQUIRY_URL: z.url().default('https://business.ritual.example'),
    NEWSLETTER_URL: z.url().default('https://newsletter.ritual.example'),
    CHANNEL_TALK_PLUGIN_KEY: z.string().min(1).optional(),
    GA4_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
      .optional(),
    META_PIXEL_ID: z
      .string()
      .regex(/^\d+$/, 'must be digits')
      .optional(),
    KAKAO_PIXEL_ID: z
      .string()
      .regex(/^\d+$/, 'must be digits')
      .optional(),
    COMPANY_NAME: z.string().min(1).default('주식회사 리추얼랩'),
    COMPANY_CEO: z.string().min(1).default('김하루'),
    COMPANY_BUSINESS_NUMBER: z.string().min(1).default('123-45-67890'),
    COMPANY_MAIL_ORDER_NUMBER: z.string().min(1).default('제2026-서울성동-0000호'),
    COMPANY_ADDRESS: z.string().min(1).default('서울특별시 성동구 왕십리로 00, 3층'),
    COMPANY_EMAIL: z.email().default('hello@ritual.example'),
    COMPANY_PHONE: z.string().min(1).default('02-000-0000'),
    SOCIAL_INSTAGRAM_URL: z.url().optional(),
    SOCIAL_YOUTUBE_URL: z.url().optional(),
    SOCIAL_BLOG_URL: z.url().optional(),
    SOCIAL_KAKAO_CHANNEL_URL: z.url().optional(),
    // No default here: production must choose, so the default is applied in the transform below.
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).optional(),
    MAIL_OUTBOX_DIR: z.string().min(1).default('.data/mail'),
    MAIL_FROM: z.string().min(1).default('리추얼 <no-reply@ritual.example>'),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: port.default(587),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASSWORD: z.string().min(1).optional(),
    // No default here either: outbox is applied outside production below; production may leave it unset.
    SMS_PROVIDER: z.enum(['outbox', 'solapi']).optional(),
    SMS_OUTBOX_DIR: z.string().min(1).default('.data/sms'),
    SOLAPI_API_KEY: z.string().min(1).optional(),
    SOLAPI_API_SECRET: z.string().min(1).optional(),
    SOLAPI_SENDER: z
      .string()
      .regex(/^\d+$/, 'must be digits only, the number registered with Solapi')
      .optional(),
    SOLAPI_BASE_URL: z.url().default('https://api.solapi.com'),
    // Web Push: outbox outside production (below); production may leave it unset (no pushes).
    PUSH_PROVIDER: z.enum(['outbox', 'webpush']).optional(),
    PUSH_OUTBOX_DIR: z.string().min(1).default('.data/push'),
    // The VAPID pair (RFC 8292) in base64url, as `npx web-push generate-vapid-keys` prints it;
    // unset outside production: a pair follows from APP_KEY (adapters/push/vapid-keys.ts).
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key in base64url (87 characters, starting with B)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
    // KakaoTalk 알림톡: outbox outside production (below); production may leave it unset (none sent).
    KAKAO_PROVIDER: z.enum(['outbox', 'solapi']).optional(),
    KAKAO_OUTBOX_DIR: z.string().min(1).default('.data/kakao'),
    SOLAPI_KAKAO_PFID: z.string().min(1).optional(),
    // Solapi's template id for each of ours: RITUAL_REMINDER=KA01TP…
    SOLAPI_KAKAO_TEMPLATES: z
      .string()
      .regex(/^RITUAL_REMINDER=[A-Za-z0-9_-]+(,[A-Z_]+=[A-Za-z0-9_-]+)*$/, 'must name a template id for each code, such as RITUAL_REMINDER=KA01TP…')
      .optional(),
    // Payments: test outside production (below); production must name its provider.
    PAYMENT_PROVIDER: z.enum(['test', 'toss']).optional(),
    TOSS_CLIENT_KEY: z.string().min(1).optional(),
    TOSS_SECRET_KEY: z.string().min(1).optional(),
    TOSS_BASE_URL: z.url().default('https://api.tosspayments.com'),
    TOSS_TIMEOUT_MS: positiveInt.default(10_000),
    // Uploaded files: local disk by default, an S3-compatible bucket (R2, S3, MinIO …) when configured.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    STORAGE_LOCAL_DIR: z.string().min(1).default('.data/uploads'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and - only, such as auto or ap-northeast-2')
      .default('auto'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, . and -')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: httpUrl.optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    KAKAO_CLIENT_ID: z.string().min(1).optional(),
    KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
    KAKAO_AUTHORIZE_URL: z.url().default('https://kauth.kakao.com/oauth/authorize'),
    KAKAO_TOKEN_URL: z.url().default('https://kauth.kakao.com/oauth/token'),
    KAKAO_USERINFO_URL: z.url().default('https://kapi.kakao.com/v2/user/me'),
    NAVER_CLIENT_ID: z.string().min(1).optional(),
    NAVER_CLIENT_SECRET: z.string().min(1).optional(),
    NAVER_AUTHORIZE_URL: z.url().default('https://nid.naver.com/oauth2.0/authorize'),
    NAVER_TOKEN_URL: z.url().default('https://nid.naver.com/oauth2.0/token'),
    NAVER_USERINFO_URL: z.url().default('https://openapi.naver.com/v1/nid/me'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_TEAM_ID: z.string().min(1).optional(),
    APPLE_KEY_ID: z.string().min(1).optional(),
    APPLE_PRIVATE_KEY: z.string().min(1).optional(),
    APPLE_AUTHORIZE_URL: z.url().default('https://appleid.apple.com/auth/authorize'),
    APPLE_TOKEN_URL: z.url().default('https://appleid.apple.com/auth/token'),
    // A pretend Kakao and Naver on this site, for the providers without keys: on outside production (below).
    SOCIAL_STAND_IN: bool.optional(),
    TEST_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+$/, 'must start with postgres://')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.MAIL_TRANSPORT === 'smtp' && !value.SMTP_HOST) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'is required when MAIL_TRANSPORT=smtp' });
    }
    if (value.SMS_PROVIDER === 'solapi') {
      for (const name of ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_SENDER'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER=solapi' });
      }
    }
    if (value.KAKAO_PROVIDER === 'solapi') {
      for (const name of ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_KAKAO_PFID', 'SOLAPI_KAKAO_TEMPLATES'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when KAKAO_PROVIDER=solapi' });
      }
    }
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together' });
    }
    if (value.PAYMENT_PROVIDER === 'toss') {
      for (const name of ['TOSS_CLIENT_KEY', 'TOSS_SECRET_KEY'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER=toss' });
      }
    }
    if (value.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE_DRIVER=s3' });
      }
    }
    if (value.HTTP_HEADERS_TIMEOUT_MS > value.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS' });
    }
    if (value.APPLE_CLIENT_ID && !(value.APPLE_TEAM_ID && value.APPLE_KEY_ID && value.APPLE_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APPLE_CLIENT_ID'],
        message: 'needs APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY as well',
      });
    }
    if (value.NODE_ENV !== 'production') return;
    if (!value.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production' });
    }
    // Links in mail and canonical addresses must name the public site, not the address behind the proxy.
    if (!value.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production (the public https:// address)' });
    }
    if (!value.APP_KEY) {
      ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'is required in production' });
    } else if (value.APP_KEY === DEVELOPMENT_APP_KEY) {
      ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'is the public development key; make your own (openssl rand -hex 32)' });
    }
    // The outbox keeps every message on the server's disk, so members would never receive one.
    if (!value.MAIL_TRANSPORT) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'is required in production (smtp)' });
    } else if (value.MAIL_TRANSPORT === 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message: 'outbox is for development and tests; use smtp in production',
      });
    }
    // The test provider charges nothing, so every order would be paid for free. Left unset,
    // production takes no payment (the confirm answers 503) until a contract is configured.
    if (value.PAYMENT_PROVIDER === 'test') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'test charges nothing; use toss in production, or leave it unset to take no payment' });
    }
    // Whoever opens the stand-in's consent page may name any e-mail, and so sign in as any member.
    if (value.SOCIAL_STAND_IN) {
      ctx.addIssue({
        code: 'custom',
        path: ['SOCIAL_STAND_IN'],
        message: 'is for development only: its consent page lets anyone sign in as any member; leave it unset and set the KAKAO_ and NAVER_ keys',
      });
    }
    // A pushed or 알림톡 reminder kept on the server's disk never reaches the member.
    for (const name of ['PUSH_PROVIDER', 'KAKAO_PROVIDER'] as const) {
      if (value[name] === 'outbox') {
        ctx.addIssue({ code: 'custom', path: [name], message: 'outbox is for development and tests; use the real provider in production, or leave it unset to send none' });
      }
    }
    // A key pair made from the app key is for development: production's must be its own and kept.
    if (value.PUSH_PROVIDER === 'webpush') {
      for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production when PUSH_PROVIDER=webpush (npx web-push generate-vapid-keys)' });
      }
    }
    // The same for verification codes. Production without an SMS contract leaves SMS_PROVIDER
    // unset, and phone verification answers 503 instead of keeping codes on disk.
    if (value.SMS_PROVIDER === 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'outbox is for development and tests; use solapi in production, or leave it unset to turn phone verification off',
      });
    }
  })
  .transform((value) => ({
    ...value,
    isProduction: value.NODE_ENV === 'production',
    APP_URL: value.APP_URL ?? listeningUrl(value.HOST, value.PORT),
    DATABASE_URL: value.DATABASE_URL ?? 'file://.data/db',
    // Outside production a fixed, public key: staff's second-factor secrets are sealed with it
    // and must open after a restart. Production refuses to start without its own (above).
    APP_KEY: value.APP_KEY ?? DEVELOPMENT_APP_KEY,
    MAIL_TRANSPORT: value.MAIL_TRANSPORT ?? 'outbox',
    SMS_PROVIDER: value.SMS_PROVIDER ?? (value.NODE_ENV === 'production' ? undefined : 'outbox'),
    PAYMENT_PROVIDER: value.PAYMENT_PROVIDER ?? (value.NODE_ENV === 'production' ? undefined : 'test'),
    PUSH_PROVIDER: value.PUSH_PROVIDER ?? (value.NODE_ENV === 'production' ? undefined : 'outbox'),
    KAKAO_PROVIDER: value.KAKAO_PROVIDER ?? (value.NODE_ENV === 'production' ? undefined : 'outbox'),
    VAPID_SUBJECT: value.VAPID_SUBJECT ?? `mailto:${value.COMPANY_EMAIL}`,
    SOCIAL_STAND_IN: value.SOCIAL_STAND_IN ?? value.NODE_ENV !== 'production',
  }));

export type Env = z.output<typeof schema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable in .env means "not set", as it does for most tools.
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(defined);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

function loadEnv(): Env {
  // Variables already in the environment win over the file, as with `node --env-file`.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export const env: Env = loadEnv();

/** The environment to hand to a child process (tests and scripts start servers). */
export function childProcessEnv(overrides: Record<string, string>): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { ...inherited, ...overrides };
}
