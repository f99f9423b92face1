import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenderGate } from '../../src/server/http/render-gate.ts';

/** A response as the gate sees it: it closes when the page is sent or the visitor leaves. */
class Response extends EventEmitter {
  destroyed = false;
  close(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

const response = () => new Response() as Response & ServerResponse;

describe('the render gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders up to its slots at once and the rest in the order they came, as pages finish', () => {
    const gate = createRenderGate({ slots: 2, leaseMs: 100 });
    const rendered: number[] = [];
    const pages = [0, 1, 2, 3].map(response);
    pages.forEach((res, index) => gate(res, () => rendered.push(index)));
    expect(rendered).toEqual([0, 1]);
    pages[1]!.close();
    expect(rendered).toEqual([0, 1, 2]);
    // A second close of the same page frees nothing more.
    pages[1]!.emit('close');
    expect(rendered).toEqual([0, 1, 2]);
    pages[0]!.close();
    expect(rendered).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a page still under way after its lease, once', () => {
    const gate = createRenderGate({ slots: 1, leaseMs: 100 });
    const rendered: number[] = [];
    const pages = [0, 1, 2].map(response);
    pages.forEach((res, index) => gate(res, () => rendered.push(index)));
    vi.advanceTimersByTime(99);
    expect(rendered).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(rendered).toEqual([0, 1]);
    // The slow page finishing later does not free a second slot.
    pages[0]!.close();
    expect(rendered).toEqual([0, 1]);
    pages[1]!.close();
    expect(rendered).toEqual([0, 1, 2]);
  });

  it('skips a page whose visitor left while it waited, and passes its turn on', () => {
    const gate = createRenderGate({ slots: 1, leaseMs: 100 });
    const rendered: number[] = [];
    const pages = [0, 1, 2].map(response);
    pages.forEach((res, index) => gate(res, () => rendered.push(index)));
    pages[1]!.close();
    pages[0]!.close();
    expect(rendered).toEqual([0, 2]);
    // Every slot comes back: a new page renders at once after the last one closes.
    pages[2]!.close();
    gate(response(), () => rendered.push(3));
    expect(rendered).toEqual([0, 2, 3]);
  });
});
