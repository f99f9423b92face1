import { atom } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import type { NewNotificationAnswer } from './notifications.ts';

/**
 * The bell's dot (SPEC §4): on when `GET /api/notifications/new` answers with data, off when it
 * answers null or when the bell is clicked. The poll asks every `intervalMs` while the page is
 * visible; a hidden tab asks nothing, and on showing again it asks at once if a poll fell due
 * meanwhile. No I/O of its own: the caller passes the request (src/stores/notifications.ts).
 */

export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface NotificationPollOptions {
  fetchLatest: () => Promise<NewNotificationAnswer>;
  intervalMs: number;
  visibility: VisibilitySource;
  /** A failure after which asking again is pointless (the session ended: 401). */
  isFinal?: (error: unknown) => boolean;
  now?: () => number;
}

export interface NotificationDot {
  $dot: ReadableAtom<boolean>;
  /** Starts polling (asking at once when visible); returns the function that stops it. Idempotent. */
  start: () => () => void;
  /** The bell was clicked: the dot goes off and stays off until a newer notification arrives. */
  dismiss: () => void;
}

export function createNotificationDot({
  fetchLatest,
  intervalMs,
  visibility,
  isFinal = () => false,
  now = Date.now,
}: NotificationPollOptions): NotificationDot {
  const $dot = atom(false);
  // The newest notification the poll reported, and the newest the member has already dismissed:
  // an answer still naming the dismissed one (its list not read yet) must not light the dot again.
  let latestId = 0;
  let dismissedId = 0;
  // Bumped on dismissal, so an answer already on its way when the bell was clicked is ignored.
  let generation = 0;

  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let lastAsked = Number.NEGATIVE_INFINITY;

  const hidden = (): boolean => visibility.visibilityState === 'hidden';

  const clear = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (delay: number): void => {
    clear();
    if (!running || hidden()) return;
    timer = setTimeout(() => void ask(), Math.max(delay, 0));
  };

  const ask = async (): Promise<void> => {
    clear();
    if (!running || inFlight) return;
    inFlight = true;
    lastAsked = now();
    const asked = generation;
    try {
      const { data } = await fetchLatest();
      if (running && asked === generation) {
        if (data === null) {
          $dot.set(false);
        } else {
          latestId = Math.max(latestId, data.id);
          $dot.set(data.id > dismissedId);
        }
      }
    } catch (error) {
      // A failed poll changes nothing; the next one asks again, unless the session is gone.
      if (isFinal(error)) {
        $dot.set(false);
        stop();
      }
    } finally {
      inFlight = false;
      schedule(intervalMs);
    }
  };

  const onVisibilityChange = (): void => {
    if (!running) return;
    if (hidden()) {
      clear();
      return;
    }
    if (inFlight || timer !== undefined) return;
    // Catch up at once when a poll fell due while hidden; otherwise keep the rhythm.
    const due = lastAsked + intervalMs - now();
    if (due <= 0) void ask();
    else schedule(due);
  };

  const stop = (): void => {
    if (!running) return;
    running = false;
    clear();
    visibility.removeEventListener('visibilitychange', onVisibilityChange);
  };

  const start = (): (() => void) => {
    if (running) return stop;
    running = true;
    visibility.addEventListener('visibilitychange', onVisibilityChange);
    if (!hidden()) void ask();
    return stop;
  };

  const dismiss = (): void => {
    generation += 1;
    dismissedId = Math.max(dismissedId, latestId);
    $dot.set(false);
  };

  return { $dot, start, dismiss };
}
