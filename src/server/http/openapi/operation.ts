import type { z } from 'zod';
import { forbiddenAnswer, messageAnswer, validationAnswer } from './envelopes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a signed-in member, or staff past the console's second factor. */
export type Access = 'anyone' | 'member' | 'staff';

/** Answer schemas by HTTP status; null is an answer without a body (204). */
export type Answers = Partial<Record<number, z.ZodType | null>>;

/** One route of the API as the document describes it, with the schemas its handler validates with. */
export interface ApiOperation {
  method: HttpMethod;
  /** As Hono writes it: `/api/square-posts/:id`. */
  path: string;
  summary: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may be multipart/form-data (files) as well as JSON or urlencoded. */
  multipart?: boolean;
  /** Takes an `Idempotency-Key` header: a repeat answers the first; a copy still being written answers 409. */
  idempotent?: boolean;
  /** The route's own answers; the errors every route of its kind may give are added by `answersOf`. */
  answers: Answers;
}

/**
 * The errors any route may answer by what it is (API-CONVENTIONS.md, "Errors"): every request may
 * carry text the database cannot keep (422), name something that is not there or not the caller's
 * to know (404), be refused (403: a locked post, a room of others, a suspended member), meet a
 * rate limit (429) or fail (500); a body may be too large (413) or come without the forgery token
 * (419); a member's route answers a guest 401.
 */
export function answersOf(operation: ApiOperation): Answers {
  const answers: Answers = { 403: forbiddenAnswer, 404: messageAnswer, 422: validationAnswer, 429: messageAnswer, 500: messageAnswer };
  if (operation.method !== 'GET') Object.assign(answers, { 413: messageAnswer, 419: messageAnswer });
  if (operation.access !== 'anyone') answers[401] = messageAnswer;
  if (operation.idempotent) answers[409] = messageAnswer;
  return { ...answers, ...operation.answers };
}

/** `:id` and `:userId` name rows (whole numbers); other parameters are text (slugs, codes, names). */
export const isIdParameter = (name: string): boolean => name === 'id' || /Id$/.test(name);

export const pathParameters = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** Hono's `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
