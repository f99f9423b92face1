/**
 * The day the `/v1` paths were deprecated: the release that first answered them with these headers,
 * from which `/api` is the only documented API. A constant rather than the server's start, so every
 * instance and every restart tells a client the same date (RFC 9745 section 2).
 */
export const LEGACY_DEPRECATED_AT = new Date('2026-11-28T00:00:00Z');

/** LEGACY_SUNSET's default: six months on, rounded to the first of the month so it is easy to announce. */
export const DEFAULT_LEGACY_SUNSET = '2027-06-01T00:00:00Z';

export interface LegacyHeaders {
  Deprecation: string;
  Sunset: string;
}

/** `Deprecation` as RFC 9745's structured-field date, `Sunset` as RFC 8594's HTTP-date. */
export const legacyHeaders = (sunset: Date): LegacyHeaders => ({
  Deprecation: `@${Math.floor(LEGACY_DEPRECATED_AT.getTime() / 1000)}`,
  Sunset: sunset.toUTCString(),
});

/** RFC 8288's link to the path that replaces the one called. */
export const successorLink = (path: string): string => `<${path}>; rel="successor-version"`;
