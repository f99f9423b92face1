import { describe, expect, it } from 'vitest';
import { liveCount, withAdded, withChanged, withDeleted } from '../../src/lib/comment-tree.ts';
import type { CommentData } from '../../src/lib/comments.ts';
import { toggled, totalReactions } from '../../src/lib/reaction-state.ts';
import { sampleComment } from '../helpers/contract-samples.ts';

const comment = (id: number, parentId: number | null = null, replies: CommentData[] = []): CommentData =>
  sampleComment(id, parentId, { is_liked: true, replies });

describe('comment tree', () => {
  it('adds top comments at the end and replies under their top comment', () => {
    const tree = withAdded(withAdded([comment(1)], comment(2)), comment(3, 1));
    expect(tree.map((c) => [c.id, c.replies.map((r) => r.id)])).toEqual([
      [1, [3]],
      [2, []],
    ]);
    expect(liveCount(tree)).toBe(3);
  });

  it('changes a reply in place', () => {
    const tree = withChanged([comment(1, null, [comment(2, 1)])], 2, (c) => ({ ...c, content: '고침' }));
    expect(tree[0]!.replies[0]!.content).toBe('고침');
    expect(tree[0]!.content).toBe('댓글 1');
  });

  it('blanks a top comment with replies and drops it with its last reply', () => {
    let tree = [comment(1, null, [comment(2, 1)]), comment(3)];
    tree = withDeleted(tree, 1);
    expect(tree[0]).toMatchObject({ id: 1, is_deleted: true, content: '삭제된 댓글입니다.', author: null, likes_count: 0 });
    expect(liveCount(tree)).toBe(2);
    tree = withDeleted(tree, 2);
    expect(tree.map((c) => c.id)).toEqual([3]);
    expect(withDeleted(tree, 3)).toEqual([]);
  });
});

describe('reaction toggles', () => {
  it('adds and removes the member’s reaction, keeping the five types’ order', () => {
    const start = { counts: { like: 1, cheer: 0, empathy: 0, awesome: 2, thanks: 0 }, mine: ['awesome' as const] };
    const on = toggled(start, 'like');
    expect(on).toEqual({ counts: { like: 2, cheer: 0, empathy: 0, awesome: 2, thanks: 0 }, mine: ['like', 'awesome'] });
    const off = toggled(on, 'awesome');
    expect(off.mine).toEqual(['like']);
    expect(totalReactions(off.counts)).toBe(3);
  });
});
