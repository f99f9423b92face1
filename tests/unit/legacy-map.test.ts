import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env.ts';
import { legacyHeaders } from '../../src/server/modules/legacy/deprecation.ts';
import { legacyRouteOf, legacyTarget, successorOf } from '../../src/server/modules/legacy/map.ts';

describe('the legacy map', () => {
  it('rewrites each row to its counterpart, keeping the caller\'s segments as they were sent', () => {
    const cases: [string, string][] = [
      ['/v1/badges', '/api/badges'],
      ['/v1/badges/', '/api/badges/'],
      ['/v1/themes/7', '/api/themes/7'],
      ['/v1/rituals', '/api/rituals'],
      ['/v1/rooms/12/posts/my-checks', '/api/ritual-sessions/12/posts/my-checks'],
      ['/v1/rooms/%ED%95%9C/posts', '/api/ritual-sessions/%ED%95%9C/posts'],
      ['/v1/users/3', '/api/users/3'],
      ['/v1/profile/validate-email', '/api/user/validate-email'],
      ['/v1/square/categories', '/api/square-post-categories'],
      ['/v1/square/posts', '/api/square-posts'],
      ['/v1/square/posts/9/toggle-save', '/api/square-posts/9/toggle-save'],
      ['/v1/main', '/api/mains/current'],
      ['/v1/payments/confirm', '/api/orders/confirm'],
      ['/v1/coupons/discount-price', '/api/coupons/discount-price'],
    ];
    for (const [legacy, counterpart] of cases) expect(legacyTarget(legacy)?.counterpartPath, legacy).toBe(counterpart);
  });

  it('has no row for what the map does not name', () => {
    for (const path of ['/v1', '/v1/', '/v1/badge', '/v1/badges/1', '/v1/themes/1/2', '/v1/rooms/1', '/v1/users', '/v1/main/x', '/v1/square', '/api/badges']) {
      expect(legacyTarget(path), path).toBeNull();
    }
  });

  it('lets a path reach only the routes below its own row, and names it by the route', () => {
    const target = legacyTarget('/v1/rooms/12/posts/34')!;
    expect(target.reaches('/api/ritual-sessions/:id/posts/:postId')).toBe(true);
    expect(target.patternOf('/api/ritual-sessions/:id/posts/:postId')).toBe('/v1/rooms/{id}/posts/{postId}');
    // The room itself is not in the map, nor routes that only look alike.
    expect(target.reaches('/api/ritual-sessions/:id')).toBe(false);
    expect(legacyTarget('/v1/rooms/users/me')!.reaches('/api/ritual-sessions/users/me')).toBe(false);
    expect(legacyTarget('/v1/square/posts')!.reaches('/api/square-post-categories')).toBe(false);
    expect(legacyTarget('/v1/themes')!.reaches('/api/themes/:id')).toBe(false);
  });

  it('gives a route its legacy path and a pattern its successor', () => {
    expect(legacyRouteOf('/api/ritual-sessions/:id/threads/:threadId')).toBe('/v1/rooms/:id/threads/:threadId');
    expect(legacyRouteOf('/api/user/validate-username')).toBe('/v1/profile/validate-username');
    expect(legacyRouteOf('/api/mains/current')).toBe('/v1/main');
    expect(legacyRouteOf('/api/ritual-sessions/:id')).toBeNull();
    expect(legacyRouteOf('/api/orders')).toBeNull();
    expect(successorOf('/v1/rooms/{id}/posts')).toBe('/api/ritual-sessions/{id}/posts');
    expect(successorOf('/v1/main')).toBe('/api/mains/current');
    expect(successorOf('/v1/gone')).toBeNull();
  });
});

describe('the deprecation headers and LEGACY_SUNSET', () => {
  it('writes Deprecation as a structured-field date and Sunset as an HTTP-date', () => {
    expect(legacyHeaders(new Date('2027-06-01T00:00:00Z'))).toEqual({ Deprecation: '@1795824000', Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT' });
  });

  it('reads a date or a date-time with its zone, defaults to 2027-06-01, and refuses anything else at start', () => {
    expect(parseEnv({}).LEGACY_SUNSET).toEqual(new Date('2027-06-01T00:00:00Z'));
    expect(parseEnv({ LEGACY_SUNSET: '2027-03-01' }).LEGACY_SUNSET).toEqual(new Date('2027-03-01T00:00:00Z'));
    expect(parseEnv({ LEGACY_SUNSET: '2027-03-01T09:00:00+09:00' }).LEGACY_SUNSET).toEqual(new Date('2027-03-01T00:00:00Z'));
    for (const value of ['next spring', '2027-03-01T09:00:00', '2027-02-30', 'Mon, 01 Mar 2027 00:00:00 GMT']) {
      expect(() => parseEnv({ LEGACY_SUNSET: value }), value).toThrow(/LEGACY_SUNSET: must be an ISO 8601 date/);
    }
    expect(() => parseEnv({ LEGACY_SUNSET: '2026-11-01' })).toThrow(EnvError);
    expect(() => parseEnv({ LEGACY_SUNSET: '2026-11-01' })).toThrow(/LEGACY_SUNSET: must be after the paths were deprecated/);
  });
});
