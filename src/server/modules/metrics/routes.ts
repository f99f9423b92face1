import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Registry } from 'prom-client';
import { notFound } from '../../domain-errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { HttpError } from '../../http/errors.ts';
import { UNKNOWN_API_MESSAGE } from '../../http/incoming.ts';

// Digests of equal length, so the comparison takes as long whatever the guess and its length.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus' text format for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. With no
 * token configured the path does not exist (404, as for any unknown path): nothing says whether a
 * server could be scraped.
 */
export function metricsRoutes(registry: Registry, token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    if (!expected) throw notFound(UNKNOWN_API_MESSAGE);
    const sent = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      throw new HttpError(401, 'Unauthenticated.', undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
}
