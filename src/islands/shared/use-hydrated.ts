import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until React has taken over. Buttons stay disabled until then, so
 * that a quick Enter cannot send a form the browser's way (with a password in the URL), and
 * controls that need a script appear only when they can work.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
