import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentListHtml, guestCommentsHtml } from '../../src/components/comments/comment-list-html.ts';
import type { CommentData } from '../../src/lib/comments.ts';
import type { SessionMember } from '../../src/stores/session.ts';
import { hostileText } from '../helpers/route-fuzz.ts';

// The islands reach the API client, which reads the site's settings through Astro; nothing is sent here.
vi.mock('../../src/lib/browser-api.ts', () => ({ api: {}, quietApi: {} }));
const { CommentList, commentActions } = await import('../../src/islands/comments/CommentList.tsx');
const { CommentSection } = await import('../../src/islands/comments/CommentSection.tsx');

const text = fc.oneof(hostileText, fc.constantFrom('', '방멤버2', `"큰따옴표" & '작은' <b>굵게</b>`, 'javascript:alert(1)', ' \tJaVa\nScRiPt:x'));
const time = fc.constantFrom('2026-11-27T09:26:01.106000Z', '2026-11-26T00:00:00.000000Z', '2025-01-01T12:00:00.000000Z');

const author = fc.option(
  fc.record({
    id: fc.nat(),
    nickname: text,
    // Usernames are well-formed text (the sign-up rules); the other fields take anything.
    username: fc.option(fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('"><script>', 'a&b')), { nil: null }),
    profile_image: fc.option(text, { nil: null }),
  }),
  { nil: null },
);

const comment = (replies: fc.Arbitrary<CommentData[]>): fc.Arbitrary<CommentData> =>
  fc.record({
    id: fc.nat(),
    parent_id: fc.option(fc.nat(), { nil: null }),
    content: text,
    is_anonymous: fc.boolean(),
    author,
    author_name: fc.option(text, { nil: null }),
    likes_count: fc.nat(),
    is_liked: fc.boolean(),
    is_mine: fc.boolean(),
    is_deleted: fc.boolean(),
    is_hidden: fc.boolean(),
    created_at: time,
    updated_at: time,
    replies,
  });

const thread = fc.array(comment(fc.array(comment(fc.constant([])), { maxLength: 3 })), { maxLength: 4 });
const viewer: fc.Arbitrary<SessionMember | null> = fc.option(
  fc.record({ id: fc.nat(), nickname: text, profile_image: fc.option(text, { nil: null }), email_verified: fc.option(fc.boolean(), { nil: undefined }) }),
  { nil: null },
);
const roomId = fc.option(fc.nat(), { nil: undefined });

describe('the comment list written as a string', () => {
  // The relative times ("12시간 전") both renderers write are read from the clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T21:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is CommentList's markup to the byte, for members (buttons waiting) and guests", () => {
    fc.assert(
      fc.property(thread, viewer, roomId, (comments, member, room) => {
        const react = renderToStaticMarkup(createElement(CommentList, { comments, actions: commentActions(member), roomId: room }));
        expect(commentListHtml(comments, member, room)).toBe(react);
      }),
      { numRuns: 400 },
    );
  });

  it("is a guest's whole CommentSection to the byte", () => {
    fc.assert(
      fc.property(thread, roomId, fc.option(text, { nil: undefined }), (comments, room, loginHref) => {
        const props = { modelType: 'square_post', modelId: 1, initialComments: comments, viewer: null, allowsAnonymous: false, roomId: room, loginHref };
        expect(guestCommentsHtml(comments, room, loginHref)).toBe(renderToStaticMarkup(createElement(CommentSection, props)));
      }),
      { numRuns: 200 },
    );
  });

  it('gives every comment, reply and deleted one its anchor, which a notification links to', () => {
    const base: Omit<CommentData, 'id' | 'replies' | 'is_deleted'> = {
      parent_id: null,
      content: '함께해요',
      is_anonymous: false,
      author: null,
      author_name: '느린걸음',
      likes_count: 0,
      is_liked: false,
      is_mine: false,
      is_hidden: false,
      created_at: '2026-11-27T09:26:01.106000Z',
      updated_at: '2026-11-27T09:26:01.106000Z',
    };
    const reply = { ...base, id: 12, parent_id: 11, is_deleted: false, replies: [] };
    const html = commentListHtml([{ ...base, id: 11, is_deleted: true, replies: [reply] }, { ...base, id: 13, is_deleted: false, replies: [] }], null, undefined);
    expect(html.match(/<article [^>]*id="comment-\d+"/g)).toEqual(['<article class="comment comment-deleted" id="comment-11"', '<article class="comment" id="comment-12"', '<article class="comment" id="comment-13"']);
  });

  it('escapes what members wrote and never writes a script URL', () => {
    const hostile: CommentData = {
      id: 1,
      parent_id: null,
      content: '<img src=x onerror=alert(1)>',
      is_anonymous: false,
      author: { id: 2, nickname: 'x', username: '"><script>', profile_image: 'javascript:alert(1)' },
      author_name: '</a><script>alert(1)</script>',
      likes_count: 0,
      is_liked: false,
      is_mine: false,
      is_deleted: false,
      is_hidden: false,
      created_at: '2026-11-27T09:26:01.106000Z',
      updated_at: '2026-11-27T09:26:01.106000Z',
      replies: [],
    };
    const html = commentListHtml([hostile], { id: 3, nickname: 'y', profile_image: null }, 52);
    expect(html).not.toMatch(/<script|<img src=x|src="javascript:alert/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="/room/52/users/%22%3E%3Cscript%3E"');
  });
});
