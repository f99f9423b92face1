import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for HTML that people write (notices, pages, answers, posts): text structure,
 * links and images, nothing that runs or restyles the page. Applied before storing.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup',
    'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'code', 'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that leaves the site opens apart and passes no referrer or window handle.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs['href'] ?? '');
      return { tagName, attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Members' posts: the same allow-list, but an image stays only when `isOwnImage` says its source
 * is a picture uploaded to our storage (through /api/image-upload, so re-encoded and stripped), and
 * no link or image may use any scheme beyond the web's and mail's. Nothing keeps a style, class or
 * id, so a post cannot dress up as the page around it.
 */
export function sanitizePostHtml(html: string, isOwnImage: (src: string) => boolean): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    allowedSchemes: ['http', 'https', 'mailto'],
    // Our storage answers either under /uploads on this server or on the bucket's https address.
    allowedSchemesByTag: { img: ['https'] },
    allowedStyles: {},
    allowedClasses: {},
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs['src'] ?? ''),
    transformTags: {
      a: (tagName, attribs) => {
        const { href: rawHref, title } = attribs;
        const href = linkTarget(rawHref ?? '');
        const external = href !== null && /^https?:/i.test(href);
        return {
          tagName,
          attribs: {
            ...(href === null ? {} : { href }),
            ...(title ? { title } : {}),
            ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
          },
        };
      },
      img: (tagName, attribs) => {
        const { src = '', alt = '', width, height } = attribs;
        return {
          tagName,
          attribs: {
            src,
            alt,
            loading: 'lazy',
            ...(width && /^\d{1,4}$/.test(width) ? { width } : {}),
            ...(height && /^\d{1,4}$/.test(height) ? { height } : {}),
          },
        };
      },
    },
  });
}

// Spaces and invisible marks a browser may skip or a reader may not see before a scheme.
// eslint-disable-next-line no-control-regex -- control characters are among what hides a scheme
const LEADING_BLANKS = /^[\s\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]+/;

/**
 * A link's address when it is one a post may hold (the web, mail, this site's paths and anchors);
 * null for anything else, whatever blanks or marks hide its scheme.
 */
function linkTarget(href: string): string | null {
  const value = href.replace(LEADING_BLANKS, '');
  return /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(value) ? value : null;
}

const BLOCK_BREAK = /<\/(p|h[1-6]|li|blockquote|pre|tr|figcaption|div)>|<br\s*\/?>/gi;

/** The words of stored (already sanitised) HTML as one line of plain text, for lists and descriptions. */
export function plainTextOf(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_BREAK, ' '), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return NAMED_ENTITIES[lower] ?? entity;
  });
}
