/** What the unsubscribe page and its POST say; the page renders them, the API answers with them. */
export const UNSUBSCRIBE_MESSAGES = {
  missing: '수신 거부 링크에 필요한 정보가 빠져 있어요. 받은 메일의 링크를 다시 눌러 주세요.',
  invalid: '수신 거부 링크가 올바르지 않아요. 받은 메일의 링크를 다시 눌러 주세요.',
} as const;
