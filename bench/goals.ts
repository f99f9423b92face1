// The goals a run must meet. A new goal is one more line in GOALS, from a rule below or a new one.
import type { MeasuredResult, TargetResult } from './lib/load.ts';
import { isSkipped } from './lib/load.ts';
import type { MemoryReport } from './lib/memory.ts';

export interface Goal {
  name: string;
  target: string;
  actual: number | null;
  pass: boolean;
}

interface Run {
  results: TargetResult[];
  memory: MemoryReport;
}

type Rule = (run: Run) => Goal;

/** `targetName` is the Target's name, as in bench/targets.ts. */
function minRequestsPerSecond(targetName: string, minimum: number): Rule {
  return ({ results }) => {
    const result = results.find((r): r is MeasuredResult => !isSkipped(r) && r.target === targetName);
    return {
      name: `${targetName} req/s`,
      target: `>= ${minimum}`,
      actual: result?.requestsPerSecond ?? null,
      // Error answers are cheap, so a flagged run proves nothing about the route.
      pass: result !== undefined && !result.flagged && result.requestsPerSecond >= minimum,
    };
  };
}

/** The server's peak RSS, start-up included. */
function maxPeakRssMb(limit: number): Rule {
  return ({ memory }) => ({
    name: 'peak RSS MB',
    target: `< ${limit}`,
    actual: memory.peakMb,
    pass: memory.peakMb !== null && memory.peakMb < limit,
  });
}

const GOALS: Rule[] = [minRequestsPerSecond('GET /api/banners/current', 2000), maxPeakRssMb(300)];

export function checkGoals(run: Run): Goal[] {
  return GOALS.map((rule) => rule(run));
}
