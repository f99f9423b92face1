import type { OneDayProgramItem, ProgramEventItem } from '../../../lib/programs.ts';
import type { RitualThemeRef } from '../../../lib/rituals.ts';
import { apiTime } from '../../http/serialize.ts';
import type { OneDayProgramRow, ProgramEventRow } from './service.ts';

const themeOf = (row: { themeId: number | null; themeName: string | null }): RitualThemeRef | null =>
  row.themeId !== null && row.themeName !== null ? { id: row.themeId, name: row.themeName } : null;

// A session filled past its capacity by staff still shows no seat, not a negative count.
const seatsLeft = (row: { capacity: number; seatsTaken: number }): number => Math.max(0, row.capacity - row.seatsTaken);

export const programEventResource = (row: ProgramEventRow): ProgramEventItem => ({
  id: row.id,
  ritual_id: row.ritualId,
  ritual_session_id: row.ritualSessionId,
  title: row.title,
  starts_at: apiTime(row.startsAt),
  ends_at: apiTime(row.endsAt),
  place: row.place,
  capacity: row.capacity,
  seats_left: seatsLeft(row),
  price: row.price,
  ritual_title: row.ritualTitle,
  cover_image_url: row.coverImageUrl,
  cover_image_alt: row.coverImageAlt,
  theme: themeOf(row),
  recruit_state: row.recruitState,
});

export const oneDayProgramResource = (row: OneDayProgramRow): OneDayProgramItem => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  cover_image_url: row.coverImageUrl,
  cover_image_alt: row.coverImageAlt,
  host_name: row.hostName,
  theme: themeOf(row),
  badges: row.badges.map((badge) => ({
    id: badge.id,
    name: badge.name,
    text_color: badge.textColor,
    background_color: badge.backgroundColor,
  })),
  next_event: row.nextEvent && {
    ritual_session_id: row.nextEvent.ritualSessionId,
    starts_at: apiTime(row.nextEvent.startsAt),
    ends_at: apiTime(row.nextEvent.endsAt),
    place: row.nextEvent.place,
    price: row.nextEvent.price,
    seats_left: seatsLeft(row.nextEvent),
    recruit_state: row.nextEvent.recruitState,
  },
});
