import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/server/domain-errors.ts';
import { idParam, INT4_MAX, routeId } from '../../src/server/http/route-id.ts';

describe('routeId', () => {
  it('takes positive whole numbers within the id column, from text or JSON numbers', () => {
    expect(routeId('1')).toBe(1);
    expect(routeId(' 42 ')).toBe(42);
    expect(routeId(7)).toBe(7);
    expect(routeId(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses what cannot name a row', () => {
    for (const value of ['', '0', '-1', '01', '1.5', '1e3', 'abc', String(INT4_MAX + 1), '99999999999', null, undefined, {}, 1.5]) {
      expect(routeId(value), String(value)).toBeNull();
    }
  });
});

describe('idParam', () => {
  const app = new Hono()
    .get('/things/:thingId', (c) => c.json({ id: idParam(c, 'thingId', '없는 것이에요.') }))
    .onError((error, c) => c.json({ notFound: error instanceof NotFoundError, message: error.message }, 404));

  it("answers the path's id, or not found in the words the route gives", async () => {
    expect(await (await app.request('/things/12')).json()).toEqual({ id: 12 });
    for (const segment of ['0', '1.5', 'abc', String(INT4_MAX + 1)]) {
      const res = await app.request(`/things/${segment}`);
      expect(res.status, segment).toBe(404);
      expect(await res.json()).toEqual({ notFound: true, message: '없는 것이에요.' });
    }
  });
});
