import { useEffect, useRef, useState } from 'react';
import './mypage.css';

const DEFAULT_AVATAR = '/images/default-avatar.svg';

interface AvatarProps {
  src: string | null | undefined;
  alt: string;
  size: number;
}

/**
 * The islands' round picture, with the rule of components/Avatar.astro (SPEC §8): the default
 * picture stands in when there is none, when it fails to load, or when it loads with no width.
 */
export function Avatar({ src, alt, size }: AvatarProps) {
  const ref = useRef<HTMLImageElement>(null);
  // Remembered per source: a new picture (a fresh preview) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || DEFAULT_AVATAR;
  const shown = failedSrc === wanted ? DEFAULT_AVATAR : wanted;

  const check = (image: HTMLImageElement) => {
    // Never for the default itself, so a missing default cannot loop.
    if (shown !== DEFAULT_AVATAR && image.complete && image.naturalWidth === 0) setFailedSrc(wanted);
  };

  // The server's HTML may have finished loading (or failing) before React took over, when no
  // handler was there to hear it: look once after mounting and after each new source.
  useEffect(() => {
    if (ref.current) check(ref.current);
  });

  return (
    <img
      ref={ref}
      className="mypage-avatar"
      src={shown}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      onLoad={(event) => check(event.currentTarget)}
      onError={(event) => check(event.currentTarget)}
    />
  );
}
