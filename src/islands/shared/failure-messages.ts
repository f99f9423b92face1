import { NETWORK_ERROR_STATUS, isApiError, validationMessages } from '../../lib/api-errors.ts';

export const NETWORK_MESSAGE = '인터넷 연결을 확인한 뒤 다시 시도해 주세요.';
export const GENERIC_MESSAGE = '요청을 처리하지 못했어요. 잠시 후 다시 시도해 주세요.';
export const TOO_MANY_MESSAGE = '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.';

const FORBIDDEN_STATUS = 403;
const VALIDATION_STATUS = 422;
const TOO_MANY_STATUS = 429;

const serverMessage = (data: unknown): string | undefined => {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/**
 * What a form lists after a failed call (SPEC §8): every message of a 422 errors map; for 403 the
 * server's reason (a wrong password, a board the member may not write in) and for 429 its text,
 * which names the wait; for anything else a calm Korean line, never the English text of a fetch
 * error. A 500, and a 403 its caller does not handle, the API client has already alerted.
 */
export function failureMessages(error: unknown): string[] {
  if (!isApiError(error)) return [GENERIC_MESSAGE];
  if (error.status === VALIDATION_STATUS) {
    const messages = validationMessages(error);
    return messages.length > 0 ? messages : [serverMessage(error.data) ?? GENERIC_MESSAGE];
  }
  if (error.status === FORBIDDEN_STATUS) return [serverMessage(error.data) ?? GENERIC_MESSAGE];
  if (error.status === TOO_MANY_STATUS) return [serverMessage(error.data) ?? TOO_MANY_MESSAGE];
  if (error.status === NETWORK_ERROR_STATUS) return [NETWORK_MESSAGE];
  return [GENERIC_MESSAGE];
}

export const isStatus = (error: unknown, status: number): boolean => isApiError(error) && error.status === status;

/** The one line an action tells when it failed; empty while nothing has. */
export const failureMessage = (error: unknown): string => (error === undefined ? '' : (failureMessages(error)[0] ?? ''));
