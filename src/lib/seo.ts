/**
 * What search engines and link previews read: canonical addresses, the share picture and the
 * structured data (schema.org JSON-LD) of the organisation and of articles. Pure functions, so
 * pages, the sitemap and tests share them.
 */
import { isAuthOnly, isGuestOnly } from './page-guards.ts';
import { parseCalendarMonth } from './program-calendar.ts';
import { scriptJson } from './script-json.ts';
import type { SquarePostItem } from './square.ts';

export const SITE_NAME = '리추얼';
export const DEFAULT_DESCRIPTION =
  '매달 함께하는 리추얼, 기록과 대화가 있는 콘텐츠 광장, 셀프케어 도구까지. 나답게 성장하는 사람들이 모인 안전한 커뮤니티, 리추얼이에요.';

/** The site-wide share picture (public/images/og-default.png). */
export const DEFAULT_SHARE_IMAGE = {
  path: '/images/og-default.png',
  width: 1200,
  height: 630,
  alt: '리추얼: 나답게 성장하는 습관',
} as const;

/** The brand mark, square, for the organisation's structured data (public/images/logo.png). */
export const LOGO_PATH = '/images/logo.png';

export type JsonLd = Record<string, unknown>;

/** Pages without their own subject, or only for one visitor, that search engines should not list. */
const NOINDEX_PATHS = ['/verify-email', '/maintenance', '/404', '/500'];

const withoutTrailingSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** Member pages, guest-only account pages and the service pages that describe no content. */
export function isNoindexPath(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return isAuthOnly(path) || isGuestOnly(path) || NOINDEX_PATHS.includes(path);
}

/** `path` (site-relative) or an absolute URL, made absolute on the public origin. */
export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, appUrl).toString();
}

/**
 * The one address a page is listed under: the public origin (APP_URL), the path without a
 * trailing slash, and only the query that changes the content: `?page=N` past the first page
 * of a list, the category filter of the FAQ and of off-the-record, and the month of the programme calendar.
 */
export function canonicalUrl(appUrl: string, url: URL): string {
  const path = withoutTrailingSlash(url.pathname);
  const canonical = new URL(path, appUrl);
  const category = url.searchParams.get('category');
  if ((path === '/faq' || path === '/explorer/off-the-record') && category) canonical.searchParams.set('category', category);
  // The programme calendar's month is its content; a month it does not show is left out.
  const calendarMonth = path === '/explorer/program' ? parseCalendarMonth(url.searchParams.get('year'), url.searchParams.get('month')) : null;
  if (calendarMonth) {
    canonical.searchParams.set('year', String(calendarMonth.year));
    canonical.searchParams.set('month', String(calendarMonth.month));
  }
  const page = Number(url.searchParams.get('page'));
  if (Number.isSafeInteger(page) && page > 1) canonical.searchParams.set('page', String(page));
  return canonical.toString();
}

const organizationId = (siteUrl: string): string => `${new URL('/', siteUrl).toString()}#organization`;

/** A reference to the organisation described on every page, with its name for readers that do not follow it. */
const organizationRef = (siteUrl: string): JsonLd => ({
  '@type': 'Organization',
  '@id': organizationId(siteUrl),
  name: SITE_NAME,
  url: new URL('/', siteUrl).toString(),
});

export interface OrganizationInput {
  /** The public origin (APP_URL). */
  url: string;
  /** The service's own profiles elsewhere (the configured social links). */
  sameAs?: string[];
}

export function organizationJsonLd({ url, sameAs = [] }: OrganizationInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(url),
    name: SITE_NAME,
    url: new URL('/', url).toString(),
    logo: absoluteUrl(url, LOGO_PATH),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** The site itself, for the name search engines show next to its pages; on the home page. */
export function websiteJsonLd({ url }: { url: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: new URL('/', url).toString(),
    inLanguage: 'ko-KR',
    publisher: { '@id': organizationId(url) },
  };
}

export interface ArticleInput {
  headline: string;
  /** The article's absolute canonical address. */
  url: string;
  datePublished: Date | string;
  dateModified: Date | string;
  description?: string | undefined;
  /** Absolute, or site-relative to the article's origin. */
  image?: string | undefined;
}

const isoTime = (value: Date | string | number): string => new Date(value).toISOString();

/** A notice or another dated text, written and published by the service itself. */
export function articleJsonLd({ headline, url, datePublished, dateModified, description, image }: ArticleInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline,
    url,
    mainEntityOfPage: url,
    datePublished: isoTime(datePublished),
    // A text edited while it waited for its publishing day changed, for readers, on that day.
    dateModified: isoTime(Math.max(new Date(datePublished).getTime(), new Date(dateModified).getTime())),
    inLanguage: 'ko-KR',
    ...(description ? { description } : {}),
    ...(image ? { image: [absoluteUrl(url, image)] } : {}),
    author: organizationRef(url),
    publisher: organizationRef(url),
  };
}

/** JSON for a `<script type="application/ld+json">` (see scriptJson). */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return scriptJson(data);
}

/**
 * A member's post in the square, from the same resource the API answers: a discussion, so search
 * engines can show its replies count. `url` is the post's absolute canonical address.
 */
export function discussionForumPostingJsonLd(post: SquarePostItem, url: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    headline: post.title,
    text: post.excerpt ?? '',
    url,
    mainEntityOfPage: url,
    datePublished: isoTime(post.created_at),
    dateModified: isoTime(Math.max(new Date(post.created_at).getTime(), new Date(post.updated_at).getTime())),
    inLanguage: 'ko-KR',
    author: {
      '@type': 'Person',
      name: post.author_name,
      ...(post.author?.username ? { url: absoluteUrl(url, `/profile/${post.author.username}`) } : {}),
    },
    ...(post.thumbnail_url ? { image: [absoluteUrl(url, post.thumbnail_url)] } : {}),
    commentCount: post.comments_count,
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/CommentAction',
      userInteractionCount: post.comments_count,
    },
  };
}
