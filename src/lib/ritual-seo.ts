/**
 * The structured data of a ritual page (schema.org `Course`, each open session a `CourseInstance`),
 * from the resource the API answers, so that search engines can show its dates and price.
 */
import type { RitualDetail, RitualSessionSummary } from './rituals.ts';
import { SITE_NAME, absoluteUrl } from './seo.ts';
import type { JsonLd } from './seo.ts';

const isoTime = (value: string): string => new Date(value).toISOString();

function courseInstance(session: RitualSessionSummary, pageUrl: string): JsonLd {
  return {
    '@type': 'CourseInstance',
    name: session.title,
    // Monthly rituals meet in their online room; a one-day programme names its place.
    courseMode: session.place ? 'onsite' : 'online',
    ...(session.place ? { location: { '@type': 'Place', name: session.place } } : {}),
    startDate: isoTime(session.starts_at),
    endDate: isoTime(session.ends_at),
    courseWorkload: `P${session.weeks}W`,
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(pageUrl, `?session=${session.id}`),
      price: session.price,
      priceCurrency: 'KRW',
      availability: session.seats_left > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      ...(session.recruit_starts_at ? { validFrom: isoTime(session.recruit_starts_at) } : {}),
      ...(session.recruit_ends_at ? { validThrough: isoTime(session.recruit_ends_at) } : {}),
    },
  };
}

/** `url` is the ritual page's absolute canonical address. */
export function courseJsonLd(ritual: RitualDetail, url: string): JsonLd {
  const provider = { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(url, '/') };
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: ritual.title,
    description: ritual.summary,
    url,
    image: [absoluteUrl(url, ritual.cover_image_url)],
    inLanguage: 'ko-KR',
    provider,
    ...(ritual.theme ? { about: ritual.theme.name } : {}),
    ...(ritual.sessions.length > 0 ? { hasCourseInstance: ritual.sessions.map((session) => courseInstance(session, url)) } : {}),
  };
}
