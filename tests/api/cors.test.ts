import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const preflight = {
  Origin: 'https://www.example.kr',
  'Access-Control-Request-Method': 'POST',
  'Access-Control-Request-Headers': 'x-xsrf-token,content-type',
};

describe('CORS', () => {
  it('is not answered when the API shares the pages\' origin', async () => {
    const client = createTestApp(testDb().database.db, { appUrl: 'https://www.example.kr' }).client();
    const res = await client.request('OPTIONS', '/api/front-error-logs', { headers: preflight, csrf: false });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await client.get('/healthz', { Origin: 'https://www.example.kr' });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the pages\' origin only, with credentials, when PUBLIC_API_URL is another host', async () => {
    const client = createTestApp(testDb().database.db, {
      appUrl: 'https://www.example.kr',
      publicApiUrl: 'https://api.example.kr',
    }).client();
    const res = await client.request('OPTIONS', '/api/front-error-logs', { headers: preflight, csrf: false });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.example.kr');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-xsrf-token');

    const stranger = await client.get('/healthz', { Origin: 'https://evil.example.com' });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});
