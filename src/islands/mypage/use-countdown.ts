import { useEffect, useState } from 'react';

const TICK_MS = 500;

/**
 * Whole seconds left until `deadline` (epoch milliseconds), re-rendering as they tick down; 0
 * once it has passed or when there is none. Read from the clock at each tick, so a tab that slept
 * in the background shows the right time when it wakes.
 */
export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 180 → "3:00", 5 → "0:05". */
export const formatMinutes = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
