const UNSAFE = /[<>\u2028\u2029]/g;
const ESCAPED: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON for a data block, `<script type="application/json">` or `application/ld+json`: `<` and `>`
 * escaped so no text inside can close the element, and the two line separators JavaScript once
 * took for line ends. JSON.parse reads it back unchanged.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE, (character) => ESCAPED[character]!);
}

/** A page's data block read back in the browser: what scriptJson wrote, or null when the page has none. */
export function readScriptJson<T>(selector: string): T | null {
  const text = document.querySelector(selector)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}
