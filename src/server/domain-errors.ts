/**
 * What a service says went wrong, in the domain's words: the thing is not there, the reader may
 * not, the input is invalid (with a message per field), or it clashes with what exists. Services
 * throw these; the API answers them with the shapes of API-CONVENTIONS.md (src/server/http/
 * domain-answers.ts) and pages handle them by kind (`instanceof`), never by a status number.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'not-found' | 'forbidden' | 'invalid' | 'conflict';
}

export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';

  /** What the answer carries besides the message, for a client to act on (`locked`, `reauthenticate`). */
  details(): Record<string, unknown> {
    return {};
  }
}

export type FieldErrors = Record<string, string[]>;

export class InvalidInputError extends DomainError {
  readonly kind = 'invalid';

  /** Laravel's message: the first problem, and how many more there are. */
  constructor(readonly fields: FieldErrors) {
    const messages = Object.values(fields).flat();
    const first = messages[0] ?? '입력값을 확인해 주세요.';
    super(messages.length > 1 ? `${first} (외 ${messages.length - 1}건)` : first);
  }
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

export const notFound = (message = '요청하신 항목을 찾을 수 없습니다.') => new NotFoundError(message);
export const forbidden = (message = '권한이 없습니다.') => new ForbiddenError(message);
export const invalidInput = (fields: FieldErrors) => new InvalidInputError(fields);
export const conflict = (message: string) => new ConflictError(message);

/** Whether the input was refused because of this field (a page answers a stale cursor by starting over). */
export const isInvalidField = (error: unknown, field: string): boolean => error instanceof InvalidInputError && field in error.fields;
