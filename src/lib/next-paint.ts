/** Longer than a frame: a hidden page gets no animation frames, and must not hold a request for them. */
const HIDDEN_PAGE_FALLBACK_MS = 100;

/**
 * Resolves once the browser has painted the next frame, so that what a tap shows (a button's
 * 남기는 중…) reaches the screen before the work it started: a request costs the main thread a few
 * milliseconds on a fast phone and tens on a slow one, which would otherwise stand between the tap
 * and its answer. Outside a browser it resolves at once.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HIDDEN_PAGE_FALLBACK_MS);
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
