import { beforeEach, expect, it, vi } from 'vitest';
import { sampleNotification } from '../helpers/contract-samples.ts';

const quietApi = vi.hoisted(() => Object.assign(vi.fn(() => Promise.resolve()), { get: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ quietApi }));

const { createNotificationList } = await import('../../src/stores/notification-list.ts');

const item = sampleNotification;

beforeEach(() => {
  quietApi.mockClear();
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
