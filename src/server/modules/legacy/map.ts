/**
 * API-CONVENTIONS.md's map of the legacy `/v1` paths to their `/api` counterparts, row for row
 * (`/v1/themes[/{id}]` is two rows). `{name}` stands for one path segment.
 */
interface LegacyRow {
  legacy: string;
  counterpart: string;
  /** Whether paths go on below the row: `/v1/rooms/{id}/…` must, `/v1/square/posts[/…]` may. */
  below: 'none' | 'optional' | 'required';
}

export const LEGACY_MAP: readonly LegacyRow[] = [
  { legacy: '/v1/badges', counterpart: '/api/badges', below: 'none' },
  { legacy: '/v1/themes', counterpart: '/api/themes', below: 'none' },
  { legacy: '/v1/themes/{id}', counterpart: '/api/themes/{id}', below: 'none' },
  { legacy: '/v1/rituals', counterpart: '/api/rituals', below: 'none' },
  { legacy: '/v1/rituals/{id}', counterpart: '/api/rituals/{id}', below: 'none' },
  { legacy: '/v1/rooms/{id}', counterpart: '/api/ritual-sessions/{id}', below: 'required' },
  { legacy: '/v1/users/{id}', counterpart: '/api/users/{id}', below: 'none' },
  { legacy: '/v1/profile/validate-username', counterpart: '/api/user/validate-username', below: 'none' },
  { legacy: '/v1/profile/validate-email', counterpart: '/api/user/validate-email', below: 'none' },
  { legacy: '/v1/square/categories', counterpart: '/api/square-post-categories', below: 'none' },
  { legacy: '/v1/square/posts', counterpart: '/api/square-posts', below: 'optional' },
  { legacy: '/v1/comments', counterpart: '/api/comments', below: 'optional' },
  { legacy: '/v1/reactions', counterpart: '/api/reactions', below: 'optional' },
  { legacy: '/v1/main', counterpart: '/api/mains/current', below: 'none' },
  { legacy: '/v1/payments/confirm', counterpart: '/api/orders/confirm', below: 'none' },
  { legacy: '/v1/coupons', counterpart: '/api/coupons', below: 'optional' },
  { legacy: '/v1/reviews', counterpart: '/api/reviews', below: 'optional' },
];

const SEGMENT = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Hono writes a parameter `:name`; which row a route is under does not depend on the names. */
const shapeOf = (path: string) => path.replace(/:\w+|\{\w+\}/g, ':');
const segmentCount = (path: string) => path.split('/').length;
/** What a route has below a row's counterpart, as a pattern: `/posts/{postId}`. */
const tailOf = (routePath: string, counterpart: string) =>
  routePath
    .split('/')
    .slice(segmentCount(counterpart))
    .map((part) => `/${part.replace(/^:(\w+)$/, '{$1}')}`)
    .join('');

// The counterparts' routes take a trailing slash (Hono's router does), so the rows take it too.
const TAIL = { none: '(/?)', optional: '((?:/.*)?)', required: '(/.+)' } as const;

const compiled = LEGACY_MAP.map((row) => {
  // Split by a capturing pattern, the text alternates literal parts and segment names.
  const source = row.legacy
    .split(SEGMENT)
    .map((part, index) => (index % 2 === 0 ? escape(part) : '([^/]+)'))
    .join('');
  return { row, pattern: new RegExp(`^${source}${TAIL[row.below]}$`), shape: shapeOf(row.counterpart) };
});

/** Whether a route of the app lies under a row of the map: the only routes its legacy paths reach. */
function isUnder(shape: string, below: LegacyRow['below'], routePath: string): boolean {
  const route = shapeOf(routePath);
  if (route === shape) return below !== 'required';
  return below !== 'none' && route.startsWith(`${shape}/`);
}

export interface LegacyTarget {
  /** The counterpart's path with the caller's segments, percent-encoding kept. */
  counterpartPath: string;
  /** Whether a route of the app (as Hono writes it) is one this legacy path may reach. */
  reaches(routePath: string): boolean;
  /** The map's pattern of the legacy path that reaches the route: `/v1/rooms/{id}/posts`. */
  patternOf(routePath: string): string;
}

/** Where a `/v1` path goes, or null when the map has no row for it. */
export function legacyTarget(path: string): LegacyTarget | null {
  for (const { row, pattern, shape } of compiled) {
    const match = pattern.exec(path);
    if (!match) continue;
    const captured = match.slice(1);
    const tail = captured.pop() ?? '';
    let next = 0;
    return {
      counterpartPath: row.counterpart.replace(SEGMENT, () => captured[next++] ?? '') + tail,
      reaches: (routePath) => isUnder(shape, row.below, routePath),
      patternOf: (routePath) => row.legacy + tailOf(routePath, row.counterpart),
    };
  }
  return null;
}

/** The legacy path of a route of the app, as Hono writes it (`/v1/rooms/:id/posts`), or null. */
export function legacyRouteOf(routePath: string): string | null {
  const found = compiled.find(({ row, shape }) => isUnder(shape, row.below, routePath));
  if (!found) return null;
  const { row } = found;
  return row.legacy.replace(SEGMENT, ':$1') + tailOf(routePath, row.counterpart).replace(SEGMENT, ':$1');
}

/** The counterpart of a pattern this map made: `/api/ritual-sessions/{id}/posts`. */
export function successorOf(pattern: string): string | null {
  const row = LEGACY_MAP.find(({ legacy }) => pattern === legacy || pattern.startsWith(`${legacy}/`));
  return row ? row.counterpart + pattern.slice(row.legacy.length) : null;
}
