import { describe, expect, it } from 'vitest';
import {
  COUPON_PAGE,
  EMPTY_NOTIFICATIONS_TEXT,
  isUnread,
  markedRead,
  notificationImage,
  notificationLink,
  notificationMessage,
} from '../../src/lib/notifications.ts';
import { sampleNotification, sampleNotificationData } from '../helpers/contract-samples.ts';

const data = sampleNotificationData;
const item = sampleNotification;

describe('notificationLink: where an item leads', () => {
  it('follows the link the notification carries, before any other rule', () => {
    expect(notificationLink(data({ link: '/notice/3', target: 'coupon', ritual_session_id: 5, id: 9 }))).toBe('/notice/3');
  });

  it('sends a coupon to the coupon page', () => {
    expect(notificationLink(data({ target: 'coupon', id: null, square_post_category_slug: null, nickname: null }))).toBe(COUPON_PAGE);
    expect(COUPON_PAGE).toBe('/mypage/coupon');
  });

  it('opens a room thread from outside, or a room post', () => {
    expect(notificationLink(data({ ritual_session_id: 7, ritual_session_thread_id: 31, id: 12 }))).toBe(
      '/room/7/thread/31?isExternal=true',
    );
    expect(notificationLink(data({ ritual_session_id: 7, id: 12, square_post_category_slug: null }))).toBe('/room/7/12');
  });

  it('otherwise opens the square post under its board', () => {
    expect(notificationLink(data())).toBe('/square/daily/42');
    expect(notificationLink(data({ target: 'comment' }))).toBe('/square/daily/42');
  });

  it('is null when the data names no place (the list shows it without a link)', () => {
    expect(notificationLink(data({ square_post_category_slug: null }))).toBeNull();
    expect(notificationLink(data({ id: null }))).toBeNull();
    expect(notificationLink(data({ ritual_session_id: 7, id: null, square_post_category_slug: null }))).toBeNull();
  });

  it('an empty link counts as none', () => {
    expect(notificationLink(data({ link: '' }))).toBe('/square/daily/42');
  });

  it('opens the post at the comment that was written or that mentions the member', () => {
    expect(notificationLink(data({ comment_id: 77 }))).toBe('/square/daily/42#comment-77');
    expect(notificationLink(data({ target: 'comment', comment_id: 78 }))).toBe('/square/daily/42#comment-78');
    expect(notificationLink(data({ ritual_session_id: 7, id: 12, square_post_category_slug: null, is_mention: true, comment_id: 79 }))).toBe(
      '/room/7/12#comment-79',
    );
    expect(notificationLink(data({ ritual_session_id: 7, ritual_session_thread_id: 31, id: null, comment_id: 80 }))).toBe(
      '/room/7/thread/31?isExternal=true#comment-80',
    );
    expect(notificationLink(data({ link: '/explorer/off-the-record/5', comment_id: 81 }))).toBe('/explorer/off-the-record/5#comment-81');
  });
});

