// What a tap feels like: Interaction to Next Paint of three taps members make every day (the
// check-in on /today, sending a comment, adding to the cart), measured in the page by Google's
// `web-vitals` library in the system Chromium with its CPU 4 times slower, as a phone's. Each run
// is a member of its own, so that each tap meets the state a member meets before it: a check-in
// not yet made today, a cart without the product. The members are the bench room's
// (bench/lib/rooms.ts), each given a session before the server starts.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Browser, Locator, Page } from '@playwright/test';
import type { INPMetricWithAttribution, onINP } from 'web-vitals/attribution';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { benchSessionCookie } from './bench-session.ts';

/** How much slower than this machine the page's CPU runs: Lighthouse's phone (a Moto G Power). */
export const INTERACTION_CPU_SLOWDOWN = 4;
/** Runs of each tap, one member each; the median is judged. */
export const INTERACTION_RUNS = 3;

/** Names the goals find the results by (bench/goals.ts). */
export const CHECK_IN_TAP = 'check-in on /today';
export const COMMENT_TAP = 'sending a comment on a room post';
export const CART_TAP = 'adding to the cart on a product page';

/** A phone, as the page weight's. */
const VIEWPORT = { width: 375, height: 800 };
/** Long enough for a slowed page to load and for the server's answer to show. */
const STEP_TIMEOUT_MS = 30_000;
/** Longer than web-vitals waits for an idle moment before it takes in new entries (at most 1 s). */
const SETTLE_MS = 1_500;
/** The smallest threshold the Event Timing API takes: every interaction of a frame or more is seen. */
const DURATION_THRESHOLD_MS = 16;

export interface InteractionMembers {
  /** One session cookie per run; kept out of results.json. */
  cookies: string[];
}

/** One run's interaction as web-vitals reported it. */
export interface MeasuredTap {
  inpMs: number;
  /** web-vitals' attribution: from the input to its handlers, the handlers, and from them to the paint. */
  inputDelayMs: number;
  processingMs: number;
  presentationDelayMs: number;
  /** A CSS selector of the tapped control; empty when the tap removed it (the check-in button). */
  target: string;
}

/** A run that measured nothing, and why. */
export interface FailedTap {
  error: string;
}

export type TapRun = MeasuredTap | FailedTap;

export const isFailedTap = (run: TapRun): run is FailedTap => 'error' in run;

export interface InteractionResult {
  interaction: string;
  path: string;
  cpuSlowdown: number;
  runs: TapRun[];
  /** The median run's INP; null when a run failed, since the others then do not say enough. */
  inpMs: number | null;
}

/** What was reported in the page, read back by the bench. */
interface PageReport {
  value: number;
  time: number;
  inputDelay: number;
  processingDuration: number;
  presentationDelay: number;
  target: string;
}

/** A tap of one page: what is tapped once the page woke, and what shows it was done. */
interface Tap {
  name: string;
  path: string;
  /** What is in the page once the tap is answered: the island hydrated, or the page's script run. */
  ready: string;
  /** Done before the tap without an interaction of its own (e.g. the comment's text filled in). */
  before?: (page: Page, run: number) => Promise<void>;
  /** The button, asked for enabled: the tap waits until the page has woken it. */
  control: (page: Page) => Locator;
  done: (page: Page, run: number) => Locator;
}

/** The last `INTERACTION_RUNS` members of the bench room, far from the member its page targets read as, each signed in. */
export async function prepareInteractionMembers(dataDir: string, roomId: number): Promise<InteractionMembers> {
  const database = await openDatabase(`file://${dataDir}`);
  try {
    const { db } = database;
    const members = await queryRows<{ id: number }>(
      db,
      sql`select user_id as id from ritual_session_users
          where ritual_session_id = ${roomId} and role = 'member' order by user_id desc limit ${INTERACTION_RUNS}`,
    );
    if (members.length < INTERACTION_RUNS) throw new Error(`interactions: the bench room has ${members.length} members, not ${INTERACTION_RUNS}`);
    const cookies = [];
    for (const member of members) cookies.push(await benchSessionCookie(db, member.id));
    return { cookies };
  } finally {
    await database.close();
  }
}

const commentText = (run: number) => `오늘도 함께해요 (탭 ${run + 1})`;

/** The three taps: the member's own /today, the bench room's post with 30 comments, and the order flow's product, which has no options. */
function taps(room: { roomId: number; postId: number }, productId: number): Tap[] {
  return [
    {
      name: CHECK_IN_TAP,
      path: '/today',
      ready: '[data-today][data-ready]',
      control: (page) => page.getByRole('button', { name: '체크인하기', disabled: false }),
      done: (page) => page.getByText('오늘 체크인 완료'),
    },
    {
      name: COMMENT_TAP,
      path: `/room/${room.roomId}/${room.postId}`,
      ready: 'astro-island[component-export="CommentSection"]:not([ssr])',
      // fill() types no key: the box's text arrives without an interaction that INP would count.
      before: (page, run) => page.getByRole('combobox', { name: '댓글 내용' }).fill(commentText(run)),
      control: (page) => page.getByRole('button', { name: '댓글 남기기', disabled: false }),
      // The posted comment, not the box that holds the text until the form empties itself.
      done: (page, run) => page.getByRole('paragraph').filter({ hasText: commentText(run) }),
    },
    {
      name: CART_TAP,
      path: `/explorer/selfcare/${productId}`,
      ready: '[data-purchase][data-ready]',
      control: (page) => page.getByRole('button', { name: '장바구니 담기', disabled: false }),
      done: (page) => page.getByRole('banner').getByRole('link', { name: '장바구니, 담긴 상품 수 1' }),
    },
  ];
}

