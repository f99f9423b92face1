import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemberAvatar } from '../../src/islands/shared/MemberAvatar.tsx';
import { DEFAULT_AVATAR, avatarImageHtml } from '../../src/lib/avatar.ts';

describe("a member's picture", () => {
  it('is the same element in an island and in the markup the server writes, fallback named', () => {
    for (const src of ['/uploads/me.webp', null, '']) {
      const island = renderToString(createElement(MemberAvatar, { src, size: 30 }));
      expect(island).toBe(avatarImageHtml(src, 30));
      expect(island).toContain(`data-fallback="${DEFAULT_AVATAR}"`);
    }
  });

  it('shows the default picture when there is none, and never a script address', () => {
    expect(avatarImageHtml(null, 24)).toContain(`src="${DEFAULT_AVATAR}"`);
    expect(avatarImageHtml('javascript:alert(1)', 24)).not.toContain('javascript:alert');
    expect(avatarImageHtml('/a.webp?x="><script>', 24)).toContain('src="/a.webp?x=&quot;&gt;&lt;script&gt;"');
  });
});
