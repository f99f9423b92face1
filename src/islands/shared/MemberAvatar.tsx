import { avatarImage } from '../../lib/avatar.ts';

/**
 * A member's round picture in an island: lib/avatar.ts's element. The shell's AvatarFallback.astro
 * stands the default picture in for a missing, broken or empty one, as it does for the server's.
 */
export function MemberAvatar({ src, size, alt, loading }: { src: string | null | undefined; size: number; alt?: string; loading?: 'lazy' | 'eager' }) {
  const { class: className, ...attributes } = avatarImage(src, size, { alt, loading });
  return <img className={className} {...attributes} />;
}
