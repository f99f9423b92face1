import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import type { OutboxMessage } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { dataDirOf } from './servers.ts';

// The e2e servers run from the repository root, each worker's set with outboxes of its own.
export const MAIL_OUTBOX = fileURLToPath(new URL(`../../${dataDirOf()}/mail`, import.meta.url));
export const SMS_OUTBOX = fileURLToPath(new URL(`../../${dataDirOf()}/sms`, import.meta.url));
export const MEMBER_PASSWORD = 'Passw0rd!';

export interface NewAccount {
  email: string;
  username: string;
  nickname: string;
}

/** Unique per test, per project and per run, so that parallel tests and reruns never collide. */
export function uniqueAccount(tag: string): NewAccount {
  const project = test.info().project.name;
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36).padStart(2, '0')}`;
  return {
    email: `${tag}-${project}-${stamp}@example.com`,
    username: `${project.charAt(0)}${tag.charAt(0)}${stamp}`.toLowerCase(),
    nickname: `새싹${stamp.slice(-6)}`,
  };
}

/** The headers the API expects of a browser's call, with the token of this cookie jar. */
export async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const token = await request.get('/csrf-token');
  const { csrf_token: csrfToken } = (await token.json()) as { csrf_token: string };
  return { 'X-XSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
}

/** An address of the benchmarking range (198.18.0.0/15), new for each sign-up. */
const signUpAddress = (): string => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

/**
 * Registers through the API in the given cookie jar. POST /register allows 10 sign-ups an hour
 * per address, so each sign-up comes from an address of its own, forwarded by the proxy the main
 * server trusts (servers.ts); sign-ups through the page still share this machine's address.
 */
export async function registerByApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const res = await request.post('/register', {
    headers: { ...(await apiHeaders(request)), 'X-Forwarded-For': signUpAddress() },
    data: { ...account, password: MEMBER_PASSWORD, password_confirmation: MEMBER_PASSWORD, agree_terms: true, agree_privacy: true },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Waits for the recipient's mail count to reach `count`, then returns the newest. */
export async function newestMail(to: string, count = 1): Promise<OutboxMessage> {
  await expect.poll(async () => (await readOutbox(MAIL_OUTBOX, { to })).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const [mail] = await readOutbox(MAIL_OUTBOX, { to });
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

/** Mailed links carry APP_URL's host; the path and query are what the test server answers. */
export function pathOf(mail: OutboxMessage): string {
  const link = mail.links[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A new member whose e-mail is verified (by the mailed link), ready for member-only pages. */
export async function createVerifiedMember(request: APIRequestContext, tag: string): Promise<NewAccount> {
  const account = uniqueAccount(tag);
  await registerByApi(request, account);
  const landed = await request.get(pathOf(await newestMail(account.email)));
  expect(new URL(landed.url()).search).toBe('?verified=1');
  return account;
}

/** Waits until an island has hydrated (Astro drops the `ssr` mark then), so typing reaches React. */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  await page.locator(`astro-island[component-export="${name}"]:not([ssr])`).first().waitFor({ state: 'attached' });
}

/** Waits until a product's buy box (no island: src/components/store/product-purchase.ts) answers to taps. */
export async function waitForPurchase(page: Page): Promise<void> {
  await page.locator('[data-purchase][data-ready]').waitFor({ state: 'attached' });
}

/** Waits until the header's bell (no island: src/components/header/bell.ts) answers to clicks. */
export async function waitForBell(page: Page): Promise<void> {
  await page.locator('[data-bell][data-ready]').waitFor({ state: 'attached' });
}

/**
 * Holds the islands' scripts back until the answered function is called: what a slow phone does,
 * where a member types into the server's HTML before React takes it over. Pages opened meanwhile
 * should be awaited only until `commit`: a held script keeps the load event back.
 */
export async function holdIslands(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A running room of the signed-in member (the demo seats its members in one). */
export async function runningRoomId(page: Page): Promise<number> {
  const res = await page.request.get('/api/ritual-sessions/users/me');
  const rooms = ((await res.json()) as { data: { id: number; state: string }[] }).data;
  const room = rooms.find((item) => item.state === 'running');
  if (!room) throw new Error('the demo member has no running room');
  return room.id;
}
