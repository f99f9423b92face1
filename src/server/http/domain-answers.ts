import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainError } from '../domain-errors.ts';
import { ForbiddenError, InvalidInputError } from '../domain-errors.ts';

const STATUS: Record<DomainError['kind'], ContentfulStatusCode> = {
  'not-found': 404,
  forbidden: 403,
  invalid: 422,
  conflict: 409,
};

/** A domain error as the API answers it (API-CONVENTIONS.md, "Errors"). */
export function answerOf(error: DomainError): { status: ContentfulStatusCode; body: Record<string, unknown> } {
  const body: Record<string, unknown> = { message: error.message };
  if (error instanceof InvalidInputError) body['errors'] = error.fields;
  if (error instanceof ForbiddenError) Object.assign(body, error.details());
  return { status: STATUS[error.kind], body };
}
