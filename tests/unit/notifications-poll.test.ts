import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import { NOTIFICATION_POLL_MS } from '../../src/lib/constants.ts';
import { createNotificationDot } from '../../src/lib/notification-poll.ts';
import type { VisibilitySource } from '../../src/lib/notification-poll.ts';
import type { NewNotificationAnswer } from '../../src/lib/notifications.ts';

class FakeDocument extends EventTarget implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';

  show(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const unread = (id: number): NewNotificationAnswer => ({ data: { id, created_at: '2026-11-20T03:00:00.000000Z' } });
const none: NewNotificationAnswer = { data: null };

/** A server whose answer the test sets, counting the questions. */
function setup(first: NewNotificationAnswer = none) {
  let answer: NewNotificationAnswer | Error = first;
  const fetchLatest = vi.fn(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)));
  const visibility = new FakeDocument();
  const dot = createNotificationDot({
    fetchLatest,
    intervalMs: NOTIFICATION_POLL_MS,
    visibility,
    isFinal: (error) => error instanceof ApiError && error.status === 401,
  });
  return {
    ...dot,
    fetchLatest,
    visibility,
    answer: (next: NewNotificationAnswer | Error) => {
      answer = next;
    },
  };
}

const flush = (ms = 0): Promise<void> => vi.advanceTimersByTimeAsync(ms).then(() => undefined);

let stops: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  stops = [];
});

afterEach(() => {
  for (const stop of stops) stop();
  vi.useRealTimers();
});

describe('the dot', () => {
  it('is on when the poll answers with data and off when it answers null', async () => {
    const poll = setup(unread(5));
    stops.push(poll.start());
    await flush();
    expect(poll.fetchLatest).toHaveBeenCalledTimes(1);
    expect(poll.$dot.get()).toBe(true);

    poll.answer(none);
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.$dot.get()).toBe(false);
  });

  it('goes off when the bell is clicked and stays off for the same notification', async () => {
    const poll = setup(unread(5));
    stops.push(poll.start());
    await flush();
    poll.dismiss();
    expect(poll.$dot.get()).toBe(false);
    // The list has not marked it read yet: the next poll still names it.
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
    expect(poll.$dot.get()).toBe(false);
    // A newer one lights it again.
    poll.answer(unread(6));
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.$dot.get()).toBe(true);
  });

  it('ignores an answer that was on its way when the bell was clicked', async () => {
    let release: (answer: NewNotificationAnswer) => void = () => undefined;
    const visibility = new FakeDocument();
    const dot = createNotificationDot({
      fetchLatest: () => new Promise((resolve) => (release = resolve)),
      intervalMs: NOTIFICATION_POLL_MS,
      visibility,
    });
    stops.push(dot.start());
    dot.dismiss();
    release(unread(9));
    await flush();
    expect(dot.$dot.get()).toBe(false);
  });
});

describe('the poll', () => {
  it('asks at once, then every 30 seconds, and not in between', async () => {
    const poll = setup();
    stops.push(poll.start());
    await flush();
    expect(poll.fetchLatest).toHaveBeenCalledTimes(1);
    await flush(NOTIFICATION_POLL_MS - 1);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
    await flush(NOTIFICATION_POLL_MS * 3);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(5);
  });

  it('starts once however often it is started, and stops', async () => {
    const poll = setup();
    const stop = poll.start();
    poll.start();
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
    stop();
    await flush(NOTIFICATION_POLL_MS * 4);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
  });

  it('pauses while the tab is hidden and catches up at once when it shows again', async () => {
    const poll = setup();
    stops.push(poll.start());
    await flush();
    poll.visibility.show('hidden');
    await flush(NOTIFICATION_POLL_MS * 5);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(1);

    poll.answer(unread(3));
    poll.visibility.show('visible');
    await flush();
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
    expect(poll.$dot.get()).toBe(true);
    // Then the rhythm resumes from that question.
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(3);
  });

  it('keeps the rhythm when the tab was hidden for less than a poll', async () => {
    const poll = setup();
    stops.push(poll.start());
    await flush(10_000);
    poll.visibility.show('hidden');
    await flush(5_000);
    poll.visibility.show('visible');
    await flush();
    expect(poll.fetchLatest).toHaveBeenCalledTimes(1);
    await flush(NOTIFICATION_POLL_MS - 15_000);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
  });

  it('does not ask while the page starts hidden, and asks when it shows', async () => {
    const poll = setup();
    poll.visibility.visibilityState = 'hidden';
    stops.push(poll.start());
    await flush(NOTIFICATION_POLL_MS * 2);
    expect(poll.fetchLatest).not.toHaveBeenCalled();
    poll.visibility.show('visible');
    await flush();
    expect(poll.fetchLatest).toHaveBeenCalledTimes(1);
  });

  it('keeps polling after a failure, leaving the dot as it was', async () => {
    const poll = setup(unread(2));
    stops.push(poll.start());
    await flush();
    poll.answer(new ApiError(500, 'boom'));
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.$dot.get()).toBe(true);
    poll.answer(none);
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(3);
    expect(poll.$dot.get()).toBe(false);
  });

  it('stops for good once the session is gone (401)', async () => {
    const poll = setup(unread(2));
    stops.push(poll.start());
    await flush();
    poll.answer(new ApiError(401, 'Unauthenticated.'));
    await flush(NOTIFICATION_POLL_MS);
    expect(poll.$dot.get()).toBe(false);
    await flush(NOTIFICATION_POLL_MS * 3);
    expect(poll.fetchLatest).toHaveBeenCalledTimes(2);
  });
});
