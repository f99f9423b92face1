/**
 * The square composer's and unlock form's limits and messages: the server's schema validates
 * with them and the islands show them, one source for both sides.
 */

export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MAX = 50_000;
export const POST_PASSWORD_MIN = 4;
export const POST_PASSWORD_MAX = 20;
/** A category's password may be longer than a post's (the console allows 100). */
export const UNLOCK_PASSWORD_MAX = 100;

const waitOf = (seconds: number) => (seconds <= 3600 ? `${Math.ceil(seconds / 60)}분` : `${Math.ceil(seconds / 3600)}시간`);

export const SQUARE_MESSAGES = {
  category: '게시판을 선택해 주세요.',
  unknownCategory: '게시판을 찾을 수 없어요.',
  title: '제목을 입력해 주세요.',
  titleTooLong: `제목은 ${POST_TITLE_MAX}자 이하로 입력해 주세요.`,
  content: '내용을 입력해 주세요.',
  contentTooLong: `내용이 너무 길어요. ${POST_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 줄여 주세요.`,
  password: `비밀번호는 ${POST_PASSWORD_MIN}~${POST_PASSWORD_MAX}자로 입력해 주세요.`,
  passwordRequired: '비밀번호를 입력해 주세요.',
  // Told before asking: no category's or post's password is shorter, and a wrong try counts against the visitor.
  passwordTooShort: `비밀번호를 ${POST_PASSWORD_MIN}자 이상 입력해 주세요.`,
  wrongPassword: '비밀번호가 맞지 않아요.',
  noAnonymous: '이 게시판에서는 익명으로 글을 쓸 수 없어요.',
  noticeStaffOnly: '공지는 운영진만 등록할 수 있어요.',
  notFound: '게시글을 찾을 수 없어요.',
  notMine: '내가 쓴 글만 수정하거나 삭제할 수 있어요.',
  lockedCategory: '비밀번호를 입력해야 볼 수 있는 게시판이에요.',
  lockedPost: '비밀번호를 입력해야 볼 수 있는 글이에요.',
  cursor: '목록 위치가 올바르지 않아요. 처음부터 다시 불러와 주세요.',
  userNotFound: '회원을 찾을 수 없어요.',
  unlockTooManyTries: (seconds: number) => `비밀번호를 여러 번 잘못 입력했어요. ${waitOf(seconds)} 후에 다시 시도해 주세요.`,
  unlockCoolingDown: (seconds: number) =>
    `이 비밀번호에 잘못된 시도가 많아 ${waitOf(seconds)} 동안은 로그인한 회원만 확인할 수 있어요. 로그인한 뒤 다시 시도해 주세요.`,
} as const;
