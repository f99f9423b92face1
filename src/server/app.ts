import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { PatternRouter } from 'hono/router/pattern-router';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { clientAddressResolver } from './http/client-ip.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { csrfProtection } from './http/csrf.ts';
import { HttpError, INTERNAL_ERROR_MESSAGE } from './http/errors.ts';
import { UNKNOWN_API_MESSAGE, prepareRequest } from './http/incoming.ts';
import { databaseInputError } from './http/database-errors.ts';
import { answerOf } from './http/domain-answers.ts';
import { DomainError, notFound } from './domain-errors.ts';
import { clientRequestIdOf, newRequestId } from './http/request-id.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import { sessionMiddleware } from './http/session.ts';
import { csrfRoutes } from './modules/auth/csrf-routes.ts';
import { passwordRoutes } from './modules/auth/password-routes.ts';
import { registrationRoutes } from './modules/auth/registration-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bannerRoutes } from './modules/content/banner-routes.ts';
import { createBannerReader } from './modules/content/banner-service.ts';
import { catalogueRoutes } from './modules/content/catalogue-routes.ts';
import { mainRoutes } from './modules/content/main-routes.ts';
import { createHomeReader } from './modules/content/main-service.ts';
import { faqRoutes } from './modules/content/faq-routes.ts';
import { noticeRoutes } from './modules/content/notice-routes.ts';
import { pageRoutes } from './modules/content/page-routes.ts';
import { frontErrorLogRoutes } from './modules/front-error-logs/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { createMetrics } from './metrics/registry.ts';
import { createReadiness } from './http/readiness.ts';
import { routePatternOf } from './http/route-pattern.ts';
import { userRoutes } from './modules/users/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import { phoneRoutes } from './modules/phone/routes.ts';
import { registerWithSnsRoutes } from './modules/social/register-with-sns.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { uploadRoutes } from './adapters/storage/routes.ts';
import { imageUploadRoutes } from './modules/uploads/routes.ts';
import { inquiryRoutes } from './modules/inquiries/routes.ts';
import { ritualRoutes } from './modules/rituals/routes.ts';
import { squarePostRoutes } from './modules/square/routes.ts';
import { roomRoutes } from './modules/rooms/routes.ts';
import { offTheRecordRoutes } from './modules/off-the-record/routes.ts';
import { programRoutes } from './modules/programs/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { cartBadgeRoutes, storeRoutes } from './modules/store/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { reactionRoutes } from './modules/reactions/routes.ts';
import { notificationPollRoutes, notificationRoutes } from './modules/notifications/routes.ts';
import { weeklyLetterRoutes } from './modules/weekly-letter/routes.ts';
import { roomProgressRoutes } from './modules/room-progress/routes.ts';
import { letterRoutes } from './modules/letters/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { legacyDispatch } from './modules/legacy/routes.ts';
import { openApiRoutes } from './modules/openapi/routes.ts';
import { pushStoredNotifications } from './modules/push/notification-push.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { reminderRoutes } from './modules/reminders/routes.ts';
import { memberExportRoutes } from './modules/exports/routes.ts';

z.config(z.locales.ko());

/** A test's app takes traffic from the start; the server's says when it may (runtime.ts). */
function readyNow() {
  const readiness = createReadiness();
  readiness.ready();
  return readiness;
}

/** CORS is answered only when the islands call the API on another host (PUBLIC_API_URL). */
function corsOrigin(deps: AppDeps): string | null {
  const { publicApiUrl, appUrl } = deps.config;
  if (!publicApiUrl) return null;
  const pages = new URL(appUrl).origin;
  return new URL(publicApiUrl).origin === pages ? null : pages;
}

