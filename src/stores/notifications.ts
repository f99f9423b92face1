import { isApiError } from '../lib/api-errors.ts';
import { NOTIFICATION_POLL_MS } from '../lib/constants.ts';
import { createNotificationDot } from '../lib/notification-poll.ts';
import type { VisibilitySource } from '../lib/notification-poll.ts';
import { latestNotification } from '../lib/api/notifications.ts';

const UNAUTHENTICATED = 401;

// On the server (an island's first render) there is no document: a page that never shows.
const serverVisibility: VisibilitySource = {
  visibilityState: 'hidden',
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};

/**
 * The bell's dot and its 30-second poll of `GET /api/notifications/new`, shared by whatever shows
 * the bell. Only a member's bell starts the poll; the server never does (it would leak one
 * member's dot to another).
 */
export const {
  $dot: $notificationDot,
  start: startNotificationPoll,
  dismiss: dismissNotificationDot,
} = createNotificationDot({
  fetchLatest: latestNotification,
  intervalMs: NOTIFICATION_POLL_MS,
  isFinal: (error) => isApiError(error) && error.status === UNAUTHENTICATED,
  visibility: typeof document === 'undefined' ? serverVisibility : document,
});
