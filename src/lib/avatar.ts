import { escapeHtml, urlAttribute } from './html-markup.ts';

export const DEFAULT_AVATAR = '/images/default-avatar.svg';

interface AvatarOptions {
  alt?: string;
  /** Eager for a picture at the top of its page; lazy (the default) elsewhere. */
  loading?: 'lazy' | 'eager';
}

/**
 * A member's round picture: the one element every page, list and island shows. The `avatar` class
 * (global.css), and the default picture named for the shell's AvatarFallback.astro, which stands it
 * in when there is none, when the picture fails to load, and when it loads with no width at all
 * (SPEC §8). Astro writes it as `<img {...avatarImage(src, size)} />` (Avatar.astro, and lists
 * inline, where a component per avatar cost a seventh of a room page's server time), islands
 * through MemberAvatar.tsx, the server's comment list through avatarImageHtml.
 */
export function avatarImage(src: string | null | undefined, size: number, options: AvatarOptions = {}) {
  return {
    class: 'avatar',
    src: src || DEFAULT_AVATAR,
    alt: options.alt ?? '',
    width: size,
    height: size,
    loading: options.loading ?? 'lazy',
    decoding: 'async',
    'data-fallback': DEFAULT_AVATAR,
  } as const;
}

/**
 * avatarImage's element as React writes it (its attribute order, escaping and closing slash), for
 * markup the server writes as a string in the place of an island (components/comments/comment-list-html.ts).
 */
export function avatarImageHtml(src: string | null | undefined, size: number): string {
  let html = '<img';
  for (const [name, value] of Object.entries(avatarImage(src, size))) {
    html += ` ${name}="${name === 'src' ? urlAttribute(String(value)) : escapeHtml(String(value))}"`;
  }
  return `${html}/>`;
}
