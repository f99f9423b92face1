import type {
  ExplorerSection,
  PublicRitualSession,
  RitualBadge,
  RitualDetail,
  RitualItem,
  RitualSessionSummary,
  RitualSessionTitleData,
} from '../../../lib/rituals.ts';
import { weeksBetween } from '../../../lib/time.ts';
import type { Badge, RitualSessionTitle } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';
import type { ExplorerSectionView, PublicSessionView, RitualDetailView, RitualItemView, RitualSessionView } from './service.ts';

const badgeResource = (badge: Badge): RitualBadge => ({
  id: badge.id,
  name: badge.name,
  text_color: badge.textColor,
  background_color: badge.backgroundColor,
});

export const ritualSessionResource = (session: RitualSessionView): RitualSessionSummary => ({
  id: session.id,
  ritual_id: session.ritualId,
  ritual_session_title_id: session.ritualSessionTitleId,
  title: session.title,
  starts_at: apiTime(session.startsAt),
  ends_at: apiTime(session.endsAt),
  weeks: weeksBetween(session.startsAt, session.endsAt),
  capacity: session.capacity,
  price: session.price,
  seats_left: session.seatsLeft,
  recruit_starts_at: apiTime(session.recruitStartsAt),
  recruit_ends_at: apiTime(session.recruitEndsAt),
  recruit_state: session.recruitState,
  place: session.place,
});

export const publicRitualSessionResource = (session: PublicSessionView): PublicRitualSession => ({
  ...ritualSessionResource(session),
  ritual: session.ritual,
});

export const ritualItemResource = (ritual: RitualItemView): RitualItem => ({
  id: ritual.id,
  type: ritual.type,
  title: ritual.title,
  summary: ritual.summary,
  cover_image_url: ritual.coverImageUrl,
  cover_image_alt: ritual.coverImageAlt,
  theme: ritual.theme,
  badges: ritual.badges.map(badgeResource),
  host_name: ritual.hostName,
  next_session: ritual.sessions[0] ? ritualSessionResource(ritual.sessions[0]) : null,
  open_sessions_count: ritual.sessions.length,
});

// The HTML fields are the copies sanitised before they were stored; they are sent as they are.
export const ritualDetailResource = (ritual: RitualDetailView): RitualDetail => ({
  ...ritualItemResource(ritual),
  description_html: ritual.descriptionHtml,
  how_it_goes_html: ritual.howItGoesHtml,
  host_introduction: ritual.hostIntroduction,
  sessions: ritual.sessions.map(ritualSessionResource),
  selected_session: ritual.selectedSession ? ritualSessionResource(ritual.selectedSession) : null,
});

export const sessionTitleResource = (title: RitualSessionTitle): RitualSessionTitleData => ({
  id: title.id,
  title: title.title,
  starts_at: apiTime(title.startsAt),
});

export const explorerSectionResource = (section: ExplorerSectionView): ExplorerSection => ({
  key: section.key,
  title: section.title,
  items: section.items.map(ritualItemResource),
});
