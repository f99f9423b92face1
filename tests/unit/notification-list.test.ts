import type { WritableAtom } from 'nanostores';
import { beforeEach, expect, it, vi } from 'vitest';
import { sampleNotification } from '../helpers/contract-samples.ts';

const quietApi = vi.hoisted(() => Object.assign(vi.fn(() => Promise.resolve()), { get: vi.fn() }));
const api = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ quietApi, api }));

const { createNotificationList } = await import('../../src/stores/notification-list.ts');
const { $notificationDot } = await import('../../src/stores/notifications.ts');

const item = sampleNotification;

beforeEach(() => {
  quietApi.mockClear();
  api.post.mockReset();
});

it('marks a followed unread item read, here at once and on the server with a request that outlives the page', () => {
  const list = createNotificationList({ items: [item(2, null), item(1, null)], next: null });
  list.follow(item(2, null));
  expect(quietApi).toHaveBeenCalledWith('/api/notifications/2/read', { method: 'POST', keepalive: true });
  const [followed, other] = list.$view.get().items;
  expect(followed?.read_at).not.toBeNull();
  expect(other?.read_at).toBeNull();
});

it('asks nothing for an item already read', () => {
  const list = createNotificationList({ items: [item(3, '2026-11-19T00:00:00.000000Z')], next: null });
  list.follow(item(3, '2026-11-19T00:00:00.000000Z'));
  expect(quietApi).not.toHaveBeenCalled();
});

it('모두 읽음 marks every item read at the server’s time, keeps the times of those read before, and puts the dot out', async () => {
  api.post.mockResolvedValue({ data: { read_count: 2, read_at: '2026-11-28T02:00:00.000000Z' } });
  // The poll would light it; here it is lit by hand (the store exposes it read-only).
  ($notificationDot as WritableAtom<boolean>).set(true);
  const list = createNotificationList({ items: [item(3, null), item(2, '2026-11-19T00:00:00.000000Z'), item(1, null)], next: 'more' });
  await list.readAll();
  expect(api.post).toHaveBeenCalledWith('/api/notifications/read-all');
  expect(list.$view.get().items.map((each) => each.read_at)).toEqual([
    '2026-11-28T02:00:00.000000Z',
    '2026-11-19T00:00:00.000000Z',
    '2026-11-28T02:00:00.000000Z',
  ]);
  expect(list.$readAll.get()).toEqual({ busy: false, done: true, error: undefined });
  expect($notificationDot.get()).toBe(false);
});

it('모두 읽음 that fails changes nothing and keeps why', async () => {
  const failure = new Error('offline');
  api.post.mockRejectedValue(failure);
  const list = createNotificationList({ items: [item(1, null)], next: null });
  await list.readAll();
  expect(list.$view.get().items[0]?.read_at).toBeNull();
  expect(list.$readAll.get()).toEqual({ busy: false, done: false, error: failure });
});
