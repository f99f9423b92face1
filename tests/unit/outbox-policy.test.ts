import { afterEach, describe, expect, it, vi } from 'vitest';
import { markEmpty, markQueued, mayHoldQueued, retryLater, worthRetrying } from '../../src/lib/outbox-policy.ts';
import { ApiError } from '../../src/lib/api-errors.ts';

/** A page's localStorage, as far as the mark uses it. */
function fakeStorage(): Map<string, string> & { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void } {
  const items = new Map<string, string>();
  return Object.assign(items, {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the mark that lets a page skip the outbox', () => {
  it('says a member holds nothing until something is queued, and again once the queue is found empty', () => {
    vi.stubGlobal('localStorage', fakeStorage());
    expect(mayHoldQueued(7)).toBe(false);
    markQueued(7);
    expect(mayHoldQueued(7)).toBe(true);
    markEmpty(7);
    expect(mayHoldQueued(7)).toBe(false);
  });

  it('is per account: one member queueing does not load the outbox for another', () => {
    vi.stubGlobal('localStorage', fakeStorage());
    markQueued(7);
    expect(mayHoldQueued(8)).toBe(false);
    markEmpty(8);
    expect(mayHoldQueued(7)).toBe(true);
  });

  it('assumes something may be queued when there is no storage to ask, or it refuses', () => {
    expect(mayHoldQueued(7)).toBe(true);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(() => markQueued(7)).not.toThrow();
    expect(mayHoldQueued(7)).toBe(true);
  });
});

describe('what is kept for another try', () => {
  it('keeps what met no answer, a busy key, a signed-out moment, a limit or a server fault', () => {
    for (const status of [0, 401, 409, 429, 500, 503]) expect(retryLater(status)).toBe(true);
    expect(worthRetrying(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('drops what the server refused for good', () => {
    for (const status of [400, 403, 404, 410, 422]) expect(retryLater(status)).toBe(false);
    expect(worthRetrying(new ApiError(422, 'checked_in_at'))).toBe(false);
  });
});
