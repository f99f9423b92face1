/**
 * Text the database cannot keep as it was sent: NUL (Postgres refuses it in text and jsonb) and
 * UTF-16 halves without their partner (they would be stored as U+FFFD, silently changed).
 */
export const UNSAFE_TEXT_MESSAGE = '보낼 수 없는 문자(NUL 등)가 들어 있어요. 내용을 확인해 주세요.';

const isSafeText = (text: string): boolean => !text.includes('\u0000') && text.isWellFormed();

/**
 * The first field (as `a.b.0`) of a parsed body or query whose name or text is unsafe, or null.
 * Walks nested JSON too: a field the schema does not read is stored nowhere, but one it takes
 * whole (a context object, a list) is.
 */
export function unsafeTextField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path || 'body';
  if (value instanceof File) return isSafeText(value.name) ? null : path || 'body';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return field;
    const found = unsafeTextField(inner, field);
    if (found !== null) return found;
  }
  return null;
}
