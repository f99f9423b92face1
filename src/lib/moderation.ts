/** What members read in place of a post's or comment's words once staff have hidden it. */
export const HIDDEN_CONTENT_TEXT = '운영 정책에 따라 가려진 게시물입니다';

/** Editing a hidden post would overwrite what staff may restore. */
export const HIDDEN_EDIT_MESSAGE = '운영 정책에 따라 가려진 글이나 댓글은 고칠 수 없어요.';

export const REPORT_REASON_LABELS = {
  spam: '스팸·광고',
  abuse: '욕설·비방',
  obscene: '음란물',
  privacy: '개인정보 노출',
  other: '기타',
} as const;
