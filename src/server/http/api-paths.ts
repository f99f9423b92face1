const SOCIAL_PROVIDERS = '(kakao|naver|google|apple)';

const ANY_METHOD = [/^\/api(\/|$)/, /^\/v1(\/|$)/, /^\/(healthz|readyz|metrics)$/, /^\/csrf-token$/];
const GET_ONLY = [
  /^\/uploads\/.+$/,
  /^\/email\/verify\/[^/]+\/[^/]+$/,
  new RegExp(`^/login/${SOCIAL_PROVIDERS}$`),
  new RegExp(`^/login/${SOCIAL_PROVIDERS}/callback$`),
];
// Apple answers the sign-in with a form POST to the callback.
const POST_ONLY = [
  /^\/register$/,
  /^\/login$/,
  /^\/logout$/,
  /^\/forgot-password$/,
  /^\/reset-password$/,
  /^\/email\/verification-notification$/,
  /^\/weekly-letter\/unsubscribe$/,
  new RegExp(`^/login/${SOCIAL_PROVIDERS}/callback$`),
];

/**
 * Whether a request belongs to the API rather than to a page (API-CONVENTIONS.md): a GET of
 * /login is the sign-in page, a POST of /login signs in.
 */
export function isApiRequest(method: string, pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (ANY_METHOD.some((pattern) => pattern.test(path))) return true;
  if (method === 'GET' || method === 'HEAD') return GET_ONLY.some((pattern) => pattern.test(path));
  return POST_ONLY.some((pattern) => pattern.test(path));
}
