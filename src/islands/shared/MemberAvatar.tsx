import { useState } from 'react';

const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** A member's round picture; the default stands in when there is none or it fails to load. */
export function MemberAvatar({ src, size, className }: { src: string | null; size: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', flex: 'none' }}
      onError={() => setFailed(true)}
    />
  );
}
