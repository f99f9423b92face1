import { z } from 'zod';

/**
 * The envelopes of API-CONVENTIONS.md ("Responses", "Errors") as zod schemas, for the answers that
 * the domains' API descriptions name. Strict objects: a field the code adds without the document
 * knowing fails the API tests.
 */

export const messageAnswer = z.strictObject({ message: z.string() });

export const validationAnswer = z.strictObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** 403 carries what a client acts on: a lock to open, a second factor, a suspension, a new sign-in. */
export const forbiddenAnswer = z.strictObject({
  message: z.string(),
  code: z.enum(['second_factor_enrolment', 'second_factor_required', 'suspended']).optional(),
  suspended_until: z.iso.datetime().optional(),
  reauthenticate: z.literal(true).optional(),
  locked: z.enum(['category', 'post']).optional(),
  category: z.strictObject({ id: z.int(), name: z.string(), slug: z.string() }).optional(),
  title: z.string().nullable().optional(),
});

export const pageMetaAnswer = z.strictObject({
  current_page: z.int(),
  last_page: z.int(),
  per_page: z.int(),
  total: z.int(),
});

export const cursorMetaAnswer = z.strictObject({ next_cursor: z.string().nullable(), per_page: z.int() });

export const dataOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), meta: pageMetaAnswer });
export const cursorOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), meta: cursorMetaAnswer });

/** A time as the API writes it (serialize.ts's apiTime): ISO 8601 in UTC with six fraction digits. */
export const apiTimeAnswer = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/**
 * Compiles only when what a resource function returns is what its answer schema describes, so the
 * type checker catches drift on one side; the API tests catch the other (fields the schema lacks).
 */
export type Conforms<Returned extends Described, Described> = Returned;
