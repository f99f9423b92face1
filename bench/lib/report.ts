import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import type { Goal } from '../goals.ts';
import type { BackupHoldResult } from './backup.ts';
import type { ExportBenchResult } from './member-export.ts';
import { isFailedTap } from './interactions.ts';
import type { InteractionResult, MeasuredTap, TapRun } from './interactions.ts';
import type { LighthouseResult, SlowCpuResult } from './lighthouse.ts';
import { isSkipped } from './load.ts';
import { GENERATOR_HELD_UP_MS } from './paced.ts';
import type { TargetResult } from './load.ts';
import type { MemoryReport } from './memory.ts';
import type { NotificationBenchData } from './notifications.ts';
import type { PageWeightResult } from './page-weight.ts';
import type { Settings } from './settings.ts';
import { SOAK_SETTLED_MINUTE } from './soak.ts';
import type { SoakResult } from './soak.ts';
import type { SquareBenchData } from './square.ts';

const RESULTS_FILE = fileURLToPath(new URL('../results.json', import.meta.url));

function formatRow(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
}

function resultCells(result: TargetResult): string[] {
  if (isSkipped(result)) return [result.target, '-', '-', '-', '-', '-', '-', '-', `skipped: ${result.skipped}`];
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(', ');
  const heldUp = result.generatorHeldUp;
  return [
    result.target,
    String(result.requestsPerSecond),
    result.latencyP50Ms.toFixed(1),
    result.latencyP99Ms.toFixed(1),
    String(result.non2xx),
    String(result.errors),
    result.peakRssMb === null ? '?' : result.peakRssMb.toFixed(0),
    result.pairedReference ? String(result.pairedReference.requestsPerSecond) : '',
    result.flagged
      ? `FLAGGED: not a valid measurement (${codes}, ${result.timeouts} timeouts)`
      : heldUp && heldUp.count > 0
        ? `load generator held up ${heldUp.count}× (longest ${heldUp.longestMs} ms)`
        : '',
  ];
}

/** A table and a blank line after it. */
function printRows(header: string[], rows: string[][]): void {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? '').length)));
  console.log(formatRow(header, widths).trimEnd());
  console.log(widths.map((w) => '-'.repeat(w)).join('  ').trimEnd());
  for (const row of rows) console.log(formatRow(row, widths).trimEnd());
  console.log();
}

