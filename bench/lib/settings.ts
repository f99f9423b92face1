import { parseArgs } from 'node:util';

export interface Settings {
  /** Seconds recorded per target. */
  duration: number;
  connections: number;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** `--duration N` and `--connections N`; see bench/README.md. */
export function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: { duration: { type: 'string' }, connections: { type: 'string' } },
  });
  return {
    duration: positiveInt('duration', values.duration, 10),
    connections: positiveInt('connections', values.connections, 50),
  };
}
