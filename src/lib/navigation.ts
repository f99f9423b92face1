/** The shell's navigation and its rules, decided on the server from the path (SPEC section 2). */

export type NavIcon = 'guide' | 'program' | 'square' | 'shop' | 'mypage';

export interface NavItem {
  key: NavIcon;
  label: string;
  route: string;
  icon: NavIcon;
  mobileOnly?: boolean;
}

export const MAIN_NAV: readonly NavItem[] = [
  { key: 'guide', label: '가이드', route: '/', icon: 'guide' },
  { key: 'program', label: '프로그램', route: '/explorer', icon: 'program' },
  { key: 'square', label: '콘텐츠', route: '/square', icon: 'square' },
  { key: 'shop', label: '툴샵', route: '/explorer/selfcare', icon: 'shop' },
  { key: 'mypage', label: '마이페이지', route: '/mypage', icon: 'mypage', mobileOnly: true },
];

export const SECONDARY_NAV: readonly { label: string; route: string }[] = [
  { label: '월간 리추얼', route: '/explorer' },
  { label: '원데이 프로그램', route: '/explorer/program' },
  { label: '오프더레코드', route: '/explorer/off-the-record' },
];

const SELF_CARE = '/explorer/selfcare';

export function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

const isUnder = (path: string, route: string): boolean => path === route || path.startsWith(`${route}/`);

/** A tab is active when the path starts with its route; Guide only on /, Program not on the self-care path. */
export function isNavActive(item: NavItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (item.route === '/') return path === '/';
  if (item.key === 'program') return isUnder(path, item.route) && !isUnder(path, SELF_CARE);
  return isUnder(path, item.route);
}

/** The secondary tab bar shows only on exactly its three paths. */
export const showsSecondaryNav = (pathname: string): boolean =>
  SECONDARY_NAV.some((item) => item.route === normalizePath(pathname));

/** The composer's pages get the full-screen editor style. */
export const isComposePath = (pathname: string): boolean => isUnder(normalizePath(pathname), '/compose');

/**
 * The chat button stays out of rooms and every composer, except the room guide. A room's post is
 * written at /compose/post?roomId=, which renders /compose/room-post, the path the shell is given.
 */
export function showsCustomerChat(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (path === '/room/howto') return true;
  return !(path.startsWith('/room/') || isComposePath(path));
}
