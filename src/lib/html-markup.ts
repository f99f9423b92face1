/**
 * Text and attribute values for markup the server writes as a string (lists too long to go through
 * a renderer element by element). The escaping is React's own, so that a list written here and the
 * island that takes it over agree to the byte (tests/unit/comment-list-html.test.ts).
 */
const UNSAFE = /["&'<>]/g;
const ESCAPED: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** `text` safe between tags and inside a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(UNSAFE, (character) => ESCAPED[character]!);

// React writes a URL that would run script as one that throws instead; its own pattern, control
// characters and all, since a browser skips them before the scheme.
// eslint-disable-next-line no-control-regex
const SCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** `value` for an href or src: escaped, and never a URL that runs script. */
export const urlAttribute = (value: string): string => escapeHtml(SCRIPT_URL.test(value) ? BLOCKED_URL : value);
