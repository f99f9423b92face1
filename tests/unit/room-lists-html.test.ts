import { describe, expect, it, vi } from 'vitest';
import { roomMemberItemsHtml, roomFacesHtml } from '../../src/components/rooms/room-members-html.ts';
import { roomPostCardsHtml } from '../../src/components/rooms/room-post-cards-html.ts';
import { DEFAULT_AVATAR } from '../../src/lib/avatar.ts';
import type { RoomMember, RoomPostItem } from '../../src/lib/rooms.ts';

const HOSTILE = `<script>alert("x")</script>&'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#x27;';

function post(overrides: Partial<RoomPostItem> = {}): RoomPostItem {
  return {
    id: 7,
    ritual_session_id: 3,
    category: 'wake_up',
    category_name: '기상선언',
    title: '오늘의 기상',
    excerpt: '6시에 일어났어요',
    thumbnail_url: '/uploads/a.webp',
    is_public: false,
    author: { id: 2, nickname: '아침형', username: 'morning', profile_image: null },
    comments_count: 3,
    reactions_count: 4,
    reads_count: 5,
    is_hidden: false,
    created_at: '2026-11-27T23:00:00.000000Z',
    updated_at: '2026-11-27T23:00:00.000000Z',
    ...overrides,
  } as RoomPostItem;
}

function member(overrides: Partial<RoomMember> = {}): RoomMember {
  return { id: 2, nickname: '아침형', username: 'morning', profile_image: '/uploads/me.webp', role: 'member', ...overrides };
}

describe('room post cards as a string', () => {
  it('writes each card: its link, category, author, time, excerpt, picture and counts', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T01:00:00Z') });
    try {
      const html = roomPostCardsHtml([post()]);
      expect(html).toBe(
        '<ul class="room-post-cards"><li><article class="room-post-card"><a class="card-link" href="/room/3/7">' +
          '<p class="meta"><span class="category">기상선언</span>' +
          `<span class="author"><img class="avatar" src="${DEFAULT_AVATAR}" alt="" width="24" height="24" loading="lazy" decoding="async" data-fallback="${DEFAULT_AVATAR}">아침형</span>` +
          '<time datetime="2026-11-27T23:00:00.000000Z">2시간 전</time></p>' +
          '<h3 class="title">오늘의 기상</h3><p class="excerpt">6시에 일어났어요</p>' +
          '<img class="thumb" src="/uploads/a.webp" alt="" width="72" height="72" loading="lazy">' +
          '<p class="counts"><span>댓글 3</span><span>반응 4</span><span>읽음 5</span></p></a></article></li></ul>',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves out the title and the picture a post does not have, and writes an empty list', () => {
    const html = roomPostCardsHtml([post({ title: null, thumbnail_url: null })]);
    expect(html).not.toContain('class="title"');
    expect(html).not.toContain('class="thumb"');
    expect(roomPostCardsHtml([])).toBe('<ul class="room-post-cards"></ul>');
  });

  it('writes what members typed as text, and no address that runs script', () => {
    const html = roomPostCardsHtml([
      post({
        title: HOSTILE,
        excerpt: HOSTILE,
        category_name: HOSTILE,
        thumbnail_url: 'javascript:alert(1)',
        author: { id: 2, nickname: HOSTILE, username: 'x', profile_image: ' JaVaScRiPt:alert(1)' },
      }),
    ]);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/src="\s*javascript:alert/i);
    expect(html.split(ESCAPED)).toHaveLength(5);
  });
});

describe("a room's members as a string", () => {
  it('writes the first five faces', () => {
    const members = Array.from({ length: 7 }, (_, index) => member({ id: index, profile_image: `/uploads/${index}.webp` }));
    const faces = roomFacesHtml(members);
    expect(faces.match(/<img /g)).toHaveLength(5);
    expect(faces).toContain('src="/uploads/4.webp" alt="" width="28" height="28"');
    expect(faces).not.toContain('/uploads/5.webp');
  });

  it("links each member to their page in the room, marks the host and writes names as text", () => {
    const html = roomMemberItemsHtml([member({ role: 'host', nickname: '호스트님', username: 'host one' }), member({ nickname: HOSTILE, profile_image: null })], '/room/3');
    expect(html).toBe(
      '<li><a href="/room/3/users/host%20one"><img class="avatar" src="/uploads/me.webp" alt="" width="32" height="32" loading="lazy" decoding="async" ' +
        `data-fallback="${DEFAULT_AVATAR}">호스트님<span class="host">호스트</span></a></li>` +
        `<li><a href="/room/3/users/morning"><img class="avatar" src="${DEFAULT_AVATAR}" alt="" width="32" height="32" loading="lazy" decoding="async" ` +
        `data-fallback="${DEFAULT_AVATAR}">${ESCAPED}</a></li>`,
    );
  });
});