/** Runs in the page before its own scripts, after the library's script: keeps the latest INP web-vitals reports. */
function observeInp(webVitals: { onINP: typeof onINP }, durationThreshold: number): void {
  const scope = globalThis as unknown as { benchInp?: PageReport };
  webVitals.onINP(
    (metric: INPMetricWithAttribution) => {
      const { attribution } = metric;
      scope.benchInp = {
        value: metric.value,
        time: attribution.interactionTime ?? 0,
        inputDelay: attribution.inputDelay,
        processingDuration: attribution.processingDuration,
        presentationDelay: attribution.presentationDelay,
        target: attribution.interactionTarget ?? '',
      };
    },
    { reportAllChanges: true, durationThreshold },
  );
}

/** The report of an interaction that began at `tappedAt` (the page's clock) or later, once there is one. */
function reportSince(page: Page, tappedAt: number): Promise<PageReport | null> {
  return page.evaluate((since) => {
    const report = (globalThis as unknown as { benchInp?: PageReport }).benchInp;
    return report && report.time >= since ? report : null;
  }, tappedAt);
}

/**
 * The tap's INP once all its entries reached web-vitals: after a pause, the page is told it was
 * hidden, which makes the library take the browser's pending entries and report its latest value
 * at once, as when a member leaves the page. The first report alone could be early: the browser
 * hands over the pointerdown's entry (the first input) before the click's, whose handler does the work.
 */
async function readInp(page: Page, tappedAt: number): Promise<PageReport | null> {
  await page.waitForTimeout(SETTLE_MS);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  return reportSince(page, tappedAt);
}

async function tapOnce(browser: Browser, baseUrl: string, script: string, cookie: string, tap: Tap, run: number): Promise<TapRun> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, isMobile: true, hasTouch: true });
  try {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    // Init scripts are the browser's, not the page's: the page's Content-Security-Policy does not apply.
    // One script, since Playwright runs several in no fixed order; the library's `var webVitals`
    // stays inside it, as Playwright wraps each in a function.
    await page.addInitScript({ content: `${script}\n;(${observeInp.toString()})(webVitals, ${DURATION_THRESHOLD_MS});` });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: INTERACTION_CPU_SLOWDOWN });
    // The whole visit on the slow CPU, and the tap once the page has settled, as a member taps it.
    const response = await page.goto(tap.path, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) return { error: `${tap.path} answered ${response?.status() ?? 'nothing'}` };
    await page.locator(tap.ready).first().waitFor({ state: 'attached' });
    await tap.before?.(page, run);
    const control = tap.control(page);
    await control.waitFor({ state: 'visible' });
    // The tap is a touch at a point, as a phone's, on the button once enabled (each control asks
    // for an enabled one): a locator's click() listens in the page to the tap's own pointer events
    // (its hit-target check), which counted in the tap's processing time, and click({ trial: true })
    // on a touch page sends a click of its own, which pressed the button before the timed tap.
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    if (!box) return { error: 'the control has no box to tap' };
    const tappedAt = await page.evaluate(() => performance.now());
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await tap.done(page, run).first().waitFor({ state: 'visible' });
    const report = await readInp(page, tappedAt);
    if (!report) return { error: 'web-vitals reported no interaction since the tap' };
    return {
      inpMs: Math.round(report.value),
      inputDelayMs: Math.round(report.inputDelay),
      processingMs: Math.round(report.processingDuration),
      presentationDelayMs: Math.round(report.presentationDelay),
      target: report.target,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    await context.close();
  }
}

/** The median of the runs' INP, or null when any run failed: a tap that did not happen must not pass. */
export function medianInpMs(runs: TapRun[]): number | null {
  if (runs.length === 0 || runs.some(isFailedTap)) return null;
  const values = (runs as MeasuredTap[]).map((run) => run.inpMs).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

/** Each tap `INTERACTION_RUNS` times, one member a run, one page after another. */
export async function measureInteractions(
  browser: Browser,
  baseUrl: string,
  members: InteractionMembers,
  room: { roomId: number; postId: number },
  productId: number,
): Promise<InteractionResult[]> {
  // The library's prebuilt script, with the attribution that says where the time went.
  const script = await readFile(fileURLToPath(new URL('web-vitals.attribution.iife.js', import.meta.resolve('web-vitals/attribution'))), 'utf8');
  const results: InteractionResult[] = [];
  for (const tap of taps(room, productId)) {
    console.log(`Interaction to Next Paint: ${tap.name} [${tap.path}], CPU ${INTERACTION_CPU_SLOWDOWN}× slower, ${members.cookies.length} runs…`);
    const runs: TapRun[] = [];
    for (const [run, cookie] of members.cookies.entries()) runs.push(await tapOnce(browser, baseUrl, script, cookie, tap, run));
    results.push({ interaction: tap.name, path: tap.path, cpuSlowdown: INTERACTION_CPU_SLOWDOWN, runs, inpMs: medianInpMs(runs) });
  }
  return results;
}
