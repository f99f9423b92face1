import { beforeEach, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../src/lib/notifications.ts';

const quietApi = vi.hoisted(() => Object.assign(vi.fn(() => Promise.resolve()), { get: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ quietApi }));

const { createNotificationList } = await import('../../src/stores/notification-list.ts');

const item = (id: number, readAt: string | null): NotificationItem => ({
  id,
  read_at: readAt,
  created_at: '2026-11-20T00:00:00.000000Z',
  data: {
    title: '새벽 독서',
    link: null,
    target: 'post',
    nickname: '느린걸음',
    is_mention: false,
    reaction_type: null,
    reaction_type_text: null,
    profile_image: null,
    ritual_session_id: null,
    ritual_session_thread_id: null,
    square_post_category_slug: 'daily',
    id: 42,
  },
});

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
