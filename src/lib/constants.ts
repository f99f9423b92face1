// Business constants of SPEC section 9 that the browser code needs.

export const DEDUPE_MS = 2000;
export const FOCUS_THROTTLE_MS = 5000;
export const ERROR_RETRY_MS = 5000;
export const NOTIFICATION_POLL_MS = 30_000;
export const TOP_BAR_HIDE_THRESHOLD_PX = 10;
export const TIME_ZONE = 'Asia/Seoul';
