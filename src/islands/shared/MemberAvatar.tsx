import { useState } from 'react';
import { DEFAULT_AVATAR } from '../../lib/avatar.ts';

/** A member's round picture (the `avatar` class of global.css); the default stands in when there is none or it fails to load. */
export function MemberAvatar({ src, size, className }: { src: string | null; size: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className ? `avatar ${className}` : 'avatar'}
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
