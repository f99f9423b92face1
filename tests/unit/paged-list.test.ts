import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import { ERROR_RETRY_MS } from '../../src/lib/constants.ts';

const get = vi.hoisted(() => vi.fn<(url: string) => Promise<unknown>>());
vi.mock('../../src/lib/browser-api.ts', () => ({ quietApi: { get } }));

const { createPagedList } = await import('../../src/stores/paged-list.ts');

interface Item {
  id: number;
}

const page = (ids: number[], next: string | null) => ({ data: ids.map((id) => ({ id })), meta: { next_cursor: next } });
const flush = (ms = 0): Promise<void> => vi.advanceTimersByTimeAsync(ms).then(() => undefined);
const ids = (list: { $view: { get: () => { items: Item[] } } }): number[] => list.$view.get().items.map((item) => item.id);

let stops: Array<() => void> = [];
const started = <List extends { start: () => () => void }>(list: List): List => {
  stops.push(list.start());
  return list;
};

beforeEach(() => {
  vi.useFakeTimers();
  get.mockReset();
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
});

describe('a list continued from the server-rendered page', () => {
  it('asks for the page after the cursor, keeping the query, and appends it once', async () => {
    get.mockResolvedValueOnce(page([3, 4, 5], 'c2')).mockResolvedValueOnce(page([5, 6], null));
    const list = started(createPagedList<Item>({ path: '/api/a', query: { category: 'daily' }, initial: { items: [{ id: 1 }, { id: 2 }, { id: 3 }], next: 'c1' } }));
    expect(list.$view.get()).toMatchObject({ started: true, next: 'c1', loading: false });

    list.loadMore();
    await flush();
    expect(get).toHaveBeenLastCalledWith('/api/a?category=daily&cursor=c1');
    expect(ids(list)).toEqual([1, 2, 3, 4, 5]);

    list.loadMore();
    await flush();
    expect(get).toHaveBeenLastCalledWith('/api/a?category=daily&cursor=c2');
    expect(ids(list)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.$view.get().next).toBeNull();

    list.loadMore();
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while a page is on its way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const list = started(createPagedList<Item>({ path: '/api/b', initial: { items: [], next: 'c1' } }));
    list.loadMore();
    await flush();
    expect(list.$view.get().loading).toBe(true);
    list.loadMore();
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    answer(page([1], null));
    await flush();
    expect(list.$view.get()).toMatchObject({ loading: false, next: null });
  });

  it('changes items already shown', () => {
    const list = createPagedList<Item & { read: boolean }>({ path: '/api/c', initial: { items: [{ id: 1, read: false }], next: null } });
    list.update((items) => items.map((item) => ({ ...item, read: true })));
    expect(list.$view.get().items).toEqual([{ id: 1, read: true }]);
  });
});

describe('a list that asks for its first page', () => {
  it('is not started until the first page arrives, and reuses it within the dedupe time', async () => {
    get.mockResolvedValue(page([9, 8], 'n'));
    const first = started(createPagedList<Item>({ path: '/api/d' }));
    expect(first.$view.get()).toMatchObject({ started: false, items: [] });
    first.loadFirst();
    await flush();
    expect(get).toHaveBeenCalledWith('/api/d');
    expect(first.$view.get()).toMatchObject({ started: true, next: 'n' });
    expect(ids(first)).toEqual([9, 8]);

    // A dropdown opened again at once: a new list, the same answer.
    const again = started(createPagedList<Item>({ path: '/api/d' }));
    again.loadFirst();
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    expect(ids(again)).toEqual([9, 8]);
  });
});

describe('a page that fails', () => {
  it('is told, stops the list, and is asked again by retry', async () => {
    get.mockRejectedValueOnce(new ApiError(404, 'Not Found.')).mockResolvedValueOnce(page([2], null));
    const list = started(createPagedList<Item>({ path: '/api/e', initial: { items: [{ id: 1 }], next: 'c1' } }));
    list.loadMore();
    await flush();
    expect(list.$view.get().error).toBeInstanceOf(ApiError);
    list.loadMore();
    await flush(ERROR_RETRY_MS * 4);
    expect(get).toHaveBeenCalledTimes(1);

    list.retry();
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
    expect(list.$view.get()).toMatchObject({ error: undefined, next: null });
    expect(ids(list)).toEqual([1, 2]);
  });

  it('is asked again after 5 s when the failure may heal by itself', async () => {
    get.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable')).mockResolvedValueOnce(page([2], null));
    const list = started(createPagedList<Item>({ path: '/api/f', initial: { items: [{ id: 1 }], next: 'c1' } }));
    list.loadMore();
    await flush();
    expect(list.$view.get().error).toBeInstanceOf(ApiError);
    await flush(ERROR_RETRY_MS);
    expect(get).toHaveBeenCalledTimes(2);
    expect(ids(list)).toEqual([1, 2]);
  });
});
