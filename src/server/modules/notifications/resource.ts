import type { NotificationItem } from '../../../lib/notifications.ts';
import { REACTION_TEXTS } from '../../../lib/reactions.ts';
import { apiTime } from '../../http/serialize.ts';
import { DELETED_MEMBER_NICKNAME } from '../users/resource.ts';
import type { NotificationView } from './service.ts';

/** Who did it, as the member may see them: nobody for an anonymous act or a coupon, 탈퇴한 회원 with no picture for a deleted member. */
function actorOf(view: NotificationView): { nickname: string | null; profile_image: string | null } {
  if (view.isAnonymous || !view.hasActor) return { nickname: null, profile_image: null };
  if (!view.actor || view.actor.deleted) return { nickname: DELETED_MEMBER_NICKNAME, profile_image: null };
  return { nickname: view.actor.nickname, profile_image: view.actor.profileImage };
}

/** A notification as the API, the /notification page and the islands all read it (src/lib/notifications.ts). */
export function notificationResource(view: NotificationView): NotificationItem {
  const { data } = view;
  return {
    id: view.id,
    read_at: apiTime(view.readAt),
    created_at: apiTime(view.createdAt),
    data: {
      title: data.title,
      link: data.link,
      target: data.target,
      ...actorOf(view),
      is_mention: view.type === 'mention',
      is_letter: view.type === 'letter',
      is_inquiry_answer: view.type === 'inquiry_answer',
      is_order_paid: view.type === 'order_paid',
      is_export_ready: view.type === 'export_ready',
      reaction_type: data.reaction_type,
      reaction_type_text: data.reaction_type ? REACTION_TEXTS[data.reaction_type] : null,
      ritual_session_id: data.ritual_session_id,
      ritual_session_thread_id: data.ritual_session_thread_id,
      square_post_category_slug: data.square_post_category_slug,
      id: data.id,
      comment_id: view.commentId,
    },
  };
}
