import { isApiError } from '../lib/api-errors.ts';
import { quietApi } from '../lib/browser-api.ts';
import { NOTIFICATION_POLL_MS } from '../lib/constants.ts';
import { createNotificationDot } from '../lib/notification-poll.ts';
import type { VisibilitySource } from '../lib/notification-poll.ts';
import { notificationsApi } from '../lib/notifications.ts';
import type { NewNotificationAnswer } from '../lib/notifications.ts';

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
  // Quiet: a poll that fails in the background must not raise an alert every 30 seconds.
  fetchLatest: () => quietApi.get<NewNotificationAnswer>(notificationsApi.latest),
  intervalMs: NOTIFICATION_POLL_MS,
  isFinal: (error) => isApiError(error) && error.status === UNAUTHENTICATED,
  visibility: typeof document === 'undefined' ? serverVisibility : document,
});
