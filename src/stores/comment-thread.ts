import { map } from 'nanostores';
import { createComment, deleteComment, likeComment, updateComment } from '../lib/api/comments.ts';
import { withAdded, withChanged, withDeleted } from '../lib/comment-tree.ts';
import type { CommentData } from '../lib/comments.ts';
import { forgetDraft } from './drafts.ts';
import { confirmModal, inputModal } from './modal.ts';

interface CommentThreadOptions {
  modelType: string;
  modelId: number;
  comments: CommentData[];
}

/**
 * The comments under one thing, for its section: writing, replying, editing (through the global
 * modal's input), deleting (after a confirm) and likes. What went wrong is kept as the failure
 * itself; `status` is for screen readers.
 */
export function createCommentThread({ modelType, modelId, comments }: CommentThreadOptions) {
  const $thread = map({ comments, replyTo: null as number | null, status: '', error: undefined as unknown });

  const change = (update: (tree: CommentData[]) => CommentData[], status?: string): void => {
    const current = $thread.get();
    $thread.set({ ...current, comments: update(current.comments), ...(status === undefined ? {} : { status }) });
  };

  /** Resolves the failure, or null when the comment went in. */
  const send = async (content: string, isAnonymous: boolean, parentId: number | null): Promise<unknown> => {
    try {
      const data = await createComment({
        model_type: modelType,
        model_id: modelId,
        content,
        is_anonymous: isAnonymous,
        ...(parentId === null ? {} : { parent_id: parentId }),
      });
      change((tree) => withAdded(tree, data), parentId === null ? '댓글을 남겼어요.' : '답글을 남겼어요.');
      $thread.setKey('replyTo', null);
      return null;
    } catch (failure) {
      return failure;
    }
  };

  /** `owner` is the member editing: what they type is kept as a draft until the edit went in. */
  const edit = async (comment: CommentData, owner: number): Promise<void> => {
    $thread.setKey('error', undefined);
    const draft = { owner, place: `comment-edit:${comment.id}` };
    const content = await inputModal({
      title: '댓글 수정',
      label: '댓글 내용',
      initialValue: comment.content.replace(/\r/g, ''),
      multiline: true,
      confirmLabel: '수정하기',
      requiredMessage: '댓글 내용을 입력해 주세요.',
      draft,
    });
    if (content === null) return;
    try {
      const data = await updateComment(comment.id, { content });
      void forgetDraft(draft.owner, draft.place);
      change((tree) => withChanged(tree, comment.id, (old) => ({ ...data, replies: old.replies })), '댓글을 고쳤어요.');
    } catch (failure) {
      $thread.setKey('error', failure);
    }
  };

  const remove = async (comment: CommentData): Promise<void> => {
    $thread.setKey('error', undefined);
    const confirmed = await confirmModal({
      title: '댓글을 삭제할까요?',
      message: '삭제한 댓글은 되돌릴 수 없어요.',
      confirmLabel: '삭제하기',
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await deleteComment(comment.id);
      change((tree) => withDeleted(tree, comment.id), '댓글을 삭제했어요.');
    } catch (failure) {
      $thread.setKey('error', failure);
    }
  };

  /** Shown at once, settled by the server's count. */
  const like = async (comment: CommentData): Promise<void> => {
    $thread.setKey('error', undefined);
    const flip = (liked: boolean, count: number): void =>
      change((tree) => withChanged(tree, comment.id, (old) => ({ ...old, is_liked: liked, likes_count: count })));
    flip(!comment.is_liked, Math.max(0, comment.likes_count + (comment.is_liked ? -1 : 1)));
    try {
      const data = await likeComment(comment.id);
      flip(data.liked, data.likes_count);
    } catch (failure) {
      flip(comment.is_liked, comment.likes_count);
      $thread.setKey('error', failure);
    }
  };

  return {
    $thread,
    /** The comments the page carried beside the island (see Comments.astro), once it has read them. */
    seed: (seeded: CommentData[]): void => $thread.setKey('comments', seeded),
    send,
    edit,
    remove,
    like,
    /** Replies go to the top comment, so replying to a reply opens the box under its thread. */
    replyTo: (comment: CommentData | null): void => $thread.setKey('replyTo', comment === null ? null : (comment.parent_id ?? comment.id)),
  };
}
