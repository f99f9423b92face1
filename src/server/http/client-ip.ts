import type { AppConfig } from '../config.ts';

/** The visitor's address: the TCP peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(config: AppConfig, headers: Headers, peer: string | undefined): string {
  if (config.trustProxy) {
    const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return peer ?? 'unknown';
}
