import { invalidInput } from '../domain-errors.ts';
import type { InvalidInputError } from '../domain-errors.ts';

/**
 * SQLSTATEs that mean "this value cannot be stored or compared", not "the server is broken":
 * invalid text representation, out of range, bad date or time, text too long, invalid or
 * untranslatable characters, nesting too deep or a statement too large for the database.
 */
const INPUT_ERRORS = new Set(['22P02', '22003', '22007', '22008', '22001', '22021', '22P05', '22025', '2201B', '54000', '54001']);

export const UNPROCESSABLE_INPUT_MESSAGE = '입력값을 처리할 수 없어요. 형식과 길이를 확인해 주세요.';

function sqlState(error: unknown): string | null {
  // Drizzle wraps the driver's error (pg's or the embedded database's) as its cause.
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * The 422 for a value the database refused that the edge should have caught; null for anything
 * else. The caller still logs it: each one is a check missing from a schema.
 */
export function databaseInputError(error: unknown): InvalidInputError | null {
  const code = sqlState(error);
  return code !== null && INPUT_ERRORS.has(code) ? invalidInput({ body: [UNPROCESSABLE_INPUT_MESSAGE] }) : null;
}
