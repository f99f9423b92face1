import { vi } from 'vitest';

/** A browser's frames, run by hand: `paint()` runs the callbacks of the next frame. */
export function stubFrames(): { paint: () => void } {
  const callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callbacks.push(callback));
  return { paint: () => callbacks.splice(0).forEach((callback) => callback(0)) };
}
