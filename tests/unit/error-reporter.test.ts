import { describe, expect, it, vi } from 'vitest';
import {
  installErrorReporter,
  MAX_MESSAGE_LENGTH,
  MAX_REPORTS_PER_PAGE,
  MAX_STACK_LENGTH,
} from '../../src/lib/error-reporter.ts';
import type { FrontErrorLog } from '../../src/lib/error-reporter.ts';

// Node has neither ErrorEvent nor PromiseRejectionEvent: plain events with their fields stand in.
const errorEvent = (fields: { error?: unknown; message?: string }): Event =>
  Object.assign(new Event('error'), fields);

const rejectionEvent = (reason: unknown): Event =>
  Object.assign(new Event('unhandledrejection'), { reason });

const failure = (message: string, stack = `Error: ${message}\n    at page.js:1:1`): Error =>
  Object.assign(new Error(message), { stack });

const install = (send: (log: FrontErrorLog) => unknown = () => undefined) => {
  const target = new EventTarget();
  const sent: FrontErrorLog[] = [];
  const uninstall = installErrorReporter({
    target,
    send: (log) => {
      sent.push(log);
      return send(log);
    },
  });
  return { target, sent, uninstall };
};

describe('installErrorReporter', () => {
  it('reports an uncaught error with its message, stack, page and browser', () => {
    const { target, sent } = install();
    const error = failure('boom');
    target.dispatchEvent(errorEvent({ error, message: 'Uncaught Error: boom' }));
    expect(sent).toEqual([
      {
        message: 'boom',
        stack: error.stack,
        url: expect.any(String) as string,
        user_agent: navigator.userAgent,
      },
    ]);
  });

  it('reports an unhandled rejection, whatever was rejected', () => {
    const { target, sent } = install();
    target.dispatchEvent(rejectionEvent(failure('rejected')));
    target.dispatchEvent(rejectionEvent('plain text'));
    target.dispatchEvent(rejectionEvent({ code: 7 }));
    expect(sent.map(({ message }) => message)).toEqual(['rejected', 'plain text', '{"code":7}']);
    expect(sent[1]?.stack).toBe('');
  });

  it('falls back on the event message when the error is hidden (cross-origin script)', () => {
    const { target, sent } = install();
    target.dispatchEvent(errorEvent({ error: null, message: 'Script error.' }));
    expect(sent[0]).toMatchObject({ message: 'Script error.', stack: '' });
  });

  it('cuts the message at 2000 and the stack at 10000 characters', () => {
    const { target, sent } = install();
    target.dispatchEvent(errorEvent({ error: failure('m'.repeat(3000), 's'.repeat(20_000)) }));
    expect(MAX_MESSAGE_LENGTH).toBe(2000);
    expect(MAX_STACK_LENGTH).toBe(10_000);
    expect(sent[0]?.message).toBe('m'.repeat(2000));
    expect(sent[0]?.stack).toBe('s'.repeat(10_000));
  });

  it('reports the same message and stack only once', () => {
    const { target, sent } = install();
    const error = failure('again');
    target.dispatchEvent(errorEvent({ error }));
    target.dispatchEvent(rejectionEvent(error));
    target.dispatchEvent(errorEvent({ error: failure('again', 'another stack') }));
    expect(sent.map(({ stack }) => stack)).toEqual([error.stack, 'another stack']);
  });

  it('reports at most 10 errors per page load', () => {
    const { target, sent } = install();
    for (let index = 0; index < 15; index += 1) {
      target.dispatchEvent(errorEvent({ error: failure(`error ${index}`) }));
    }
    expect(MAX_REPORTS_PER_PAGE).toBe(10);
    expect(sent).toHaveLength(10);
    expect(sent.at(-1)?.message).toBe('error 9');
  });

  it('swallows a send that throws or rejects', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const throwing = install(() => {
        throw new Error('offline');
      });
      expect(() =>
        throwing.target.dispatchEvent(errorEvent({ error: failure('a') })),
      ).not.toThrow();
      const rejecting = install(() => Promise.reject(new Error('offline')));
      rejecting.target.dispatchEvent(errorEvent({ error: failure('b') }));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(rejecting.sent).toHaveLength(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('survives events it cannot read', () => {
    const { target, sent } = install();
    const hostile = Object.defineProperty(new Event('error'), 'error', {
      get: () => {
        throw new Error('no access');
      },
    });
    expect(() => target.dispatchEvent(hostile)).not.toThrow();
    expect(sent).toEqual([]);
  });

  it('stops reporting once uninstalled', () => {
    const { target, sent, uninstall } = install();
    uninstall();
    target.dispatchEvent(errorEvent({ error: failure('late') }));
    expect(sent).toEqual([]);
  });
});
