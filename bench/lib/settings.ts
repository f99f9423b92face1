import { parseArgs } from 'node:util';

export interface Settings {
  /** Seconds recorded per target. */
  duration: number;
  connections: number;
  /** No browser: the page-weight table and its goal are left out. */
  skipPageWeight: boolean;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** `--duration N`, `--connections N` and `--skip-page-weight`; see bench/README.md. */
export function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: { duration: { type: 'string' }, connections: { type: 'string' }, 'skip-page-weight': { type: 'boolean' } },
  });
  return {
    duration: positiveInt('duration', values.duration, 10),
    connections: positiveInt('connections', values.connections, 50),
    skipPageWeight: values['skip-page-weight'] ?? false,
  };
}
