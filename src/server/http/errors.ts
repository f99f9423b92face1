/**
 * Answers that belong to HTTP rather than to a domain: no session, a body too large, a forgery
 * token, a rate limit, maintenance. The domain's own (not found, forbidden, invalid, conflict) are
 * src/server/domain-errors.ts. The app's error handler answers both with API-CONVENTIONS.md's shapes.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 401 | 410 | 413 | 419 | 429 | 503,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { message: string; errors?: Record<string, string[]> } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const payloadTooLarge = (limitBytes: number) =>
  new HttpError(413, `요청 본문이 너무 큽니다. ${formatBytes(limitBytes)} 이하로 보내 주세요.`);
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `요청이 너무 많습니다. ${retryAfterSeconds}초 후에 다시 시도해 주세요.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
export const serviceUnavailable = (message = '서버를 점검하고 있습니다. 잠시 후 다시 시도해 주세요.') =>
  new HttpError(503, message);

export const INTERNAL_ERROR_MESSAGE = '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.floor(bytes / (1024 * 1024))}MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)}KB`;
  return `${bytes}B`;
}
