import { POST_CONTENT_MAX } from './square-rules.ts';

/** A room post's or thread's limits and messages: the server's schema validates with them and the composer shows them. */

export const ROOM_TITLE_MAX = 100;

export const ROOM_POST_MESSAGES = {
  category: '글의 종류를 선택해 주세요.',
  title: '제목을 입력해 주세요.',
  titleTooLong: `제목은 ${ROOM_TITLE_MAX}자 이하로 입력해 주세요.`,
  content: '내용을 입력해 주세요.',
  contentTooLong: `내용이 너무 길어요. ${POST_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 줄여 주세요.`,
  notFound: '글을 찾을 수 없어요.',
  threadNotFound: '스레드를 찾을 수 없어요.',
  noticeLeadersOnly: '공지는 리추얼 호스트와 운영진만 올릴 수 있어요.',
  notMine: '내가 쓴 글만 고치거나 지울 수 있어요.',
  notStarted: '리추얼이 시작되면 글을 쓸 수 있어요.',
  closed: '리추얼이 끝나고 7일이 지나 더 이상 글을 쓸 수 없어요.',
  notPublic: '공개된 글이 아니에요.',
  tab: '탭은 check 또는 notice로 보내 주세요.',
  cursor: '목록 위치가 올바르지 않아요. 처음부터 다시 불러와 주세요.',
} as const;
