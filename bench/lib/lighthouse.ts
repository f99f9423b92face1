import { launch } from 'chrome-launcher';
import type { LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';

/** A page Lighthouse audits, with the phone settings it uses by default (form factor and throttling). */
export interface AuditedPage {
  /** Shown in the table and results.json, and how goals find the page's result. */
  name: string;
  path: string;
  /**
   * A signed-in member's session cookie (`session=…`), sent with every request of the audit as
   * Lighthouse's extraHeaders; none for a guest's page. Kept out of the results.
   */
  cookie?: string;
}

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

/** An audit that cost the page points, to read why a score is below its goal. */
export interface LostAudit {
  id: string;
  category: LighthouseCategory;
  title: string;
  /** 0 to 1; null for audits that only say pass or fail without a score. */
  score: number | null;
  /** Lighthouse's own summary, e.g. "Potential savings of 12 KiB" or "1.9 s". */
  displayValue?: string;
}

export interface LighthouseResult {
  page: string;
  path: string;
  /** The document's status before auditing; only a 200 is audited. */
  status: number | null;
  /** 0 to 100 per category, the median run's; null when the page was not audited. */
  scores: Record<LighthouseCategory, number> | null;
  /** Every run's performance score, since it varies from run to run. */
  performanceRuns: number[];
  /** The median run's metrics, in ms (CLS unitless). */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number } | null;
  lostAudits: LostAudit[];
}

// The system Chromium (Debian's package), never a downloaded browser.
const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/** Started once for all pages; Lighthouse resets storage and cache before each run. */
export function launchChrome(): Promise<LaunchedChrome> {
  // Its own signal handler would exit before bench/run.ts stops the server.
  return launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
}

/** As the audit will ask: a member's page redirects a request without the cookie to /login. */
async function documentStatus(url: string, cookie: string | undefined): Promise<number | null> {
  try {
    const headers: Record<string, string> = cookie === undefined ? {} : { Cookie: cookie };
    const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}

const score = (lhr: Result, category: LighthouseCategory): number => Math.round((lhr.categories[category]?.score ?? 0) * 100);

const numeric = (lhr: Result, id: string): number => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;

/** The audits that count in a category's score and did not fully pass. */
function lostAudits(lhr: Result): LostAudit[] {
  return LIGHTHOUSE_CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref): LostAudit[] => {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) return [];
        return [
          {
            id: ref.id,
            category,
            title: audit.title,
            score: audit.score,
            ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
          },
        ];
      }),
  );
}

/**
 * `cpuSlowdown` replaces the default 4× of the phone's throttling; the network stays slow 4G.
 * `cookie` goes out as a header of this run only (Lighthouse keeps no cookie jar of its own, and
 * one set in the shared Chromium would sign in the guest pages audited after it).
 */
async function auditOnce(
  chrome: LaunchedChrome,
  url: string,
  options: { categories: readonly LighthouseCategory[]; cpuSlowdown?: number; cookie?: string | undefined },
): Promise<Result> {
  const runner = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...options.categories],
    ...(options.cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } }),
    ...(options.cookie === undefined ? {} : { extraHeaders: { Cookie: options.cookie } }),
  });
  if (!runner) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * `runs` audits of one page, reported from the run with the median performance score (the
 * other categories hardly move between runs). A page that does not answer 200 is reported as
 * missing instead of audited, so one absent page does not stop the others.
 */
export async function auditPage(chrome: LaunchedChrome, baseUrl: string, page: AuditedPage, runs: number): Promise<LighthouseResult> {
  const url = `${baseUrl}${page.path}`;
  const status = await documentStatus(url, page.cookie);
  const base = { page: page.name, path: page.path, status };
  if (status !== 200) return { ...base, scores: null, performanceRuns: [], metrics: null, lostAudits: [] };

  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await auditOnce(chrome, url, { categories: LIGHTHOUSE_CATEGORIES, cookie: page.cookie }));
  const byPerformance = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = byPerformance[Math.floor(byPerformance.length / 2)]!;
  return {
    ...base,
    scores: Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, score(median, category)])) as Record<
      LighthouseCategory,
      number
    >,
    performanceRuns: results.map((lhr) => score(lhr, 'performance')),
    metrics: {
      fcpMs: numeric(median, 'first-contentful-paint'),
      lcpMs: numeric(median, 'largest-contentful-paint'),
      tbtMs: numeric(median, 'total-blocking-time'),
      cls: numeric(median, 'cumulative-layout-shift'),
      speedIndexMs: numeric(median, 'speed-index'),
    },
    lostAudits: lostAudits(median),
  };
}

