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

// What a post's HTML may hold at all; anything else (script, iframe, svg, math, style, form...) fails.
const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
  'blockquote', 'hr', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'code', 'pre',
]);
const FORBIDDEN_ATTRIBUTES = new Set(['style', 'class', 'id', 'srcdoc', 'formaction', 'action', 'background', 'poster', 'xlink:href', 'name']);
const RAW_CONSTRUCTS = /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|base|link|meta|form|frame|frameset|template|noscript)\b/i;

/** The problems that would let `html` run script or restyle the page; empty when it is safe. */
export function executableParts(html: string, isOwnImage: (src: string) => boolean): string[] {
  const problems: string[] = [];
  if (RAW_CONSTRUCTS.test(html)) problems.push(`raw construct ${RAW_CONSTRUCTS.exec(html)![0]}`);
  for (const { tag, attribs } of elementsOf(html)) {
    if (!ALLOWED_TAGS.has(tag)) problems.push(`<${tag}>`);
    for (const [name, value] of Object.entries(attribs)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || FORBIDDEN_ATTRIBUTES.has(lower)) problems.push(`${tag}[${name}]`);
      if ((lower === 'href' || lower === 'src') && UNSAFE_URL.test(urlAsRead(value))) {
        problems.push(`${tag}[${name}=${value}]`);
      }
      if (lower === 'href' && !/^(https?:|mailto:|tel:|\/|#)/.test(urlAsRead(value))) problems.push(`${tag}[href=${value}]`);
    }
    if (tag === 'img' && !isOwnImage(attribs['src'] ?? '')) problems.push(`img from ${attribs['src']}`);
  }
  return problems;
}

/** An image the server stored itself (uploads); any other source in a post is a payload's. */
export const isOwnImage = (src: string) => /^\/uploads\/[a-z0-9_/-]+\.(webp|jpg|jpeg|png|gif)$/.test(src);
