import { useEffect, useState } from 'react';

/** Where a guest signs in: the page's own link if given, else /login back to this page (known only in the browser). */
export function useLoginHref(given?: string): string {
  const [href, setHref] = useState(given ?? '/login');
  useEffect(() => {
    if (given) return;
    setHref(`/login?redirect=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`);
  }, [given]);
  return href;
}
