import { ROOM_CATEGORY_LABELS, roomCountdown, roomStateOf } from '../../../lib/rooms.ts';
import type {
  CheckInData,
  CheckInTextData,
  PublicRoomPost,
  RoomAuthor,
  RoomDetail,
  RoomInfo,
  RoomMember,
  RoomPostDetail,
  RoomPostItem,
  RoomReader,
  RoomSummary,
  RoomThreadDetail,
  RoomThreadItem,
} from '../../../lib/rooms.ts';
import { apiTime } from '../../http/serialize.ts';
import { commentResource } from '../comments/resource.ts';
import type { PublicRoomPostView, RoomAuthorView, RoomPostDetailView, RoomPostItemView, RoomReaderView } from './posts.ts';
import type { CheckInResult, CheckInView, RoomDetailView, RoomMemberView, RoomSummaryView } from './service.ts';
import type { RoomThreadDetailView, RoomThreadItemView } from './threads.ts';
import type { TodayRoomView } from './today.ts';

export const roomSummaryResource = (room: RoomSummaryView, now = new Date()): RoomSummary => {
  const span = { starts_at: room.startsAt, ends_at: room.endsAt };
  return {
    id: room.id,
    title: room.title,
    ritual: { id: room.ritual.id, title: room.ritual.title, cover_image_url: room.ritual.coverImageUrl },
    starts_at: apiTime(room.startsAt),
    ends_at: apiTime(room.endsAt),
    state: roomStateOf(span, now),
    countdown: roomCountdown(span, now),
    role: room.role,
    checked_in_today: room.checkedInToday,
  };
};

export const checkInResource = (checkIn: CheckInView): CheckInData => ({
  id: checkIn.id,
  day: checkIn.day,
  check_in_text_id: checkIn.checkInTextId,
  text: checkIn.text,
  content: checkIn.content,
  created_at: apiTime(checkIn.createdAt),
});

export const checkInResultResource = (result: CheckInResult) => ({ ...checkInResource(result.checkIn), created: result.created });

export const checkInTextResource = (text: { id: number; text: string }): CheckInTextData => ({ id: text.id, text: text.text });

export const roomDetailResource = (room: RoomDetailView, now = new Date()): RoomDetail => ({
  ...roomSummaryResource(room, now),
  members_count: room.membersCount,
  leads: room.leads,
  can_post: room.canPost,
  can_check_in: room.canCheckIn,
  today_check_in: room.todayCheckIn && checkInResource(room.todayCheckIn),
});

export const roomMemberResource = (member: RoomMemberView): RoomMember => ({
  id: member.id,
  nickname: member.nickname,
  profile_image: member.profileImage,
  username: member.username,
  role: member.role,
});

export const roomInfoResource = (info: { id: number; title: string; members: RoomMemberView[] }): RoomInfo => ({
  id: info.id,
  title: info.title,
  ritualSessionUsers: info.members.map(roomMemberResource),
});

const authorResource = (author: RoomAuthorView): RoomAuthor => ({
  id: author.id,
  nickname: author.nickname,
  username: author.username,
  profile_image: author.profileImage,
});

export const roomPostItemResource = (post: RoomPostItemView): RoomPostItem => ({
  id: post.id,
  ritual_session_id: post.ritualSessionId,
  category: post.category,
  category_name: ROOM_CATEGORY_LABELS[post.category],
  title: post.title,
  excerpt: post.excerpt,
  thumbnail_url: post.thumbnailUrl,
  is_public: post.isPublic,
  author: authorResource(post.author),
  comments_count: post.commentsCount,
  reactions_count: post.reactionsCount,
  reads_count: post.readsCount,
  is_hidden: post.isHidden,
  created_at: apiTime(post.createdAt),
  updated_at: apiTime(post.updatedAt),
});

export const roomPostDetailResource = (post: RoomPostDetailView): RoomPostDetail => ({
  ...roomPostItemResource(post),
  content_html: post.contentHtml,
  reaction_counts: post.reactions.counts,
  my_reactions: post.reactions.mine,
  is_saved: post.isSaved,
  is_mine: post.isMine,
  can_edit: post.canEdit,
  can_delete: post.canDelete,
  comments: post.comments.map(commentResource),
});

export const publicRoomPostResource = (post: PublicRoomPostView): PublicRoomPost => ({
  id: post.id,
  ritual_session_id: post.ritualSessionId,
  room_title: post.roomTitle,
  category: post.category,
  category_name: ROOM_CATEGORY_LABELS[post.category],
  title: post.title,
  excerpt: post.excerpt,
  content_html: post.contentHtml,
  thumbnail_url: post.thumbnailUrl,
  author: authorResource(post.author),
  created_at: apiTime(post.createdAt),
});

export const roomThreadItemResource = (thread: RoomThreadItemView): RoomThreadItem => ({
  id: thread.id,
  ritual_session_id: thread.ritualSessionId,
  title: thread.title,
  excerpt: thread.excerpt,
  thumbnail_url: thread.thumbnailUrl,
  author: authorResource(thread.author),
  comments_count: thread.commentsCount,
  reactions_count: thread.reactionsCount,
  created_at: apiTime(thread.createdAt),
  updated_at: apiTime(thread.updatedAt),
});

export const roomThreadDetailResource = (thread: RoomThreadDetailView): RoomThreadDetail => ({
  ...roomThreadItemResource(thread),
  content_html: thread.contentHtml,
  is_mine: thread.isMine,
  can_edit: thread.canEdit,
  can_delete: thread.canDelete,
  comments: thread.comments.map(commentResource),
  reaction_counts: thread.reactions.counts,
  my_reactions: thread.reactions.mine,
});

export const roomReaderResource = (reader: RoomReaderView): RoomReader => ({
  ...authorResource(reader),
  read_at: apiTime(reader.readAt),
});

/** GET /api/me/today: one running session as the member's start screen shows it. */
export const todayRoomResource = (room: TodayRoomView) => ({
  ritual_session_id: room.id,
  title: room.title,
  day: room.day,
  days: room.days,
  checked_in_today: room.checkedInToday,
  check_in_texts: room.checkInTexts.map(checkInTextResource),
});
