import { ratePercent } from '../../../lib/room-progress.ts';
import { ROOM_CATEGORY_LABELS } from '../../../lib/rooms.ts';
import type { MemberRate, MemberRoomPost, RoomCommentItem, RoomReport } from '../../../lib/room-progress.ts';
import { apiTime } from '../../http/serialize.ts';
import type { MemberPostView } from './member-posts.ts';
import type { RoomCommentView } from './me-service.ts';
import type { PostCheckDay, RoomReportView } from './service.ts';

/**
 * The report as its reader may see it: their own days in full; the others as rates, named only
 * when they chose to share. Highest first, so the list encourages without naming who is behind.
 */
export function roomReportResource(view: RoomReportView): RoomReport {
  const members: MemberRate[] = view.members.map((member) => {
    const isMe = member.userId === view.viewerId;
    return {
      completion_rate: ratePercent(member.daysDone, view.daysElapsed),
      days_done: member.daysDone,
      is_me: isMe,
      user:
        isMe || member.sharesProgress
          ? {
              id: member.userId,
              nickname: member.nickname,
              username: member.username,
            }
          : null,
    };
  });
  const roomDays = view.members.reduce((sum, member) => sum + member.daysDone, 0);
  return {
    ritual_session_id: view.session.id,
    title: view.session.title,
    starts_at: apiTime(view.session.startsAt),
    ends_at: apiTime(view.session.endsAt),
    today: view.today,
    days: view.days,
    days_elapsed: view.daysElapsed,
    days_done: view.daysDone,
    completion_rate: ratePercent(view.daysDone.length, view.daysElapsed),
    streaks: view.streaks,
    posts_by_category: view.postsByCategory,
    room_posts_by_category: view.roomPostsByCategory,
    shares_progress: view.sharesProgress,
    members,
    room_completion_rate: ratePercent(roomDays, view.daysElapsed * view.members.length),
  };
}

export const postCheckResource = (day: PostCheckDay) => ({ date: day.date, count: day.count, checked_in: day.checkedIn });

export const roomPostLink = (sessionId: number, postId: number) => `/room/${sessionId}/${postId}`;

export function memberPostResource(view: MemberPostView): MemberRoomPost {
  return {
    id: view.id,
    ritual_session_id: view.sessionId,
    ritual_session_title: view.sessionTitle,
    category: view.category,
    category_text: ROOM_CATEGORY_LABELS[view.category],
    title: view.title,
    excerpt: view.excerpt,
    thumbnail_url: view.thumbnailUrl,
    is_public: view.isPublic,
    comments_count: view.commentsCount,
    reactions_count: view.reactionsCount,
    created_at: view.createdAt,
    link: roomPostLink(view.sessionId, view.id),
  };
}

export function roomCommentResource(view: RoomCommentView): RoomCommentItem {
  return {
    id: view.id,
    content: view.content,
    created_at: view.createdAt,
    model_type: view.modelType,
    model_id: view.modelId,
    ritual_session_id: view.sessionId,
    ritual_session_title: view.sessionTitle,
    link:
      view.modelType === 'ritual_session_thread'
        ? `/room/${view.sessionId}/thread/${view.modelId}`
        : roomPostLink(view.sessionId, view.modelId),
  };
}
