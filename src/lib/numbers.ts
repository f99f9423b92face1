// `toLocaleString('ko-KR')` builds a formatter on every call; lists format many numbers per page.
const KOREAN_COUNT = new Intl.NumberFormat('ko-KR');

/** `1,234`, as Korean pages write counts. */
export const formatCount = (value: number): string => KOREAN_COUNT.format(value);

/** `39,000원`, as the design writes prices. */
export const formatWon = (value: number): string => `${formatCount(value)}원`;
