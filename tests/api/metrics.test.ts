import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const TOKEN = 'scraper-token-0123456789-0123456789';

/** The value of one series in Prometheus' text format, or undefined when there is no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: 404 as for any unknown path', async () => {
    const client = createTestApp(testDb().database.db).client();
    const res = await client.get('/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual((await client.get('/api/nowhere')).body);
  });

  it('refuses a scraper without the token or with another one (401 in the API error shape)', async () => {
    const client = createTestApp(testDb().database.db, { metricsToken: TOKEN }).client();
    for (const authorization of [undefined, 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await client.get('/metrics', authorization === undefined ? {} : { Authorization: authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.body, authorization).toEqual({ message: 'Unauthenticated.' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('counts requests under their route patterns, never their paths, with their latency', async () => {
    const client = createTestApp(testDb().database.db, { metricsToken: TOKEN }).client();
    await client.get('/api/square-posts/123');
    await client.get('/api/square-posts/456');
    await client.get('/api/no-such-thing/789');
    // Refused by the request-forgery check before the route ran: still counted under the route.
    await client.request('DELETE', '/api/square-posts/123', { csrf: false });
    const res = await client.get('/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const routes = new Set([...res.text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    expect([...routes].sort()).toEqual(['/api/square-posts/:id', 'unmatched']);
    expect(sample(res.text, 'http_requests_total{method="GET",route="/api/square-posts/:id",status="404"}')).toBe(2);
    expect(sample(res.text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(res.text, 'http_requests_total{method="DELETE",route="/api/square-posts/:id",status="419"}')).toBe(1);
    expect(sample(res.text, 'http_request_duration_seconds_count{method="GET",route="/api/square-posts/:id"}')).toBe(2);
    expect(sample(res.text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/square-posts/:id"}')).toBe(2);
  });
});

describe('GET /readyz', () => {
  it('says ready, uncached, where /healthz says alive', async () => {
    const res = await createTestApp(testDb().database.db).client().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
