import { absoluteUrl } from './seo.ts';
import { ritualPagePath, seatsLabel } from './rituals.ts';
import type { RecruitState, RitualBadge, RitualThemeRef } from './rituals.ts';
import type { JsonLd } from './seo.ts';

/**
 * One-day programmes as the API answers them (API-CONVENTIONS.md "Rituals and the explorer"):
 * one type each, written by the server's serializers (src/server/modules/programs/resource.ts)
 * and read by the program page and its structured data alike.
 */

/** A dated meeting of a one-day programme: its time, capacity and price are its session's. */
export interface ProgramEventItem {
  id: number;
  ritual_id: number;
  ritual_session_id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  place: string;
  capacity: number;
  /** The capacity less the members who joined; the host takes no seat. */
  seats_left: number;
  /** In 원. */
  price: number;
  ritual_title: string;
  cover_image_url: string;
  cover_image_alt: string;
  theme: RitualThemeRef | null;
  /** Whether its session takes applications now: seats are offered only while it does. */
  recruit_state: RecruitState;
}

/** A one-day programme's card: what it is and when it meets next. */
export interface OneDayProgramItem {
  id: number;
  title: string;
  summary: string;
  cover_image_url: string;
  cover_image_alt: string;
  host_name: string;
  theme: RitualThemeRef | null;
  badges: RitualBadge[];
  /** The first published event still to come; null while none is scheduled. */
  next_event: {
    ritual_session_id: number;
    starts_at: string;
    ends_at: string;
    place: string;
    price: number;
    seats_left: number;
    recruit_state: RecruitState;
  } | null;
}

/** What a card says of an event's seats: those left while it takes applications, else that it does not (yet). */
export function eventSeatsLabel(event: { seats_left: number; recruit_state: RecruitState }): string {
  if (event.recruit_state === 'closed') return '신청 마감';
  if (event.recruit_state === 'upcoming') return `모집 예정 · ${seatsLabel(event.seats_left)}`;
  return seatsLabel(event.seats_left);
}

/** Where an event's programme is read and its session chosen. */
export const programEventPath = (event: { ritual_id: number; ritual_session_id: number }): string => ritualPagePath(event.ritual_id, event.ritual_session_id);

/**
 * A dated event for search engines (schema.org `Event`), met in person at its place in Seoul,
 * offered at its price until its seats are gone. `pageUrl` is the absolute address of the page
 * that lists it; the event's own page is where it is offered.
 */
export function programEventJsonLd(event: ProgramEventItem, pageUrl: string): JsonLd {
  const url = absoluteUrl(pageUrl, programEventPath(event));
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: `${event.ritual_title}: ${event.title}`,
    startDate: new Date(event.starts_at).toISOString(),
    endDate: new Date(event.ends_at).toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: 'ko-KR',
    url,
    image: [absoluteUrl(pageUrl, event.cover_image_url)],
    location: {
      '@type': 'Place',
      name: event.place,
      address: { '@type': 'PostalAddress', streetAddress: event.place, addressLocality: '서울', addressCountry: 'KR' },
    },
    offers: {
      '@type': 'Offer',
      url,
      price: event.price,
      priceCurrency: 'KRW',
      availability: event.seats_left > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}
