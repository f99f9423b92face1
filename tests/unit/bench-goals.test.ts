import { describe, expect, it } from 'vitest';
import { checkGoals } from '../../bench/goals.ts';
import type { Run } from '../../bench/goals.ts';
import { CART_TAP, CHECK_IN_TAP, COMMENT_TAP, medianInpMs } from '../../bench/lib/interactions.ts';
import type { InteractionResult, TapRun } from '../../bench/lib/interactions.ts';
import type { PageWeightResult } from '../../bench/lib/page-weight.ts';
import type { SlowCpuResult } from '../../bench/lib/lighthouse.ts';
import { parseSettings } from '../../bench/lib/settings.ts';
import { TODAY_PAGE_NAME } from '../../bench/lib/today.ts';

// Issue 38's goals of `npm run bench`: /today's JavaScript and total blocking time, and how long
// three taps take to paint.

const tap = (inpMs: number): TapRun => ({ inpMs, inputDelayMs: 10, processingMs: inpMs - 30, presentationDelayMs: 20, target: 'button' });

const interaction = (name: string, runs: TapRun[]): InteractionResult => ({
  interaction: name,
  path: '/',
  cpuSlowdown: 4,
  runs,
  inpMs: medianInpMs(runs),
});

const todayWeight = (gzipBytes: number, status = 200): PageWeightResult => ({
  page: TODAY_PAGE_NAME,
  path: '/today',
  status,
  scriptFiles: 30,
  inlineScripts: 2,
  rawBytes: gzipBytes * 3,
  gzipBytes,
  react: true,
  reactScripts: [],
});

const todaySlowCpu = (tbtMs: number | null, status = 200): SlowCpuResult => ({
  page: TODAY_PAGE_NAME,
  path: '/today',
  status,
  cpuSlowdown: 10,
  tbtRunsMs: tbtMs === null ? [] : [tbtMs],
  tbtMs,
  performance: tbtMs === null ? null : 80,
  styleLayoutMs: null,
  scriptEvaluationMs: null,
  benchmarkIndex: null,
});

/** A run with nothing measured but what a test gives it. */
const run = (parts: Partial<Run>): Run => ({
  results: [],
  memory: { startMb: null, loadPeakMb: null, peakMb: null },
  soak: null,
  pageWeight: null,
  lighthouse: null,
  lighthouseSlowCpu: null,
  interactions: null,
  memberExport: null,
  squareSkipped: true,
  notificationsSkipped: true,
  ...parts,
});

const goalNamed = (goals: ReturnType<typeof checkGoals>, start: string) => goals.find((goal) => goal.name.startsWith(start));

describe('medianInpMs', () => {
  it('is the middle run of three, whatever their order', () => {
    expect(medianInpMs([tap(230), tap(120), tap(160)])).toBe(160);
  });

  it('is null when a run measured nothing, so a tap that did not happen cannot pass', () => {
    expect(medianInpMs([tap(90), { error: 'web-vitals reported no interaction since the tap' }, tap(100)])).toBeNull();
    expect(medianInpMs([])).toBeNull();
  });
});

describe('the Interaction to Next Paint goals', () => {
  it('judge each tap by its median run, under 200 ms', () => {
    const goals = checkGoals(
      run({
        interactions: [
          interaction(CHECK_IN_TAP, [tap(150), tap(210), tap(190)]),
          interaction(COMMENT_TAP, [tap(220), tap(200), tap(90)]),
          interaction(CART_TAP, [tap(100), { error: 'timeout' }, tap(100)]),
        ],
      }),
    );
    expect(goalNamed(goals, `INP ${CHECK_IN_TAP}`)).toMatchObject({ name: `INP ${CHECK_IN_TAP} ms, CPU 4× slower`, actual: 190, target: '< 200', pass: true });
    expect(goalNamed(goals, `INP ${COMMENT_TAP}`)).toMatchObject({ actual: 200, pass: false });
    expect(goalNamed(goals, `INP ${CART_TAP}`)).toMatchObject({ actual: null, pass: false });
  });

  it('fail a tap the run did not measure at all', () => {
    const goals = checkGoals(run({ interactions: [interaction(CHECK_IN_TAP, [tap(100)])] }));
    expect(goalNamed(goals, `INP ${COMMENT_TAP}`)).toMatchObject({ actual: null, pass: false });
  });

  it('are left out with --skip-interactions', () => {
    const goals = checkGoals(run({ interactions: null }));
    expect(goals.filter((goal) => goal.name.startsWith('INP '))).toEqual([]);
    expect(parseSettings(['--skip-interactions']).skipInteractions).toBe(true);
    expect(parseSettings([]).skipInteractions).toBe(false);
  });
});

describe("the member export's goal", () => {
  const exported = (growthMb: number) => ({
    posts: 2_000,
    pictures: 500,
    exportSeconds: 4.5,
    zipMb: 74.5,
    baselineRssMb: 254,
    peakRssMb: 254 + growthMb,
    growthMb,
  });
  const name = 'member export (2,000 posts, 500 pictures): RSS growth MB';

  it('holds the growth of the server memory under 64 MB', () => {
    expect(goalNamed(checkGoals(run({ memberExport: exported(43.8) })), name)).toMatchObject({ actual: 43.8, target: '< 64', pass: true });
    expect(goalNamed(checkGoals(run({ memberExport: exported(64) })), name)).toMatchObject({ actual: 64, pass: false });
  });

  it('is left out with --skip-export', () => {
    expect(goalNamed(checkGoals(run({ memberExport: null })), 'member export')).toBeUndefined();
    expect(parseSettings(['--skip-export']).skipExport).toBe(true);
    expect(parseSettings([]).skipExport).toBe(false);
  });
});

describe("/today's goals", () => {
  it('hold its JavaScript to the member budget of 90 KB gzip, answered with 200', () => {
    const name = `${TODAY_PAGE_NAME} JavaScript (gzip) KB`;
    expect(goalNamed(checkGoals(run({ pageWeight: [todayWeight(80 * 1024)] })), name)).toMatchObject({ actual: 80, target: '< 90', pass: true });
    expect(goalNamed(checkGoals(run({ pageWeight: [todayWeight(95 * 1024)] })), name)).toMatchObject({ actual: 95, pass: false });
    // Sent to /login: the shell weighs little and proves nothing about /today.
    expect(goalNamed(checkGoals(run({ pageWeight: [todayWeight(20 * 1024, 302)] })), name)).toMatchObject({ pass: false });
  });

  it('keep its total blocking time on the slow CPU under 200 ms, and fail when the page was missing', () => {
    const name = `Lighthouse ${TODAY_PAGE_NAME} TBT ms`;
    expect(goalNamed(checkGoals(run({ lighthouseSlowCpu: [todaySlowCpu(150)] })), name)).toMatchObject({ name: `${name}, CPU 10× slower`, pass: true });
    expect(goalNamed(checkGoals(run({ lighthouseSlowCpu: [todaySlowCpu(250)] })), name)).toMatchObject({ actual: 250, pass: false });
    expect(goalNamed(checkGoals(run({ lighthouseSlowCpu: [todaySlowCpu(null, 302)] })), name)).toMatchObject({ actual: null, pass: false });
  });
});
