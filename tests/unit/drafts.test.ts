import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { isBlankDraft } from '../../src/lib/draft-value.ts';
import { forgetAllDrafts, forgetDraft, forgetOtherOwners, loadDraft, saveDraft } from '../../src/lib/drafts.ts';
import { createDraft, DRAFT_SAVE_DELAY_MS } from '../../src/stores/drafts.ts';

const MEMBER = 1;
const OTHER = 2;
const NEW_POST = { title: '', html: '' };

beforeEach(async () => {
  await forgetAllDrafts();
});

describe('the drafts kept in the browser', () => {
  it('belong to one account and one place', async () => {
    await saveDraft(MEMBER, 'square-post:new', { title: '아침 산책', html: '<p>물 두 잔</p>' });
    await saveDraft(MEMBER, 'comment:square_post:3', { content: '좋아요' });

    expect((await loadDraft(MEMBER, 'square-post:new'))?.value).toEqual({ title: '아침 산책', html: '<p>물 두 잔</p>' });
    expect(await loadDraft(OTHER, 'square-post:new')).toBeNull();
    expect(await loadDraft(MEMBER, 'square-post:edit:7')).toBeNull();

    await forgetDraft(MEMBER, 'square-post:new');
    expect(await loadDraft(MEMBER, 'square-post:new')).toBeNull();
    expect((await loadDraft(MEMBER, 'comment:square_post:3'))?.value).toEqual({ content: '좋아요' });
  });

  it("are cleared of the other accounts' when another account writes on the browser", async () => {
    await saveDraft(MEMBER, 'inquiry:new', { title: '환불 문의' });
    await saveDraft(OTHER, 'inquiry:new', { title: '배송 문의' });
    await saveDraft(12, 'letter:4', { content: '12번 회원의 편지' });

    await forgetOtherOwners(OTHER);

    expect(await loadDraft(MEMBER, 'inquiry:new')).toBeNull();
    expect(await loadDraft(12, 'letter:4')).toBeNull();
    expect((await loadDraft(OTHER, 'inquiry:new'))?.value).toEqual({ title: '배송 문의' });
  });

  it('count a picture as content and empty markup as nothing', () => {
    expect(isBlankDraft({ title: ' ', html: '<p></p>', is_public: true })).toBe(true);
    expect(isBlankDraft({ html: '<p>&nbsp;</p>' })).toBe(true);
    expect(isBlankDraft({ html: '<p><img src="/uploads/a.webp" alt=""></p>' })).toBe(false);
    expect(isBlankDraft({ title: '', content: '한 줄' })).toBe(false);
  });
});

describe("an editor's draft", () => {
  it('keeps what is typed, offers it back to the same member only, and forgets it once sent', async () => {
    const writing = createDraft(MEMBER, 'room-post:9', NEW_POST);
    await writing.start();
    writing.keep({ title: '', html: '<p>오늘의 기록</p>' });
    await writing.flush();
    expect(writing.$savedAt.get()).not.toBeNull();

    const returning = createDraft(MEMBER, 'room-post:9', NEW_POST);
    await returning.start();
    expect(returning.$offer.get()?.value).toEqual({ title: '', html: '<p>오늘의 기록</p>' });
    expect(returning.take()).toEqual({ title: '', html: '<p>오늘의 기록</p>' });
    expect(returning.$offer.get()).toBeNull();

    returning.keep({ title: '', html: '<p>오늘의 기록, 이어서</p>' });
    await returning.sent();
    // The change typed just before sending was waiting to be written: it never is.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 100));

    const again = createDraft(MEMBER, 'room-post:9', NEW_POST);
    await again.start();
    expect(again.$offer.get()).toBeNull();
    expect(await loadDraft(MEMBER, 'room-post:9')).toBeNull();
  });

  it('is never offered to another account', async () => {
    const mine = createDraft(MEMBER, 'comment:room_post:5', { content: '' });
    await mine.start();
    mine.keep({ content: '나만 보는 댓글' });
    await mine.flush();

    const theirs = createDraft(OTHER, 'comment:room_post:5', { content: '' });
    await theirs.start();
    expect(theirs.$offer.get()).toBeNull();
    // And the first member's draft is gone from this browser, now used by another account.
    expect(await loadDraft(MEMBER, 'comment:room_post:5')).toBeNull();
  });

  it('is forgotten by 지우기, unless what was typed since took its place', async () => {
    await saveDraft(MEMBER, 'review:31', { rating: '4', content: '좋았어요' });
    const declined = createDraft(MEMBER, 'review:31', { rating: '', content: '' });
    await declined.start();
    await declined.discard();
    expect(await loadDraft(MEMBER, 'review:31')).toBeNull();

    await saveDraft(MEMBER, 'review:31', { rating: '4', content: '좋았어요' });
    const rewritten = createDraft(MEMBER, 'review:31', { rating: '', content: '' });
    await rewritten.start();
    rewritten.keep({ rating: '5', content: '다시 써 보니 더 좋았어요' });
    await rewritten.flush();
    await rewritten.discard();
    expect((await loadDraft(MEMBER, 'review:31'))?.value).toEqual({ rating: '5', content: '다시 써 보니 더 좋았어요' });
  });

  it('is forgotten when the editor is emptied', async () => {
    const draft = createDraft(MEMBER, 'letter:4', { content: '' });
    await draft.start();
    draft.keep({ content: '끝나는 날의 나에게' });
    await draft.flush();
    draft.keep({ content: '   ' });
    await draft.flush();
    expect(await loadDraft(MEMBER, 'letter:4')).toBeNull();
    expect(draft.$savedAt.get()).toBeNull();
  });

  it('is no draft while it holds what the editor opened with or what was last sent', async () => {
    const sealed = { content: '봉인한 편지' };
    const draft = createDraft(MEMBER, 'letter:8', sealed);
    await draft.start();
    draft.keep(sealed);
    await draft.flush();
    expect(await loadDraft(MEMBER, 'letter:8')).toBeNull();

    draft.keep({ content: '고쳐 쓰는 중' });
    await draft.flush();
    expect((await loadDraft(MEMBER, 'letter:8'))?.value).toEqual({ content: '고쳐 쓰는 중' });
    // Closed unchanged: back to the sealed letter, nothing left to offer.
    draft.keep(sealed);
    await draft.flush();
    expect(await loadDraft(MEMBER, 'letter:8')).toBeNull();

    draft.keep({ content: '다시 봉인할 편지  ' });
    await draft.flush();
    // The server keeps its own copy (trimmed), which the editor then shows: that is no draft either.
    await draft.sent({ content: '다시 봉인할 편지' });
    draft.keep({ content: '다시 봉인할 편지' });
    await draft.flush();
    expect(await loadDraft(MEMBER, 'letter:8')).toBeNull();
  });
});
