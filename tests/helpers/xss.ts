import { readFileSync } from 'node:fs';
import sanitizeHtml from 'sanitize-html';

/** The vendored stored-XSS corpus (tests/fixtures/xss/README). */
export const xssPayloads: string[] = JSON.parse(readFileSync(new URL('../fixtures/xss/dompurify-payloads.json', import.meta.url), 'utf8'));

export interface ParsedElement {
  tag: string;
  attribs: Record<string, string>;
}

/** Every element and attribute a browser's parser would see in `html`, read with sanitize-html's parser allowing all. */
export function elementsOf(html: string): ParsedElement[] {
  const seen: ParsedElement[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // Called by the parser for every start tag with its attributes as parsed; copied, since the
    // sanitiser later deletes from the same object.
    onOpenTag: (tag: string, attribs: Record<string, string>) => seen.push({ tag: tag.toLowerCase(), attribs: { ...attribs } }),
  });
  return seen;
}

/** A URL as a browser reads its scheme: entities decoded, the characters it skips there removed, lower case. */
export const urlAsRead = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u205f\u3000\ufeff]/g, '')
    .toLowerCase();

/** A scheme that runs script or carries a document of its own. */
export const UNSAFE_URL = /^(javascript|data|vbscript|livescript|mhtml):/;
