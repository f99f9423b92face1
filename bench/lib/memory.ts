import { readFileSync } from 'node:fs';

const SAMPLE_MS = 250;

/** A `Vm*` field of /proc/<pid>/status in kB, or null where /proc is unavailable (not Linux). */
function readProcStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s*(\\d+)\\s*kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function toMb(kb: number | null): number | null {
  return kb === null ? null : Math.round((kb / 1024) * 10) / 10;
}

/** The process's RSS now, or null where /proc is unavailable. */
export function rssMb(pid: number): number | null {
  return toMb(readProcStatusKb(pid, 'VmRSS'));
}

export interface MemoryReport {
  startMb: number | null;
  /** The highest RSS sampled while the benchmarks ran. */
  loadPeakMb: number | null;
  /** The larger of loadPeakMb and VmHWM, which also covers the start (migrations, seeding). */
  peakMb: number | null;
}

/** Samples a process's RSS every 250 ms, overall and per phase (one phase per target). */
export class MemorySampler {
  private readonly startKb: number | null;
  private maxRssKb: number | null = null;
  private phaseMaxKb: number | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.startKb = readProcStatusKb(pid, 'VmRSS');
    this.sample();
    // Unref'd, so a run that fails before stop() still lets the process exit.
    this.timer = setInterval(() => this.sample(), SAMPLE_MS).unref();
  }

  private sample(): void {
    const rss = readProcStatusKb(this.pid, 'VmRSS');
    if (rss === null) return;
    this.maxRssKb = Math.max(this.maxRssKb ?? 0, rss);
    this.phaseMaxKb = Math.max(this.phaseMaxKb ?? 0, rss);
  }

  cancel(): void {
    clearInterval(this.timer);
  }

  /** The highest RSS since the previous call. */
  takePhasePeakMb(): number | null {
    this.sample();
    const peak = this.phaseMaxKb;
    this.phaseMaxKb = null;
    return toMb(peak);
  }

  /** Must be called while the process still runs, since VmHWM dies with it. */
  stop(): MemoryReport {
    this.cancel();
    this.sample();
    // The kernel's own peak catches spikes between two samples.
    const hwm = readProcStatusKb(this.pid, 'VmHWM');
    const peak = hwm === null ? this.maxRssKb : Math.max(this.maxRssKb ?? 0, hwm);
    return { startMb: toMb(this.startKb), loadPeakMb: toMb(this.maxRssKb), peakMb: toMb(peak) };
  }
}
