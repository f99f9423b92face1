import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';

/** A page whose JavaScript is weighed, as a guest or as a signed-in demo member. */
export interface WeighedPage {
  /** Shown in the table and results.json, and how goals find the page's result. */
  name: string;
  path: string;
  member: boolean;
}

export interface PageWeightResult {
  page: string;
  path: string;
  /** The document's status: a 404 page is still the shell, but not the page the name promises. */
  status: number | null;
  /** Distinct script URLs fetched, modules imported by islands included. */
  scriptFiles: number;
  inlineScripts: number;
  /** Script files and inline scripts together, uncompressed. */
  rawBytes: number;
  /** Each file gzipped at level 9 on its own, inline scripts together: a size that does not depend on what the server sends. */
  gzipBytes: number;
  react: boolean;
  /** Script URLs that gave React away, for the post-mortem when `react` is unexpectedly true. */
  reactScripts: string[];
}

// The system Chromium (Debian's package), never a downloaded browser; the same as playwright.config.ts.
const EXECUTABLE_PATH = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** A phone, where the weight matters most. */
const VIEWPORT = { width: 375, height: 800 };
/** Islands hydrate on idle, so their imports may start after the network first goes quiet. */
const AFTER_IDLE_MS = 1000;
/** A demo member seeded on the fresh database (src/server/db/seed/members.ts); bench/lib/today.ts checks their /today. */
export const MEMBER = { email: 'member1@example.com', password: 'Passw0rd!' };
const REACT_SCRIPT = /client\.|react|ModalHost/i;
/** `<script>` types the browser runs; anything else (ld+json, importmap, speculationrules) is data. */
const JS_TYPES = ['', 'module', 'text/javascript', 'application/javascript', 'application/ecmascript', 'text/ecmascript'];

/**
 * Playwright's own signal handlers would exit the process before bench/run.ts stops the server,
 * so they are off and the caller closes the browser in its cleanup.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE_PATH,
    args: ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

function gzipBytes(body: Buffer | string): number {
  return gzipSync(body, { level: 9 }).length;
}

/** The same API the login form uses (as tests/e2e/sign-in.ts), so the cookie lands in the context's jar. */
async function signIn(context: BrowserContext): Promise<void> {
  const token = await context.request.get('/csrf-token');
  const { csrf_token: csrfToken } = (await token.json()) as { csrf_token: string };
  const res = await context.request.post('/login', {
    headers: { 'X-XSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    data: MEMBER,
  });
  if (res.status() !== 200) throw new Error(`page weight: sign-in failed: ${res.status()} ${await res.text()}`);
}

/** The text of every inline script the browser runs, read from the DOM once the page has settled. */
function inlineScriptTexts(page: Page): Promise<string[]> {
  return page.$$eval(
    'script:not([src])',
    (scripts, types) =>
      scripts
        .filter((script) => types.includes((script.getAttribute('type') ?? '').trim().toLowerCase()))
        .map((script) => script.textContent ?? ''),
    JS_TYPES,
  );
}

async function weigh(browser: Browser, baseUrl: string, target: WeighedPage): Promise<PageWeightResult> {
  // A fresh context each time: nothing cached or signed in from the page before.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, isMobile: true, hasTouch: true });
  try {
    if (target.member) await signIn(context);
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | null>>();
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
      // Read at once: a body can be evicted later. A redirect or a failed read has no script to count.
      bodies.set(response.url(), response.body().catch(() => null));
    });
    const document = await page.goto(target.path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(AFTER_IDLE_MS);

    const files = [...bodies.entries()];
    const fileBodies = (await Promise.all(files.map(([, body]) => body))).filter((body): body is Buffer => body !== null);
    const inline = await inlineScriptTexts(page);
    const islands = await page.locator('astro-island').count();
    // Inline scripts travel inside one HTML response, so they are compressed together.
    const inlineText = inline.join('\n');
    const reactScripts = files.map(([url]) => url).filter((url) => REACT_SCRIPT.test(url));
    return {
      page: target.name,
      path: target.path,
      status: document?.status() ?? null,
      scriptFiles: fileBodies.length,
      inlineScripts: inline.length,
      rawBytes: fileBodies.reduce((sum, body) => sum + body.length, 0) + Buffer.byteLength(inlineText),
      gzipBytes: fileBodies.reduce((sum, body) => sum + gzipBytes(body), 0) + (inlineText ? gzipBytes(inlineText) : 0),
      react: reactScripts.length > 0 || islands > 0,
      reactScripts,
    };
  } finally {
    await context.close();
  }
}

/** Loads each page in its own context, one after another, so they do not compete for the CPUs. */
export async function measurePageWeights(browser: Browser, baseUrl: string, pages: WeighedPage[]): Promise<PageWeightResult[]> {
  const results: PageWeightResult[] = [];
  for (const target of pages) {
    console.log(`Page weight: ${target.name} [${target.path}]…`);
    results.push(await weigh(browser, baseUrl, target));
  }
  return results;
}
