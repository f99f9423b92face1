/** starting → ready → draining; draining is final, and a server may drain before it was ever ready. */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  /** The database is migrated and the work on a clock started: the server may take traffic. */
  ready(): void;
  /** Shutdown began: the load balancer must send nothing more. */
  drain(): void;
}

export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting';
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
  };
}
