import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '../../src/lib/api-errors.ts';
import {
  DEDUPE_MS,
  ERROR_RETRY_MS,
  FOCUS_THROTTLE_MS,
  NOTIFICATION_POLL_MS,
  TIME_ZONE,
  TOP_BAR_HIDE_THRESHOLD_PX,
} from '../../src/lib/constants.ts';
import { createQueryContext, freshAnswer, retryOnError } from '../../src/lib/query.ts';
import type { QueryGet } from '../../src/lib/query.ts';

interface Setup {
  get: ReturnType<typeof vi.fn<QueryGet>>;
  focus: EventTarget;
  visible: { value: boolean };
  context: ReturnType<typeof createQueryContext>;
}

const setup = (answer: QueryGet = (url) => Promise.resolve({ url })): Setup => {
  const get = vi.fn<QueryGet>(answer);
  const focus = new EventTarget();
  const visible = { value: true };
  const context = createQueryContext(get, { focusTarget: focus, isVisible: () => visible.value });
  return { get, focus, visible, context };
};

const noop = (): void => undefined;

const flush = (ms = 0): Promise<void> => vi.advanceTimersByTimeAsync(ms).then(() => undefined);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('constants', () => {
  it('hold the values of the specification', () => {
    expect([DEDUPE_MS, FOCUS_THROTTLE_MS, ERROR_RETRY_MS]).toEqual([2000, 5000, 5000]);
    expect(NOTIFICATION_POLL_MS).toBe(30_000);
    expect(TOP_BAR_HIDE_THRESHOLD_PX).toBe(10);
    expect(TIME_ZONE).toBe('Asia/Seoul');
  });
});

describe('fetcher', () => {
  it('gets the URL made of the joined key parts and stores the body', async () => {
    const { get, context } = setup();
    const [createFetcherStore] = context;
    const $ritual = createFetcherStore<{ url: string }>([
      '/api/rituals/',
      5,
      '?ritualSessionId=',
      7,
    ]);
    const off = $ritual.listen(noop);
    await flush();
    expect(get).toHaveBeenCalledWith('/api/rituals/5?ritualSessionId=7');
    expect($ritual.get().data).toEqual({ url: '/api/rituals/5?ritualSessionId=7' });
    off();
  });
});

describe('deduplication', () => {
  it('asks once for the same key within 2 s, and again after', async () => {
    const { get, context } = setup();
    const [createFetcherStore] = context;
    const offA = createFetcherStore('/api/badges').listen(noop);
    const offB = createFetcherStore('/api/badges').listen(noop);
    await flush();
    expect(get).toHaveBeenCalledTimes(1);

    await flush(DEDUPE_MS - 10);
    const offC = createFetcherStore('/api/badges').listen(noop);
    await flush();
    expect(get).toHaveBeenCalledTimes(1);

    await flush(10);
    const offD = createFetcherStore('/api/badges').listen(noop);
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
    for (const off of [offA, offB, offC, offD]) off();
  });
});

