/**
 * Whether a request was made by the browser on a guess (a link prefetch, a prerender) or by a
 * preview fetcher, rather than by a person opening the page: Chromium says `Sec-Purpose: prefetch`
 * (`prefetch;prerender`), older browsers `Purpose: prefetch`, Firefox `X-Moz: prefetch`. Such a
 * request must not do what opening the page does (mark notifications read).
 */
export function isSpeculative(headers: Headers): boolean {
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-purpose') ?? ''} ${headers.get('x-moz') ?? ''}`;
  return /prefetch|prerender|preview/i.test(purpose);
}
