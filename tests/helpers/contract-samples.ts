import type { CommentData } from '../../src/lib/comments.ts';
import type { NotificationData, NotificationItem } from '../../src/lib/notifications.ts';

/** A comment as the API answers it: the member's own, by 아침, with two likes. */
export const sampleComment = (id: number, parentId: number | null = null, overrides: Partial<CommentData> = {}): CommentData => ({
  id,
  parent_id: parentId,
  content: `댓글 ${id}`,
  is_anonymous: false,
  author: { id: 1, nickname: '아침', username: 'morning', profile_image: null },
  author_name: '아침',
  likes_count: 2,
  is_liked: false,
  is_mine: true,
  is_deleted: false,
  is_hidden: false,
  created_at: '2026-11-20T00:00:00.000000Z',
  updated_at: '2026-11-20T00:00:00.000000Z',
  replies: [],
  ...overrides,
});

/** What a comment on the member's square post by 느린걸음 says, as the API sends it. */
export const sampleNotificationData = (overrides: Partial<NotificationData> = {}): NotificationData => ({
  title: '새벽 독서 100일째',
  link: null,
  target: 'post',
  nickname: '느린걸음',
  is_mention: false,
  is_letter: false,
  is_inquiry_answer: false,
  is_order_paid: false,
  is_export_ready: false,
  reaction_type: null,
  reaction_type_text: null,
  profile_image: '/uploads/avatars/slow.webp',
  ritual_session_id: null,
  ritual_session_thread_id: null,
  square_post_category_slug: 'daily',
  id: 42,
  comment_id: null,
  ...overrides,
});

export const sampleNotification = (id: number, readAt: string | null = null): NotificationItem => ({
  id,
  read_at: readAt,
  created_at: '2026-11-20T03:00:00.000000Z',
  data: sampleNotificationData(),
});
