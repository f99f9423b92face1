import { parseArgs } from 'node:util';

export interface Settings {
  /** Seconds recorded per target. */
  duration: number;
  connections: number;
  /** No browser: the page-weight table and its goal are left out. */
  skipPageWeight: boolean;
  /** No Lighthouse: its scores and their goals are left out. */
  skipLighthouse: boolean;
  /** Lighthouse runs per page; the median run's scores are kept. */
  lighthouseRuns: number;
  /** No 100,000-post square: its targets and goals are left out, and the start is quicker. */
  skipSquare: boolean;
  /** No 1,000,000 notifications: the poll's target and goals are left out, and the start is quicker. */
  skipNotifications: boolean;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * `--duration N`, `--connections N`, `--skip-page-weight`, `--skip-lighthouse`,
 * `--lighthouse-runs N`, `--skip-square` and `--skip-notifications`; see bench/README.md.
 */
export function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      'skip-page-weight': { type: 'boolean' },
      'skip-lighthouse': { type: 'boolean' },
      'lighthouse-runs': { type: 'string' },
      'skip-square': { type: 'boolean' },
      'skip-notifications': { type: 'boolean' },
    },
  });
  return {
    duration: positiveInt('duration', values.duration, 10),
    connections: positiveInt('connections', values.connections, 50),
    skipPageWeight: values['skip-page-weight'] ?? false,
    skipLighthouse: values['skip-lighthouse'] ?? false,
    lighthouseRuns: positiveInt('lighthouse-runs', values['lighthouse-runs'], 3),
    skipSquare: values['skip-square'] ?? false,
    skipNotifications: values['skip-notifications'] ?? false,
  };
}