/** One page after another in the same Chromium, so that they do not compete for the CPUs. */
export async function auditPages(chrome: LaunchedChrome, baseUrl: string, pages: AuditedPage[], runs: number): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    console.log(`Lighthouse: ${page.name} [${page.path}], ${runs} run${runs === 1 ? '' : 's'}…`);
    results.push(await auditPage(chrome, baseUrl, page, runs));
  }
  return results;
}

/** A page's main-thread cost on a slow phone's CPU: performance only, judged by its total blocking time. */
export interface SlowCpuResult {
  page: string;
  path: string;
  status: number | null;
  cpuSlowdown: number;
  /** Every run's total blocking time (simulated, ms); the median is judged. */
  tbtRunsMs: number[];
  /** The median run's; null when the page was not audited. */
  tbtMs: number | null;
  performance: number | null;
  /** The median run's simulated main-thread time in style and layout, and in script evaluation. */
  styleLayoutMs: number | null;
  scriptEvaluationMs: number | null;
  /** Lighthouse's measure of this machine's speed (a Moto G Power is about 264, a fast desktop 1500-2000). */
  benchmarkIndex: number | null;
}

/** The simulated main-thread time of one group of mainthread-work-breakdown. */
function mainThreadMs(lhr: Result, group: string): number {
  const details = lhr.audits['mainthread-work-breakdown']?.details;
  const items = details && 'items' in details ? (details.items as Array<{ group?: string; duration?: number }>) : [];
  return Math.round(items.find((item) => item.group === group)?.duration ?? 0);
}

/** `runs` performance audits of one page with the CPU `cpuSlowdown` times slower, reported from the median total blocking time. */
async function auditPageOnSlowCpu(
  chrome: LaunchedChrome,
  baseUrl: string,
  page: AuditedPage,
  runs: number,
  cpuSlowdown: number,
): Promise<SlowCpuResult> {
  const url = `${baseUrl}${page.path}`;
  const status = await documentStatus(url, page.cookie);
  const missing = { tbtMs: null, performance: null, styleLayoutMs: null, scriptEvaluationMs: null, benchmarkIndex: null };
  const base = { page: page.name, path: page.path, status, cpuSlowdown };
  if (status !== 200) return { ...base, tbtRunsMs: [], ...missing };
  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    results.push(await auditOnce(chrome, url, { categories: ['performance'], cpuSlowdown, cookie: page.cookie }));
  }
  const tbt = (lhr: Result) => numeric(lhr, 'total-blocking-time');
  const median = [...results].sort((a, b) => tbt(a) - tbt(b))[Math.floor(results.length / 2)]!;
  return {
    ...base,
    tbtRunsMs: results.map((lhr) => Math.round(tbt(lhr))),
    tbtMs: Math.round(tbt(median)),
    performance: score(median, 'performance'),
    styleLayoutMs: mainThreadMs(median, 'styleLayout'),
    scriptEvaluationMs: mainThreadMs(median, 'scriptEvaluation'),
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
  };
}

/** The pages again, one after another, on a CPU `cpuSlowdown` times slower than this machine's. */
export async function auditPagesOnSlowCpu(
  chrome: LaunchedChrome,
  baseUrl: string,
  pages: AuditedPage[],
  runs: number,
  cpuSlowdown: number,
): Promise<SlowCpuResult[]> {
  const results: SlowCpuResult[] = [];
  for (const page of pages) {
    console.log(`Lighthouse, CPU ${cpuSlowdown}× slower: ${page.name} [${page.path}], ${runs} run${runs === 1 ? '' : 's'}…`);
    results.push(await auditPageOnSlowCpu(chrome, baseUrl, page, runs, cpuSlowdown));
  }
  return results;
}
