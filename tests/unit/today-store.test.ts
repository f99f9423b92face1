import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import type { QueuedCheckIn } from '../../src/lib/offline-outbox.ts';
import { stubFrames } from '../helpers/frames.ts';

// The page's side of an offline check-in, with the network and IndexedDB replaced at their modules.
const sent = vi.hoisted(() => ({ answers: [] as Array<() => Promise<unknown>>, calls: [] as string[], bodies: [] as unknown[] }));
const held = vi.hoisted(() => new Map<string, unknown>());

vi.mock('../../src/lib/api/today.ts', () => ({
  sendCheckIn: (_roomId: number, body: unknown, key: string) => {
    sent.calls.push(key);
    sent.bodies.push(body);
    const next = sent.answers.shift();
    return next ? next() : Promise.reject(new Error('no answer set'));
  },
}));
vi.mock('../../src/lib/offline-outbox.ts', () => ({
  queueCheckIn: async (entry: QueuedCheckIn) => void held.set(entry.key, entry),
  queuedCheckIns: async (userId: number) => [...held.values()].filter((entry) => (entry as QueuedCheckIn).userId === userId),
  forgetCheckIn: async (key: string) => void held.delete(key),
}));
vi.mock('../../src/stores/record-outbox.ts', () => ({
  flushQueuedRecords: async () => [],
  queuedRecordCounts: async () => new Map(),
}));
vi.mock('../../src/lib/background-sync.ts', () => ({ askForBackgroundSync: () => undefined }));

const { $checkIns, checkInToday, startToday } = await import('../../src/stores/today.ts');

const MEMBER = 7;
const ROOM = 31;
const entry: QueuedCheckIn = { key: 'key-1', userId: MEMBER, roomId: ROOM, body: { checked_in_at: '2026-11-29T14:50:00.000Z' } };
const busy = () => Promise.reject(new ApiError(409, '같은 요청을 처리하고 있어요.'));
const created = () => Promise.resolve({ created: true });

/** The page as the browser has it on reconnect: online, with the member's queue marked in localStorage. */
function stubPage(): void {
  const items = new Map<string, string>([[`ritual-outbox:${MEMBER}`, '1']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('window', new EventTarget());
}

const room = { ritual_session_id: ROOM, checked_in_today: false } as Parameters<typeof startToday>[1][number];
const stateOf = () => $checkIns.get()[String(ROOM)]?.state;

beforeEach(() => {
  vi.useFakeTimers();
  stubPage();
  held.clear();
  held.set(entry.key, entry);
  sent.answers.length = 0;
  sent.calls.length = 0;
  sent.bodies.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a queued check-in the service worker is sending at the same moment', () => {
  it('is asked for again shortly after a 409, under the same key, and then shows as done', async () => {
    sent.answers.push(busy, created);
    const stop = startToday(MEMBER, [room]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf()).toBe('queued');
    expect(held.has(entry.key)).toBe(true);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.calls).toEqual([entry.key, entry.key]);
    expect(stateOf()).toBe('done');
    expect(held.size).toBe(0);
    stop();
  });

  it('stops asking after three more tries and stays queued for the next reconnect', async () => {
    sent.answers.push(busy, busy, busy, busy, created);
    const stop = startToday(MEMBER, [room]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent.calls).toHaveLength(4);
    expect(stateOf()).toBe('queued');
    expect(held.has(entry.key)).toBe(true);
    stop();
  });

  it('is not asked again when it was kept for another reason (no connection)', async () => {
    sent.answers.push(() => Promise.reject(new ApiError(0, '인터넷 연결을 확인해 주세요.')), created);
    const stop = startToday(MEMBER, [room]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent.calls).toHaveLength(1);
    expect(stateOf()).toBe('queued');
    stop();
  });
});

describe('a tap on 체크인하기', () => {
  it('shows 체크인하는 중 first and sends after the next frame, timed at the tap', async () => {
    held.clear();
    const frames = stubFrames();
    const stop = startToday(MEMBER, [room]);
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(new Date('2026-11-29T14:50:00.000Z'));
    sent.answers.push(created);
    const tap = checkInToday(ROOM, { check_in_text_id: 3 });
    expect(stateOf()).toBe('sending');
    vi.setSystemTime(new Date('2026-11-29T14:50:00.040Z'));
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.calls).toEqual([]);

    frames.paint();
    await vi.advanceTimersByTimeAsync(0);
    await tap;
    expect(sent.bodies).toEqual([{ check_in_text_id: 3, checked_in_at: '2026-11-29T14:50:00.000Z' }]);
    expect(stateOf()).toBe('done');
    stop();
  });

  it('is sent once however often the busy button is tapped again', async () => {
    held.clear();
    const frames = stubFrames();
    const stop = startToday(MEMBER, [room]);
    await vi.advanceTimersByTimeAsync(0);
    sent.answers.push(created, created);
    const first = checkInToday(ROOM, {});
    const again = [checkInToday(ROOM, {}), checkInToday(ROOM, {})];
    frames.paint();
    await vi.advanceTimersByTimeAsync(0);
    await Promise.all([first, ...again]);
    expect(sent.calls).toHaveLength(1);
    expect(stateOf()).toBe('done');
    stop();
  });
});
