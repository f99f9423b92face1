import { describe, expect, it } from 'vitest';
import { createReadiness } from '../../src/server/http/readiness.ts';

describe('readiness', () => {
  it('goes from starting to ready to draining, and never back', () => {
    const readiness = createReadiness();
    expect(readiness.state).toBe('starting');
    readiness.ready();
    expect(readiness.state).toBe('ready');
    readiness.drain();
    expect(readiness.state).toBe('draining');
    readiness.ready();
    expect(readiness.state).toBe('draining');
  });

  it('drains a server that was never ready (a signal during migrations)', () => {
    const readiness = createReadiness();
    readiness.drain();
    readiness.ready();
    expect(readiness.state).toBe('draining');
  });
});