describe('notificationMessage: what an item says', () => {
  it('names who commented on the member’s post', () => {
    expect(notificationMessage(data())).toBe('느린걸음님이 회원님의 글에 댓글을 남겼어요.');
  });

  it('names who replied to the member’s comment', () => {
    expect(notificationMessage(data({ target: 'comment' }))).toBe('느린걸음님이 회원님의 댓글에 답글을 남겼어요.');
  });

  it('names the reaction by its text', () => {
    expect(notificationMessage(data({ reaction_type: 'cheer', reaction_type_text: '응원해요' }))).toBe(
      "느린걸음님이 회원님의 글에 '응원해요' 반응을 남겼어요.",
    );
  });

  it('says a mention, before the target’s own text', () => {
    expect(notificationMessage(data({ is_mention: true, ritual_session_id: 7, square_post_category_slug: null }))).toBe(
      '느린걸음님이 댓글에서 회원님을 언급했어요.',
    );
    expect(notificationMessage(data({ is_mention: true, target: 'comment' }))).toBe('느린걸음님이 댓글에서 회원님을 언급했어요.');
  });

  it('says a delivered letter to oneself, with no actor and its own link', () => {
    const letter = data({ is_letter: true, nickname: null, profile_image: null, link: '/room/7/letter', ritual_session_id: 7, id: null });
    expect(notificationMessage(letter)).toBe('리추얼 동안 나에게 쓴 편지가 도착했어요.');
    expect(notificationImage(letter)).toBeNull();
    expect(notificationLink(letter)).toBe('/room/7/letter');
  });

  it('says the team answered an inquiry, with no actor, and opens the inquiry', () => {
    const answer = data({ is_inquiry_answer: true, nickname: null, profile_image: '/x.webp', link: '/inquiry/4', id: null, square_post_category_slug: null });
    expect(notificationMessage(answer)).toBe('문의하신 내용에 운영팀 답변이 등록되었어요.');
    expect(notificationImage(answer)).toBeNull();
    expect(notificationLink(answer)).toBe('/inquiry/4');
  });

  it('keeps an anonymous actor anonymous in every variant', () => {
    const anonymous = { nickname: null, profile_image: null };
    expect(notificationMessage(data(anonymous))).toBe('익명의 회원이 회원님의 글에 댓글을 남겼어요.');
    expect(notificationMessage(data({ ...anonymous, target: 'comment' }))).toBe('익명의 회원이 회원님의 댓글에 답글을 남겼어요.');
    expect(notificationMessage(data({ ...anonymous, reaction_type: 'like', reaction_type_text: '좋아요' }))).toBe(
      "익명의 회원이 회원님의 글에 '좋아요' 반응을 남겼어요.",
    );
    expect(notificationMessage(data({ ...anonymous, is_mention: true }))).toBe('익명의 회원이 댓글에서 회원님을 언급했어요.');
  });

  it('speaks of a deleted member as 탈퇴한 회원', () => {
    expect(notificationMessage(data({ nickname: '탈퇴한 회원', profile_image: null }))).toBe('탈퇴한 회원이 회원님의 글에 댓글을 남겼어요.');
  });

  it('announces a coupon without an actor', () => {
    expect(notificationMessage(data({ target: 'coupon', nickname: null, title: '신규 가입 10% 할인', id: null }))).toBe('쿠폰이 도착했어요.');
  });
});

describe('notificationImage: the picture beside an item', () => {
  it('is the actor’s picture', () => {
    expect(notificationImage(data())).toBe('/uploads/avatars/slow.webp');
  });

  it('is the default (null) for an anonymous actor even if a picture came along, for a coupon, or without a picture', () => {
    expect(notificationImage(data({ nickname: null }))).toBeNull();
    expect(notificationImage(data({ target: 'coupon' }))).toBeNull();
    expect(notificationImage(data({ profile_image: null }))).toBeNull();
    expect(notificationImage(data({ profile_image: '' }))).toBeNull();
  });
});

describe('the list', () => {
  it('says 알림 내역이 없습니다 when empty', () => {
    expect(EMPTY_NOTIFICATIONS_TEXT).toBe('알림 내역이 없습니다');
  });

  it('is unread while read_at is empty', () => {
    expect(isUnread(item(1))).toBe(true);
    expect(isUnread(item(1, '2026-11-20T03:01:00.000000Z'))).toBe(false);
  });

  it('marks one unread item read and leaves the others, and a read time, alone', () => {
    const items = [item(3), item(2, '2026-11-19T00:00:00.000000Z'), item(1)];
    const after = markedRead(items, 3, '2026-11-20T04:00:00.000Z');
    expect(after.map((each) => each.read_at)).toEqual(['2026-11-20T04:00:00.000Z', '2026-11-19T00:00:00.000000Z', null]);
    expect(markedRead(items, 2, 'later')[1]?.read_at).toBe('2026-11-19T00:00:00.000000Z');
  });
});
