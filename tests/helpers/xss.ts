import sanitizeHtml from 'sanitize-html';

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

// An attribute value decoded once more, by the same parser: what a double-encoded entity becomes.
const decodedOnce = (value: string): string => elementsOf(`<x v="${value.replace(/"/g, '&quot;')}">`)[0]?.attribs['v'] ?? value;

/**
 * A URL as a browser (or a careless reader) takes its scheme: entities decoded until none is left,
 * every space, control, format and zero-width character removed wherever it is, lower case.
 */
export function urlAsRead(value: string): string {
  let read = value;
  for (let pass = 0; pass < 5 && /&/.test(read); pass += 1) {
    const next = decodedOnce(read);
    if (next === read) break;
    read = next;
  }
  return read.replace(/[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '').toLowerCase();
}

/** A scheme that runs script or carries a document of its own. */
export const UNSAFE_URL = /^(javascript|data|vbscript|livescript|mhtml):/;

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Whether an address, as read, names a scheme other than the web's, mail's and the phone's (a relative one names none). */
export const hasUnsafeScheme = (value: string): boolean => {
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(urlAsRead(value))?.[1];
  return scheme !== undefined && !SAFE_SCHEMES.has(scheme);
};

// Attributes a browser loads or follows; srcset holds a list of them.
const URL_ATTRIBUTES = new Set([
  'href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'background', 'cite', 'data', 'ping', 'lowsrc', 'dynsrc',
  'longdesc', 'codebase', 'manifest', 'usemap', 'icon', 'profile', 'archive', 'classid',
]);
const addressesOf = (name: string, value: string): string[] =>
  name === 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value];

// What rich text may hold at all (the staff's tags, src/server/html/sanitize.ts); anything else
// (script, iframe, svg, math, style, form...) fails.
const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
  'blockquote', 'hr', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'code', 'pre',
]);
const FORBIDDEN_ATTRIBUTES = new Set(['style', 'class', 'id', 'srcdoc', 'name']);
const RAW_CONSTRUCTS = /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|base|link|meta|form|frame|frameset|template|noscript)\b/i;
// Attributes whose value is a number, and the one that is a keyword.
const NUMBERS = new Set(['width', 'height', 'colspan', 'rowspan', 'start']);

/**
 * The problems that would let `html` run script, restyle the page or leave the site unasked; empty
 * when it is safe. `keepsImage` says which pictures the field may show.
 */
export function executableParts(html: string, keepsImage: (src: string) => boolean): string[] {
  const problems: string[] = [];
  if (RAW_CONSTRUCTS.test(html)) problems.push(`raw construct ${RAW_CONSTRUCTS.exec(html)![0]}`);
  for (const { tag, attribs } of elementsOf(html)) {
    if (!ALLOWED_TAGS.has(tag)) problems.push(`<${tag}>`);
    for (const [name, value] of Object.entries(attribs)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || FORBIDDEN_ATTRIBUTES.has(lower)) problems.push(`${tag}[${name}]`);
      if (URL_ATTRIBUTES.has(lower) && addressesOf(lower, value).some(hasUnsafeScheme)) problems.push(`${tag}[${name}=${value}]`);
      if (lower === 'href' && !/^(https?:\/\/|mailto:|tel:|\/(?![/\\])|\?|#)/.test(urlAsRead(value))) problems.push(`${tag}[href=${value}]`);
      if (NUMBERS.has(lower) && !/^\d{1,4}$/.test(value)) problems.push(`${tag}[${name}=${value}]`);
      if (lower === 'scope' && !['row', 'col', 'rowgroup', 'colgroup'].includes(value)) problems.push(`${tag}[scope=${value}]`);
      // A link opened apart hands the new page no handle on this one.
      if (lower === 'target' && (value !== '_blank' || !/\bnoopener\b/.test(attribs['rel'] ?? ''))) problems.push(`${tag}[target=${value}]`);
    }
    if (tag === 'img' && !keepsImage(attribs['src'] ?? '')) problems.push(`img from ${attribs['src']}`);
  }
  return problems;
}

/** An image the server stored itself (uploads): the only pictures a member's field shows. */
export const isOwnImage = (src: string) => /^\/uploads\/[a-z0-9_/-]+\.(webp|jpg|jpeg|png|gif)$/.test(src);

/** A picture staff may place: over https, or from this site. */
export const isWebImage = (src: string) => /^(https:\/\/|\/(?![/\\]))/.test(urlAsRead(src));
