import type { ReactNode } from 'react';

// Drawn, not typed: an emoji or symbol font may be missing, and a picture has no text that could
// disagree with the button's label.
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="editor-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const BulletListIcon = () => (
  <Icon>
    <circle cx="5" cy="7" r="1" fill="currentColor" />
    <circle cx="5" cy="12" r="1" fill="currentColor" />
    <circle cx="5" cy="17" r="1" fill="currentColor" />
    <path d="M9.5 7H20M9.5 12H20M9.5 17H20" />
  </Icon>
);

export const OrderedListIcon = () => (
  <Icon>
    <path d="M4 5.2 5.4 4.4V9" />
    <path d="M3.8 11.6c.3-.9 2.4-.9 2.4.3 0 1-2.4 1.7-2.4 3h2.5" />
    <path d="M3.9 17.3h2.2l-1.3 1.5c1.4 0 1.7 2.1 0 2.2-.5 0-.9-.2-1-.4" />
    <path d="M10 7h10M10 12.5h10M10 18h10" />
  </Icon>
);

export const QuoteIcon = () => (
  <Icon>
    <path d="M5 11h4v5H5zM5 11c0-3 1.3-4.6 4-5" />
    <path d="M14 11h4v5h-4zM14 11c0-3 1.3-4.6 4-5" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
  </Icon>
);

export const ImageIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="8.5" cy="10" r="1.5" />
    <path d="m21 16-5-5-9 8" />
  </Icon>
);
