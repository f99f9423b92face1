/** The error shapes of API-CONVENTIONS.md. Routes throw these; the app's error handler answers them. */
export class HttpError extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 413 | 419 | 422 | 429 | 503,
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
export const forbidden = (message = '권한이 없습니다.') => new HttpError(403, message);
export const notFound = (message = '요청하신 항목을 찾을 수 없습니다.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (limitBytes: number) =>
  new HttpError(413, `요청 본문이 너무 큽니다. ${formatBytes(limitBytes)} 이하로 보내 주세요.`);
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `요청이 너무 많습니다. ${retryAfterSeconds}초 후에 다시 시도해 주세요.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
export const serviceUnavailable = (message = '서버를 점검하고 있습니다. 잠시 후 다시 시도해 주세요.') =>
  new HttpError(503, message);

/** 422 with Laravel's message: the first problem, and how many more there are. */
export function validationError(errors: Record<string, string[]>): HttpError {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? '입력값을 확인해 주세요.';
  const message = messages.length > 1 ? `${first} (외 ${messages.length - 1}건)` : first;
  return new HttpError(422, message, errors);
}

export const INTERNAL_ERROR_MESSAGE = '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.floor(bytes / (1024 * 1024))}MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)}KB`;
  return `${bytes}B`;
}
