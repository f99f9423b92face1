/**
 * The installed app's manifest (API-CONVENTIONS.md, "Installable app and offline"): what a phone
 * shows on its home screen and while the app opens. The icons are drawn by scripts/app-icons.ts.
 */
import { DEFAULT_DESCRIPTION, SITE_NAME } from './seo.ts';

/** The header and the page are white, so the browser's bar and the opening screen are too (tokens.css --color-surface). */
export const THEME_COLOR = '#ffffff';
export const BACKGROUND_COLOR = '#ffffff';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON_PATH = '/icons/apple-touch-icon.png';

/** The member's start screen; a guest is sent on to sign in from there. */
export const START_URL = '/today';

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: 'ko';
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

export const MANIFEST_ICONS: ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function webAppManifest(): WebAppManifest {
  return {
    // Fixed, so that moving start_url later does not make the installed app a different one.
    id: '/',
    name: `${SITE_NAME} - 나답게 성장하는 습관`,
    short_name: SITE_NAME,
    description: DEFAULT_DESCRIPTION,
    lang: 'ko',
    dir: 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS,
  };
}
