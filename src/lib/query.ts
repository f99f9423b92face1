import { nanoquery } from '@nanostores/query';
import type { CommonSettings, FetcherStore, FetcherValue, KeyInput, OnErrorRetry } from '@nanostores/query';
import { onMount } from 'nanostores';
import { isApiError, NETWORK_ERROR_STATUS } from './api-errors.ts';
import { DEDUPE_MS, ERROR_RETRY_MS, FOCUS_THROTTLE_MS } from './constants.ts';

/** The api client's `get`: the key parts of a store, joined, are the URL. */
export type QueryGet = (url: string) => Promise<unknown>;

export interface QueryContextOptions {
  /** Where `focus` and `visibilitychange` arrive; the window by default. */
  focusTarget?: EventTarget;
  isVisible?: () => boolean;
}

const MAX_RETRY_DELAY_MS = 5 * 60_000;
const FOCUS_EVENTS = ['focus', 'visibilitychange'] as const;

// Only failures that may heal by themselves are worth another try; a 403 would alert again.
const isRetryable = (error: unknown): boolean => {
  if (!isApiError(error)) return true;
  const { status } = error;
  return status === NETWORK_ERROR_STATUS || status === 408 || status === 429 || status >= 500;
};

/** First retry after 5 s, then doubling, so a server that stays down is not hammered. */
export const retryOnError: OnErrorRetry = ({ error, retryCount }) =>
  isRetryable(error)
    ? Math.min(ERROR_RETRY_MS * 2 ** Math.max(retryCount - 1, 0), MAX_RETRY_DELAY_MS)
    : false;

const defaultFocusTarget = (): EventTarget | undefined =>
  typeof window === 'undefined' ? undefined : window;

const documentIsVisible = (): boolean =>
  typeof document === 'undefined' || document.visibilityState !== 'hidden';

const noop = (): void => undefined;

export const createQueryContext = (get: QueryGet, options: QueryContextOptions = {}) => {
  const { focusTarget = defaultFocusTarget(), isVisible = documentIsVisible } = options;

  // nanoquery's own focus revalidation has no throttle, so it stays off and is done below.
  const [createNanoStore, createMutatorStore, utils] = nanoquery({
    fetcher: (...keyParts) => get(keyParts.join('')),
    dedupeTime: DEDUPE_MS,
    revalidateOnFocus: false,
    onErrorRetry: retryOnError,
  });

  const focusRevalidated = new Set<FetcherStore>();
  let lastFocusRevalidation = Number.NEGATIVE_INFINITY;

  const revalidateOnFocus = (): void => {
    if (!isVisible()) return;
    const now = Date.now();
    if (now - lastFocusRevalidation < FOCUS_THROTTLE_MS) return;
    lastFocusRevalidation = now;
    // A new listener makes nanoquery fetch again unless the data is younger than the dedupe time.
    for (const store of focusRevalidated) store.listen(noop)();
  };

  for (const type of FOCUS_EVENTS) focusTarget?.addEventListener(type, revalidateOnFocus);

  const createFetcherStore = <T = unknown, E = unknown>(
    keyInput: KeyInput,
    settings: CommonSettings<T> = {},
  ): FetcherStore<T, E> => {
    const store = createNanoStore<T, E>(keyInput, { ...settings, revalidateOnFocus: false });
    if (settings.revalidateOnFocus ?? true) {
      onMount(store, () => {
        focusRevalidated.add(store);
        return () => focusRevalidated.delete(store);
      });
    }
    return store;
  };

  return [createFetcherStore, createMutatorStore, utils] as const;
};

export type Answer<T> = { data: T } | { error: unknown };

const settled = <T>({ data, error, loading }: FetcherValue<T, unknown>): Answer<T> | null => {
  if (loading) return null;
  if (error !== undefined) return { error };
  return data === undefined ? null : { data };
};

/**
 * A store's next answer that is not a revalidation under way: the cache within the dedupe time,
 * else the server's. For a one-off read (a list shown in a modal) that must not show data older
 * than that, as a fetcher store's own `fetch()` would while it revalidates.
 */
export const freshAnswer = <T>(store: FetcherStore<T, unknown>): Promise<Answer<T>> =>
  new Promise((resolve) => {
    let answered = false;
    // The store may answer from its cache while `listen` is still running, before `stop` is set.
    const stop = store.listen((value) => {
      const answer = settled(value);
      if (answered || !answer) return;
      answered = true;
      resolve(answer);
      queueMicrotask(() => stop());
    });
  });
