/**
 * Which pages need a member, which are for guests only, and where a visitor goes instead
 * (SPEC section 4). Decided in middleware, before anything renders.
 */

export interface VisitorState {
  signedIn: boolean;
  emailVerified: boolean;
  agreedToTerms: boolean;
}

const GUEST_ONLY = ['/login', '/register', '/forgot-password', '/reset-password'];
const AUTH_ONLY = ['/admin', '/mypage', '/notification', '/saved', '/cart', '/checkout', '/inquiry', '/compose', '/register/sns', '/room', '/today'];
// Open to everyone although they sit under a member-only prefix.
const PUBLIC_EXCEPTIONS = ['/room/howto'];

const under = (path: string, route: string): boolean => path === route || path.startsWith(`${route}/`);
const normalize = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export function isAuthOnly(pathname: string): boolean {
  const path = normalize(pathname);
  if (PUBLIC_EXCEPTIONS.some((route) => under(path, route))) return false;
  return AUTH_ONLY.some((route) => under(path, route));
}

export function isGuestOnly(pathname: string): boolean {
  const path = normalize(pathname);
  return !isAuthOnly(path) && GUEST_ONLY.some((route) => under(path, route));
}

/**
 * A place on this site to come back to after signing in; anything else becomes the fallback. The
 * value is resolved by the URL parser against the site's own address, as a browser would resolve
 * it (tabs and newlines dropped, backslashes read as slashes, `.` and `%2e` segments removed), and
 * kept only when it stays on this origin. What is handed back is a path, and a path beginning with
 * two slashes names another host when followed (`/.//evil.example` resolves to `//evil.example`),
 * so such a path is refused too.
 */
export function safeRedirect(value: string | null | undefined, siteUrl: string, fallback = '/'): string {
  if (!value) return fallback;
  try {
    const site = new URL(siteUrl);
    const url = new URL(value, site);
    if (url.origin !== site.origin) return fallback;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return /^\/(?![/\\])/.test(target) ? target : fallback;
  } catch {
    return fallback;
  }
}

/** Where to send the visitor instead of this page, or null to render it. */
export function pageRedirect(pathname: string, search: string, visitor: VisitorState, homeForMembers: string): string | null {
  const path = normalize(pathname);
  if (visitor.signedIn && !visitor.agreedToTerms && !path.includes('register/sns') && !path.includes('terms')) {
    return '/register/sns';
  }
  if (visitor.signedIn && isGuestOnly(path)) return homeForMembers;
  if (!isAuthOnly(path)) return null;
  if (!visitor.signedIn) return `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
  if (!visitor.emailVerified && !under(path, '/register/sns')) return '/verify-email';
  return null;
}
