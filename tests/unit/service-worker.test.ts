import { describe, expect, it } from 'vitest';
import { ACCOUNT_KEY, accountChanged, isPageNavigation, memberCaches, wantsWorker } from '../../src/lib/service-worker.ts';
import { clearMemberCaches, forgetOtherAccount, whenUpdateWaits } from '../../src/lib/service-worker-page.ts';
import { offlineEntry } from '../../src/integrations/service-worker.ts';

const ORIGIN = 'https://ritual.example';
const navigate = { mode: 'navigate', method: 'GET' };
const at = (path: string, origin = ORIGIN) => new URL(path, origin);

describe('which requests the service worker takes', () => {
  it('takes a navigation to one of the pages, with its query', () => {
    for (const path of ['/', '/today', '/square/free/12?from=home', '/mypage', '/login', '/offline']) {
      expect(isPageNavigation(navigate, at(path), ORIGIN), path).toBe(true);
    }
  });

  it('leaves the API, the legacy API, uploads, sign-in callbacks and probes to the browser', () => {
    for (const path of ['/api/me', '/api', '/api/me/exports/3/download', '/v1/main', '/uploads/a.webp', '/healthz', '/csrf-token', '/email/verify/1/abc', '/login/kakao', '/login/apple/callback']) {
      expect(isPageNavigation(navigate, at(path), ORIGIN), path).toBe(false);
    }
  });

  it('leaves requests that are not navigations, other methods and other origins alone', () => {
    expect(isPageNavigation({ mode: 'cors', method: 'GET' }, at('/today'), ORIGIN)).toBe(false);
    expect(isPageNavigation({ mode: 'no-cors', method: 'GET' }, at('/_astro/a.js'), ORIGIN)).toBe(false);
    expect(isPageNavigation({ mode: 'navigate', method: 'POST' }, at('/login/callback'), ORIGIN)).toBe(false);
    expect(isPageNavigation(navigate, at('/', 'https://pay.example'), ORIGIN)).toBe(false);
  });
});

describe('caches that could hold a member\'s data', () => {
  it('are every cache but the build\'s precache', () => {
    const names = ['ritual-precache-v2-https://ritual.example/', 'ritual-runtime-https://ritual.example/', 'drafts', 'serwist-precache-v2-x'];
    expect(memberCaches(names)).toEqual(['ritual-runtime-https://ritual.example/', 'drafts', 'serwist-precache-v2-x']);
  });

  it('are emptied, and only those', async () => {
    const names = new Set(['ritual-precache-v2-/', 'ritual-runtime-/', 'other']);
    const storage = { keys: async () => [...names], delete: async (name: string) => names.delete(name) };
    expect(await clearMemberCaches(storage)).toEqual(['ritual-runtime-/', 'other']);
    expect([...names]).toEqual(['ritual-precache-v2-/']);
    expect(await clearMemberCaches(null)).toEqual([]);
  });
});

describe('a change of account', () => {
  it('is a different account than last time, never a first visit', () => {
    expect(accountChanged(null, '')).toBe(false);
    expect(accountChanged(null, '7')).toBe(false);
    expect(accountChanged('7', '7')).toBe(false);
    expect(accountChanged('', '')).toBe(false);
    expect(accountChanged('7', '')).toBe(true);
    expect(accountChanged('7', '8')).toBe(true);
    expect(accountChanged('', '8')).toBe(true);
  });

  it('clears the caches and remembers the new account', async () => {
    const kept = new Map<string, string>();
    const store = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
    const names = new Set(['ritual-precache-v2-/', 'ritual-runtime-/']);
    const storage = { keys: async () => [...names], delete: async (name: string) => names.delete(name) };

    expect(await forgetOtherAccount('7', store, storage)).toBe(false);
    expect(kept.get(ACCOUNT_KEY)).toBe('7');
    expect(names.size).toBe(2);
    expect(await forgetOtherAccount('7', store, storage)).toBe(false);
    expect(names.size).toBe(2);

    expect(await forgetOtherAccount('', store, storage)).toBe(true);
    expect([...names]).toEqual(['ritual-precache-v2-/']);
    expect(kept.get(ACCOUNT_KEY)).toBe('');
  });
});

class FakeWorker extends EventTarget {
  state = 'installing';
  move(state: string): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  found(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

describe('the update prompt', () => {
  it('is offered for a worker already waiting behind the one in control', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const offered: FakeWorker[] = [];
    whenUpdateWaits(registration, () => true, (worker) => offered.push(worker));
    expect(offered).toEqual([registration.waiting]);
  });

  it('is offered once a new worker has installed while the page is open', () => {
    const registration = new FakeRegistration();
    const offered: FakeWorker[] = [];
    whenUpdateWaits(registration, () => true, (worker) => offered.push(worker));
    const worker = new FakeWorker();
    registration.found(worker);
    expect(offered).toEqual([]);
    worker.move('installed');
    worker.move('installed');
    expect(offered).toEqual([worker]);
  });

  it('is not offered for the first worker, which nothing controlled before', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const offered: FakeWorker[] = [];
    whenUpdateWaits(registration, () => false, (worker) => offered.push(worker));
    const worker = new FakeWorker();
    registration.found(worker);
    worker.move('installed');
    worker.move('activated');
    expect(offered).toEqual([]);
  });

  it('is not offered for a worker that failed to install', () => {
    const registration = new FakeRegistration();
    const offered: FakeWorker[] = [];
    whenUpdateWaits(registration, () => true, (worker) => offered.push(worker));
    const worker = new FakeWorker();
    registration.found(worker);
    worker.move('redundant');
    expect(offered).toEqual([]);
  });
});

describe('the offline page\'s precache revision', () => {
  const entries = [
    { url: '_astro/a.1.js', revision: null },
    { url: 'favicon.svg', revision: 'abc' },
  ];

  it('is the offline page at a revision that stays while nothing changes', () => {
    const entry = offlineEntry(entries, ['<Bare>']);
    expect(entry.url).toBe('/offline');
    expect(entry.revision).toMatch(/^[0-9a-f]{20}$/);
    expect(offlineEntry(entries, ['<Bare>'])).toEqual(entry);
  });

  it('changes with the build\'s files and with the page\'s sources', () => {
    const entry = offlineEntry(entries, ['<Bare>']);
    expect(offlineEntry([{ url: '_astro/a.2.js', revision: null }, entries[1]!], ['<Bare>']).revision).not.toBe(entry.revision);
    expect(offlineEntry(entries, ['<Bare> ']).revision).not.toBe(entry.revision);
  });
});

describe('which pages register the worker', () => {
  const origin = 'https://ritual.example';
  const guest = { account: '', controlled: false, referrer: '', origin };

  it('is not a guest\'s first page, reached from another site, an app or the address bar', () => {
    expect(wantsWorker(guest)).toBe(false);
    expect(wantsWorker({ ...guest, referrer: 'https://search.naver.com/search.naver?query=리추얼' })).toBe(false);
    expect(wantsWorker({ ...guest, referrer: 'https://ritual.example.evil.test/' })).toBe(false);
    expect(wantsWorker({ ...guest, referrer: 'not a url' })).toBe(false);
    expect(wantsWorker({ ...guest, account: undefined })).toBe(false);
  });

  it('is a guest\'s next page of the site, a member\'s page, or a page the worker controls', () => {
    expect(wantsWorker({ ...guest, referrer: 'https://ritual.example/square/free/12' })).toBe(true);
    expect(wantsWorker({ ...guest, account: '42' })).toBe(true);
    expect(wantsWorker({ ...guest, controlled: true })).toBe(true);
  });
});