/** The Hono app: request id, logs, errors, sessions, request forgery, then the domains' routes. */
export function createApp(deps: AppDeps) {
  const { db, config, logger } = deps;
  const metrics = deps.metrics ?? createMetrics({ processMetrics: false });
  // Hono's fastest router cannot hold these paths (a literal and a parameter under one prefix,
  // /api/square-posts/users/:userId beside /api/square-posts/:id), and the tree it falls back to
  // allocated some 4 kB per request to route the notification poll; one regular expression per
  // route allocates next to nothing and matches the 79 routes in about a microsecond.
  const app = new Hono<AppEnv>({ router: new PatternRouter() });

  // First of all: a legacy call goes through the app again as its counterpart, middleware and all.
  app.use('/v1/*', legacyDispatch(app, deps));
  app.use(apiSecurityHeaders(config));
  const clientAddressOf = clientAddressResolver(config.trustProxy);
  app.use(async (c, next) => {
    const started = performance.now();
    // The built server names each request at its edge, before it knows whether a page or the API answers.
    const id = c.env.requestId ?? newRequestId();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    const clientRequestId = clientRequestIdOf(c.req.header('X-Request-Id'));
    const ip = clientAddressOf(c.req.raw.headers, c.env.clientAddress);
    const log = logger.child(clientRequestId ? { reqId: id, client_request_id: clientRequestId } : { reqId: id });
    c.set('clientIp', ip);
    c.set('log', log);
    await next();
    const status = c.res.status;
    const ms = performance.now() - started;
    metrics.requests.observe(c.req.method, routePatternOf(c), status, ms / 1000);
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(ms * 10) / 10,
      ip,
      ...(c.error && status < 500 ? { reason: c.error.message } : {}),
    };
    if (status >= 500) log.error(entry, 'request failed');
    else log.info(entry, 'request');
  });

  const origin = corsOrigin(deps);
  if (origin) {
    app.use(
      cors({
        origin,
        credentials: true,
        allowHeaders: ['Content-Type', 'Accept', 'X-Requested-With', 'X-XSRF-TOKEN', 'Idempotency-Key'],
        exposeHeaders: ['X-Request-Id', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }

  app.use(async (c, next) => {
    if (c.env.prepared.problem) throw c.env.prepared.problem;
    await next();
  });
  // Every signed-in browser's 30-second poll and every member page's cart badge read their session
  // themselves, with their data, in one statement.
  app.route('/', notificationPollRoutes(db, config));
  app.route('/', cartBadgeRoutes(db, config));
  // A mail app's one-click unsubscribe carries neither a session nor a forgery token; its link is signed.
  app.route('/', weeklyLetterRoutes(db, config.appKey));
  app.use(sessionMiddleware(db, config));
  // Apple's form post comes from Apple's site without our token; that route only redirects to the
  // GET callback, where the OAuth state in a same-site cookie does the work of the token. The social
  // stand-in's token endpoint is called by this server itself, which holds no browser's token.
  app.use(
    csrfProtection(
      config,
      (method, path) => method === 'POST' && (/^\/login\/[a-z]+\/callback$/.test(path) || /^\/api\/dev\/oauth\/[a-z]+\/token$/.test(path)),
    ),
  );

  // What a request notified is pushed once it has answered.
  app.use(pushStoredNotifications(db, deps.push, deps.background));

  app.route('/', healthRoutes(db, deps.readiness ?? readyNow()));
  app.route('/', metricsRoutes(metrics.registry, config.metricsToken));
  app.route('/', csrfRoutes(config));
  app.route('/', authRoutes(db, config));
  app.route('/', registrationRoutes(db, config, deps.mailer));
  app.route('/', passwordRoutes(db, config, deps.mailer, deps.background));
  app.route('/', userRoutes(db));
  app.route('/', meRoutes(deps));
  app.route('/', phoneRoutes(db, deps.sms));
  app.route('/', socialRoutes(db, config, deps.social));
  app.route('/', registerWithSnsRoutes(db));
  if (deps.localStorage) app.route('/', uploadRoutes(deps.localStorage));
  app.route('/', imageUploadRoutes(db, deps.storage));
  app.route('/', inquiryRoutes(db, deps.storage));
  app.route('/', squarePostRoutes(db, config, deps.storage));
  app.route('/', ritualRoutes(db));
  // Before the rooms' routes: /posts/my-checks is a literal where they have /posts/:postId.
  app.route('/', roomProgressRoutes(db));
  app.route('/', letterRoutes(db));
  app.route('/', roomRoutes(db, deps.storage));
  app.route('/', bannerRoutes(deps.currentBanner ?? createBannerReader(db)));
  app.route('/', mainRoutes(db, createHomeReader(db)));
  app.route('/', catalogueRoutes(db));
  app.route('/', noticeRoutes(db));
  app.route('/', faqRoutes(db));
  app.route('/', pageRoutes(db));
  app.route('/', frontErrorLogRoutes(db));
  app.route('/', commentRoutes(db));
  app.route('/', reportRoutes(db));
  app.route('/', reactionRoutes(db));
  app.route('/', notificationRoutes(db));
  app.route('/', programRoutes(db));
  app.route('/', reviewRoutes(db, deps.storage));
  app.route('/', storeRoutes(db));
  app.route('/', orderRoutes(deps));
  app.route('/', couponRoutes(db));
  app.route('/', offTheRecordRoutes(db));
  app.route('/', searchRoutes(db));
  app.route('/', adminRoutes(deps));
  app.route('/', pushRoutes(db, config, deps.push));
  app.route('/', reminderRoutes(db));
  app.route('/', memberExportRoutes(db, config.exportsDir));
  app.route('/', openApiRoutes());

  app.notFound(() => {
    throw notFound(UNKNOWN_API_MESSAGE);
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status as ContentfulStatusCode);
    }
    if (error instanceof DomainError) {
      const { status, body } = answerOf(error);
      return c.json(body, status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || '요청을 처리할 수 없습니다.' }, error.status);
    }
    const refused = databaseInputError(error);
    if (refused) {
      (c.get('log') ?? logger).warn({ err: error }, 'the database refused a value that validation let through');
      const { status, body } = answerOf(refused);
      return c.json(body, status);
    }
    (c.get('log') ?? logger).error({ err: error }, 'unexpected error');
    return c.json({ message: INTERNAL_ERROR_MESSAGE }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

export interface ApiHandler {
  /** `requestId`: the id the server's edge gave the request; one is made when there is none. */
  fetch(request: Request, clientAddress?: string, requestId?: string): Promise<Response>;
}

/** The API as the server mounts it: the body is read and `_method` applied before routing. */
export function mountApi(app: App, bodyLimitBytes: number): ApiHandler {
  return {
    async fetch(request, clientAddress, requestId) {
      const prepared = await prepareRequest(request, bodyLimitBytes);
      return app.fetch(prepared.request, { prepared, clientAddress, requestId });
    },
  };
}

export const createApi = (deps: AppDeps): ApiHandler => mountApi(createApp(deps), deps.config.bodyLimitBytes);