export function printTable(results: TargetResult[]): void {
  // Apart from the progress lines above it.
  console.log();
  printRows(['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'RSS MB', 'ref req/s', ''], results.map(resultCells));
  if (results.some((r) => !isSkipped(r) && r.flagged)) {
    console.log('FLAGGED rows got non-2xx answers or errors: their numbers measure error handling.\n');
  }
  if (results.some((r) => !isSkipped(r) && r.pairedReference)) {
    console.log('ref req/s: the reference a share goal judges the row against (bench/goals.ts), measured right after it.\n');
  }
  if (results.some((r) => !isSkipped(r) && (r.generatorHeldUp?.count ?? 0) > 0)) {
    console.log(
      `Held up: the load generator woke more than ${GENERATOR_HELD_UP_MS} ms late (the machine did not run it, or it collected its\n` +
        'own garbage); what fell due meanwhile went out late and is still timed from when it was due.\n',
    );
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function pageWeightCells(result: PageWeightResult): string[] {
  return [
    result.page,
    String(result.scriptFiles),
    kb(result.rawBytes),
    kb(result.gzipBytes),
    result.react ? 'yes' : 'no',
    // Said outright, so a 404 shell is not mistaken for the page itself.
    result.status === 200 ? '' : `HTTP ${result.status ?? 'no answer'}`,
  ];
}

/** `null` with --skip-page-weight. */
export function printPageWeights(results: PageWeightResult[] | null): void {
  if (results === null) {
    console.log('Page weight: skipped (--skip-page-weight)\n');
    return;
  }
  printRows(['page', 'scripts', 'raw KB', 'gzip KB', 'React', ''], results.map(pageWeightCells));
  console.log('JavaScript the page ran: script files (each gzip -9 on its own) plus inline scripts; 1 KB = 1024 bytes.\n');
}

function lighthouseCells(result: LighthouseResult): string[] {
  const { scores, metrics } = result;
  if (scores === null || metrics === null) {
    return [result.page, '-', '-', '-', '-', '-', '-', '-', '-', '-', `missing: HTTP ${result.status ?? 'no answer'}`];
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return [
    result.page,
    String(scores.performance),
    String(scores.accessibility),
    String(scores['best-practices']),
    String(scores.seo),
    seconds(metrics.fcpMs),
    seconds(metrics.lcpMs),
    String(Math.round(metrics.tbtMs)),
    metrics.cls.toFixed(3),
    result.performanceRuns.join('/'),
    '',
  ];
}

/** `null` with --skip-lighthouse. */
export function printLighthouse(results: LighthouseResult[] | null): void {
  if (results === null) {
    console.log('Lighthouse: skipped (--skip-lighthouse)\n');
    return;
  }
  printRows(
    ['Lighthouse (mobile)', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'perf runs', ''],
    results.map(lighthouseCells),
  );
  console.log('Scores and metrics of the run with the median performance score; perf runs lists every run.');
  for (const result of results) {
    for (const audit of result.lostAudits) {
      const score = audit.score === null ? '' : ` ${audit.score.toFixed(2)}`;
      console.log(`  ${result.page} ${audit.category}: ${audit.id}${score}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  console.log();
}

/** `null` without --soak. */
export function printSoak(soak: SoakResult | null): void {
  if (soak === null) return;
  printRows(
    [`Soak (${soak.minutes} min)`, 'req/s', 'sent', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    soak.requests.map((r) => [
      r.kind,
      String(Math.round(r.perSecond * 10) / 10),
      String(r.sent),
      r.latencyP50Ms.toFixed(1),
      r.latencyP99Ms.toFixed(1),
      String(r.non2xx),
      String(r.errors),
    ]),
  );
  const mb = (value: number | null) => (value === null ? '?' : `${value} MB`);
  console.log(
    `Soak: ${soak.totalRequests.toLocaleString('en-US')} requests from ${soak.browsers.toLocaleString('en-US')} signed-in browsers and guests; ` +
      `${soak.written.posts} posts and ${soak.written.comments} comments written by ${soak.writers} members.`,
  );
  console.log(`Soak RSS by minute (median of its last 10 s): ${soak.rssMb.byMinute.map((value) => value ?? '?').join(', ')} MB`);
  console.log(
    `Soak RSS: ${mb(soak.rssMb.afterSettling)} after minute ${SOAK_SETTLED_MINUTE}, ${mb(soak.rssMb.end)} at the end ` +
      `(${soak.growthPercent === null ? '?' : `${soak.growthPercent > 0 ? '+' : ''}${soak.growthPercent} %`}), peak ${mb(soak.rssMb.peak)}`,
  );
  if (soak.flagged) console.log('FLAGGED: the soak got non-2xx answers or errors, so it did not send the traffic it claims.');
  console.log();
}

/** `null` with --skip-lighthouse. */
export function printSlowCpu(results: SlowCpuResult[] | null): void {
  if (results === null) return;
  const ms = (value: number | null) => (value === null ? '-' : String(value));
  printRows(
    [`Lighthouse, CPU ${results[0]?.cpuSlowdown ?? '?'}× slower`, 'perf', 'TBT ms', 'TBT runs', 'style+layout ms', 'script ms', ''],
    results.map((r) => [
      r.page,
      ms(r.performance),
      ms(r.tbtMs),
      r.tbtRunsMs.join('/') || '-',
      ms(r.styleLayoutMs),
      ms(r.scriptEvaluationMs),
      r.status === 200 ? '' : `missing: HTTP ${r.status ?? 'no answer'}`,
    ]),
  );
  const index = results.find((r) => r.benchmarkIndex !== null)?.benchmarkIndex;
  console.log(`The run with the median total blocking time; main-thread times simulated. This machine's benchmark index: ${index ?? '?'}.`);
  const korean = koreanFontFamilies();
  if (korean === 0) console.log('No Korean system font here (fc-list :lang=ko), unlike any Korean phone: a run whose first layout came before Pretendard spent 100-200 ms of it at 1x on font fallback.');
  console.log('');
}

const tapCell = (run: TapRun) => (isFailedTap(run) ? 'failed' : String(run.inpMs));

/** The median run's breakdown, or the first failure's reason. */
function tapDetail(result: InteractionResult): string {
  const failed = result.runs.find(isFailedTap);
  if (failed) return `failed: ${failed.error}`;
  const median = result.runs.find((run): run is MeasuredTap => !isFailedTap(run) && run.inpMs === result.inpMs);
  if (!median) return '';
  // An element the tap removed (the check-in button) has no selector left when web-vitals reads it.
  const target = median.target || 'a control the tap removed';
  return `input ${median.inputDelayMs} + handlers ${median.processingMs} + paint ${median.presentationDelayMs} ms on ${target}`;
}

/** `null` with --skip-interactions. */
export function printInteractions(results: InteractionResult[] | null): void {
  if (results === null) {
    console.log('Interaction to Next Paint: skipped (--skip-interactions)\n');
    return;
  }
  printRows(
    [`Interaction to Next Paint, CPU ${results[0]?.cpuSlowdown ?? '?'}× slower`, 'INP ms', 'runs', ''],
    results.map((r) => [r.interaction, r.inpMs === null ? '-' : String(r.inpMs), r.runs.map(tapCell).join('/'), tapDetail(r)]),
  );
  console.log('web-vitals in the page, one member a run; the median is judged, and a failed run fails it.\n');
}

export function printBackup(backup: BackupHoldResult | null): void {
  if (backup === null) return;
  console.log(
    `Backup of the bench database: statements held back ${backup.heldMs} ms (the snapshot), the whole backup ` +
      `${(backup.backupMs / 1000).toFixed(1)} s, ${(backup.bytes / 1024 / 1024).toFixed(0)} MB; /healthz asked ${backup.probes} times ` +
      `meanwhile: slowest ${backup.slowestProbeMs} ms, median ${backup.medianProbeMs} ms\n`,
  );
}

export function printMemberExport(memberExport: ExportBenchResult | null): void {
  if (memberExport === null) return;
  console.log(
    `A member's export (${memberExport.posts.toLocaleString('en-US')} posts, ${memberExport.pictures} pictures): ready in ` +
      `${memberExport.exportSeconds} s, a ZIP of ${memberExport.zipMb} MB; the server's RSS ${memberExport.baselineRssMb} MB before, ` +
      `${memberExport.peakRssMb} MB at the peak, a growth of ${memberExport.growthMb} MB\n`,
  );
}

export function printMemory(memory: MemoryReport): void {
  const mb = (value: number | null) => (value === null ? 'not measured' : `${value} MB`);
  console.log(`Server RSS: ${mb(memory.startMb)} after start, ${mb(memory.loadPeakMb)} highest sampled under load`);
  console.log(`Peak RSS (incl. start, VmHWM): ${mb(memory.peakMb)}\n`);
}

export function printGoals(goals: Goal[]): void {
  for (const goal of goals) {
    console.log(`${goal.pass ? 'PASS' : 'FAIL'}  ${goal.name}: ${goal.actual ?? 'not measured'} (goal ${goal.target})`);
  }
}

/** Asked once a run: the table and results.json both report it. */
let koreanFamilies: number | null | undefined;

/**
 * How many font families fontconfig has for Korean; null where it cannot be asked. Every Korean
 * phone has one. Without one, a layout made before Pretendard arrives looks up a fallback for each
 * syllable and costs 100-200 ms at 1x instead of 15-30 (Chromium traces of /today), which the
 * slow-CPU pass multiplies by ten: read its TBT runs with this in mind.
 */
export function koreanFontFamilies(): number | null {
  if (koreanFamilies !== undefined) return koreanFamilies;
  const listed = spawnSync('fc-list', [':lang=ko', 'family'], { encoding: 'utf8' });
  koreanFamilies = listed.status === 0 ? new Set(listed.stdout.split('\n').filter((line) => line.trim() !== '')).size : null;
  return koreanFamilies;
}

function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    // Other work on the machine slows the server and the browser alike; judge the numbers with it.
    loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    koreanFontFamilies: koreanFontFamilies(),
  };
}

/** What a run measured, as results.json holds it (after the date, the machine and the settings). */
export interface RunReport {
  square: SquareBenchData | null;
  notifications: Omit<NotificationBenchData, 'cookie'> | null;
  results: TargetResult[];
  soak: SoakResult | null;
  memory: MemoryReport;
  pageWeight: PageWeightResult[] | null;
  lighthouse: LighthouseResult[] | null;
  lighthouseSlowCpu: SlowCpuResult[] | null;
  interactions: InteractionResult[] | null;
  backup: BackupHoldResult | null;
  memberExport: ExportBenchResult | null;
  goals: Goal[];
}

/** bench/results.json; its fields are described in bench/README.md. */
export async function writeResults(settings: Settings, run: RunReport): Promise<void> {
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    machine: machine(),
    settings: { ...settings, serverNodeFlags: SERVER_NODE_FLAGS },
    square: run.square,
    notifications: run.notifications,
    results: run.results,
    soak: run.soak,
    memory: run.memory,
    pageWeight: run.pageWeight,
    lighthouse: run.lighthouse,
    lighthouseSlowCpu: run.lighthouseSlowCpu,
    interactions: run.interactions,
    backup: run.backup,
    memberExport: run.memberExport,
    goals: run.goals,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${RESULTS_FILE}`);
}