describe('focus revalidation', () => {
  it('revalidates on focus at most once every 5 s', async () => {
    const { get, focus, context } = setup();
    const [createFetcherStore] = context;
    const off = createFetcherStore('/api/me').listen(noop);
    await flush(DEDUPE_MS);
    expect(get).toHaveBeenCalledTimes(1);

    focus.dispatchEvent(new Event('focus'));
    await flush();
    expect(get).toHaveBeenCalledTimes(2);

    // Past the dedupe time but within the throttle: still no new request.
    await flush(FOCUS_THROTTLE_MS - 1000);
    focus.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(get).toHaveBeenCalledTimes(2);

    await flush(1000);
    focus.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(get).toHaveBeenCalledTimes(3);
    off();
  });

  it('does not refetch data younger than the dedupe time on focus', async () => {
    const { get, focus, context } = setup();
    const [createFetcherStore] = context;
    const off = createFetcherStore('/api/me').listen(noop);
    await flush(DEDUPE_MS - 500);
    focus.dispatchEvent(new Event('focus'));
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    off();
  });

  it('ignores a hidden page', async () => {
    const { get, focus, visible, context } = setup();
    const [createFetcherStore] = context;
    const off = createFetcherStore('/api/me').listen(noop);
    await flush(DEDUPE_MS);
    visible.value = false;
    focus.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    off();
  });

  it('leaves out stores created with revalidateOnFocus false', async () => {
    const { get, focus, context } = setup();
    const [createFetcherStore] = context;
    const off = createFetcherStore('/api/cart-items/count', { revalidateOnFocus: false }).listen(
      noop,
    );
    await flush(DEDUPE_MS);
    focus.dispatchEvent(new Event('focus'));
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    off();
  });

  it('leaves out stores nobody listens to any more', async () => {
    const { get, focus, context } = setup();
    const [createFetcherStore] = context;
    const off = createFetcherStore('/api/me').listen(noop);
    await flush();
    off();
    // nanostores unmounts a store one second after its last listener leaves.
    await flush(DEDUPE_MS);
    focus.dispatchEvent(new Event('focus'));
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('error retry', () => {
  it('tries a failed request again after 5 s', async () => {
    let calls = 0;
    const { get, context } = setup(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new ApiError(503, 'Service Unavailable'))
        : Promise.resolve({ ok: true });
    });
    const [createFetcherStore] = context;
    const $store = createFetcherStore('/api/notices');
    const off = $store.listen(noop);
    await flush();
    expect($store.get().error).toBeInstanceOf(ApiError);

    await flush(ERROR_RETRY_MS - 1);
    expect(get).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(get).toHaveBeenCalledTimes(2);
    expect($store.get().data).toEqual({ ok: true });
    off();
  });

  it('does not try again a request the server refused for good', async () => {
    const { get, context } = setup(() => Promise.reject(new ApiError(404, 'Not Found.')));
    const [createFetcherStore] = context;
    const off = createFetcherStore('/api/notices/9').listen(noop);
    await flush(ERROR_RETRY_MS * 10);
    expect(get).toHaveBeenCalledTimes(1);
    off();
  });

  it('waits longer after each failure in a row', () => {
    const error = new ApiError(500, 'Server Error');
    const delays = [1, 2, 3].map((retryCount) => retryOnError({ error, key: 'k', retryCount }));
    expect(delays).toEqual([ERROR_RETRY_MS, 2 * ERROR_RETRY_MS, 4 * ERROR_RETRY_MS]);
    expect(retryOnError({ error, key: 'k', retryCount: 30 })).toBe(5 * 60_000);
  });

  it.each([NETWORK_ERROR_STATUS, 408, 429, 500, 502])('retries status %i', (status) => {
    const error = new ApiError(status, '');
    expect(retryOnError({ error, key: 'k', retryCount: 1 })).toBe(ERROR_RETRY_MS);
  });

  it.each([401, 403, 404, 409, 419, 422])('does not retry status %i', (status) => {
    const error = new ApiError(status, '');
    expect(retryOnError({ error, key: 'k', retryCount: 1 })).toBe(false);
  });
});

describe('mutator store', () => {
  it('runs the mutation and revalidates the keys it names', async () => {
    const { get, context } = setup();
    const [createFetcherStore, createMutatorStore] = context;
    const off = createFetcherStore('/api/cart-items').listen(noop);
    await flush();
    const $add = createMutatorStore<number, string>(({ data, revalidate }) => {
      revalidate('/api/cart-items');
      return Promise.resolve(`added ${data}`);
    });
    await expect($add.mutate(3)).resolves.toBe('added 3');
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
    off();
  });
});

describe('fresh answer', () => {
  it('answers from the cache within the dedupe time, and waits for the server after it', async () => {
    let version = 0;
    const { get, context } = setup(() => Promise.resolve({ version: (version += 1) }));
    const [createFetcherStore] = context;
    await expect(freshAnswer(createFetcherStore('/api/reactions/users?model_id=1'))).resolves.toEqual({ data: { version: 1 } });
    await expect(freshAnswer(createFetcherStore('/api/reactions/users?model_id=1'))).resolves.toEqual({ data: { version: 1 } });
    expect(get).toHaveBeenCalledTimes(1);

    await flush(DEDUPE_MS);
    // Not the cached version 1 that a fetcher store shows while it revalidates.
    const answer = freshAnswer(createFetcherStore('/api/reactions/users?model_id=1'));
    await flush();
    await expect(answer).resolves.toEqual({ data: { version: 2 } });
  });

  it('answers a failure as an error', async () => {
    const failure = new ApiError(404, 'Not Found.');
    const { context } = setup(() => Promise.reject(failure));
    const [createFetcherStore] = context;
    const answer = freshAnswer(createFetcherStore('/api/reactions/users?model_id=2'));
    await flush();
    await expect(answer).resolves.toEqual({ error: failure });
  });
});
