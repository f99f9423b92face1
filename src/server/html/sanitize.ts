import sanitizeHtml from 'sanitize-html';

/**
 * The one policy for HTML that people write, applied before storing. Staff (notices, pages, FAQ
 * answers, products, rituals, stories) write with every tag here; a member's field takes these or
 * fewer, never more. Which attributes a tag keeps, what their values may be, and which addresses a
 * link or picture may hold are the same for everyone: this module is the only one that calls
 * sanitize-html (tests/unit/sanitize.test.ts holds that).
 */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'code', 'pre',
] as const;

export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** A review is words: paragraphs and emphasis, no links, pictures or tables (the photo is its own field). */
export const REVIEW_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote'] as const satisfies readonly RichTextTag[];

// What a browser skips in an address, or a reader cannot see: spaces, controls, format and other
// ignorable marks. Taken off both ends and out of the middle before an address is judged (a space
// inside is kept as %20), and the judged address is the one stored.
const INVISIBLE = '[\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}]';
const AT_ENDS = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, 'gu');
const INSIDE = new RegExp(INVISIBLE, 'gu');

// A link may go to the web, mail or a phone, or stay on this site (a path, a query, an anchor); a
// picture comes over https or from this site. `//host` and `/\host` leave the site without a scheme.
const LINK = /^(https?:\/\/|mailto:|tel:|\/(?![/\\])|\?|#)/i;
const IMAGE = /^(https:\/\/|\/(?![/\\]))/i;
const EXTERNAL = /^https?:/i;

type Rule = (value: string | undefined) => string | null;

const address = (allowed: RegExp): Rule => (value) => {
  const url = (value ?? '').replace(AT_ENDS, '').replace(INSIDE, (char) => (char === ' ' ? '%20' : ''));
  return allowed.test(url) ? url : null;
};
const text: Rule = (value) => value || null;
const count: Rule = (value) => (value && /^\d{1,4}$/.test(value) ? value : null);
const scope: Rule = (value) => (value && ['row', 'col', 'rowgroup', 'colgroup'].includes(value) ? value : null);

// Every attribute any tag keeps, with the rule its value must pass; anything else is dropped.
const ATTRIBUTES: Partial<Record<RichTextTag, Record<string, Rule>>> = {
  a: { href: address(LINK), title: text },
  img: { src: address(IMAGE), alt: (value) => value ?? '', width: count, height: count },
  th: { scope, colspan: count, rowspan: count },
  td: { colspan: count, rowspan: count },
  ol: { start: count },
};

function kept(tag: RichTextTag, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const values = Object.entries(ATTRIBUTES[tag] ?? {}).map(([name, rule]) => [name, rule(attribs[name])] as const);
  return Object.fromEntries(values.filter((entry): entry is readonly [string, string] => entry[1] !== null));
}

const keep = (tag: RichTextTag): sanitizeHtml.Transformer => (tagName, attribs) => ({ tagName, attribs: kept(tag, attribs) });

const TRANSFORMS: Record<string, sanitizeHtml.Transformer> = {
  // A link that leaves the site opens apart and passes no referrer or window handle.
  a: (tagName, attribs) => {
    const link = kept('a', attribs);
    return { tagName, attribs: EXTERNAL.test(link['href'] ?? '') ? { ...link, target: '_blank', rel: 'noopener noreferrer' } : link };
  },
  // In the order members' posts have always been stored in, so an unchanged post saves the same HTML.
  img: (tagName, attribs) => {
    const { width, height, ...picture } = kept('img', attribs);
    return { tagName, attribs: { ...picture, loading: 'lazy', ...(width ? { width } : {}), ...(height ? { height } : {}) } };
  },
  th: keep('th'),
  td: keep('td'),
  ol: keep('ol'),
};

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(ATTRIBUTES).map(([tag, rules]) => [tag, Object.keys(rules)])),
  a: [...Object.keys(ATTRIBUTES.a!), 'target', 'rel'],
  img: [...Object.keys(ATTRIBUTES.img!), 'loading'],
};

/** The policy for a set of tags; a picture stays only when `keepsImage` accepts its (already judged) address. */
function policy(tags: readonly RichTextTag[], keepsImage: (src: string) => boolean): sanitizeHtml.IOptions {
  return {
    allowedTags: [...tags],
    allowedAttributes: ALLOWED_ATTRIBUTES,
    // sanitize-html checks schemes again after the rules above, as a second guard.
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: TRANSFORMS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !(frame.attribs['src'] && keepsImage(frame.attribs['src'])),
  };
}

const STAFF = policy(RICH_TEXT_TAGS, () => true);

/** HTML written by staff: every rich-text tag, pictures from any https address or this site. */
export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html, STAFF);
}

export interface MemberHtmlOptions {
  /** Whether a picture is one uploaded to our storage (through /api/image-upload, so re-encoded and stripped); none is by default. */
  isOwnImage?: (src: string) => boolean;
  /** The field's tags, at most the staff's. */
  tags?: readonly RichTextTag[];
}

/** HTML written by a member: the staff's rules, with only their own uploaded pictures and at most the staff's tags. */
export function sanitizeMemberHtml(html: string, { isOwnImage = () => false, tags = RICH_TEXT_TAGS }: MemberHtmlOptions = {}): string {
  return sanitizeHtml(html, policy(tags, isOwnImage));
}

const BLOCK_BREAK = /<\/(p|h[1-6]|li|blockquote|pre|tr|th|td|figcaption|div)>|<br\s*\/?>/gi;

/** The words of stored (already sanitised) HTML as one line of plain text, for lists and descriptions. */
export function plainTextOf(html: string): string {
  const words = sanitizeHtml(html.replace(BLOCK_BREAK, ' '), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(words).replace(/\s+/g, ' ').trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(escaped: string): string {
  return escaped.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return NAMED_ENTITIES[lower] ?? entity;
  });
}
