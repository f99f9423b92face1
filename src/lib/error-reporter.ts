// Loaded on every page, so it imports nothing: the caller hands in the way to send.

export interface FrontErrorLog {
  message: string;
  stack: string;
  url: string;
  user_agent: string;
}

export interface ErrorReporterOptions {
  /** Posts the log to `POST /api/front-error-logs`. */
  send: (log: FrontErrorLog) => unknown;
  /** The window by default. */
  target?: EventTarget;
}

export const MAX_REPORTS_PER_PAGE = 10;
export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_STACK_LENGTH = 10_000;

interface ErrorLike {
  message?: unknown;
  stack?: unknown;
}

const asText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  const fallback = Object.prototype.toString.call(value);
  try {
    // `||`: a `toJSON` may answer undefined whatever the type says.
    return JSON.stringify(value) || fallback;
  } catch {
    return fallback;
  }
};

// `error` events carry `error` (or only `message` for cross-origin scripts);
// `unhandledrejection` events carry whatever was rejected as `reason`.
const describe = (event: Event): { message: string; stack: string } => {
  const { error, reason, message } = event as Event & {
    error?: unknown;
    reason?: unknown;
    message?: unknown;
  };
  const cause = event.type === 'unhandledrejection' ? reason : (error ?? message);
  if (typeof cause === 'object' && cause !== null && 'message' in cause) {
    const { message: text, stack } = cause as ErrorLike;
    return { message: asText(text), stack: typeof stack === 'string' ? stack : '' };
  }
  return { message: asText(cause), stack: '' };
};

const ignore = (): void => undefined;

const pageUrl = (): string => (typeof location === 'undefined' ? '' : location.href);

const userAgent = (): string => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** Starts reporting uncaught errors; returns the function that stops it. */
export const installErrorReporter = ({
  send,
  target = typeof window === 'undefined' ? undefined : window,
}: ErrorReporterOptions): (() => void) => {
  const seen = new Set<string>();

  const report = (event: Event): void => {
    try {
      if (seen.size >= MAX_REPORTS_PER_PAGE) return;
      const { message, stack } = describe(event);
      const log: FrontErrorLog = {
        message: message.slice(0, MAX_MESSAGE_LENGTH),
        stack: stack.slice(0, MAX_STACK_LENGTH),
        url: pageUrl(),
        user_agent: userAgent(),
      };
      const fingerprint = `${log.message}\n${log.stack}`;
      if (seen.has(fingerprint)) return;
      seen.add(fingerprint);
      // A failing report must never raise a new error, which would be reported in turn.
      Promise.resolve(send(log)).catch(ignore);
    } catch {
      // Reporting is best effort.
    }
  };

  target?.addEventListener('error', report);
  target?.addEventListener('unhandledrejection', report);
  return () => {
    target?.removeEventListener('error', report);
    target?.removeEventListener('unhandledrejection', report);
  };
};
