/** A comment's limit and messages: the server's schema validates with them and the comment box shows them. */

export const COMMENT_CONTENT_MAX = 1000;

export const COMMENT_MESSAGES = {
  modelType: '지원하지 않는 대상이에요.',
  modelId: '댓글을 달 글을 선택해 주세요.',
  content: '댓글 내용을 입력해 주세요.',
  contentTooLong: `댓글은 ${COMMENT_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  parentMissing: '답글을 달 댓글을 찾을 수 없어요.',
  parentDeleted: '삭제된 댓글에는 답글을 달 수 없어요.',
  anonymousNotAllowed: '익명 댓글은 익명 글에만 쓸 수 있어요.',
  notFound: '댓글을 찾을 수 없어요.',
  notMine: '내가 쓴 댓글만 고치거나 지울 수 있어요.',
  unverified: '이메일 인증 후 댓글을 쓸 수 있어요.',
} as const;
