import { Suspense, lazy, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { quietApi } from '../../lib/browser-api.ts';
import { failureMessages } from '../auth/failure.ts';
import type { CanPost, EditablePost, SquareCategory } from './types.ts';
import './editor.css';

interface PostComposerProps {
  /** `?category=` of /compose/post: the board to write in, when the member may. */
  categorySlug?: string | null;
  /** `?id=` of /compose/post-edit. */
  postId?: number | null;
  /** Staff may edit others' posts and mark notices. */
  isStaff: boolean;
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'blocked'; title: string; reason: string; back: { href: string; label: string } }
  | { kind: 'ready'; categories: SquareCategory[]; initialCategoryId: number | null; post?: EditablePost };

// Tiptap is most of the island's weight: its own chunk, fetched alongside the boards, so that the
// island starts (and says it is loading) before the editor's code has arrived.
const loadForm = () => import('./PostForm.tsx');
const PostForm = lazy(async () => ({ default: (await loadForm()).PostForm }));

const NO_CATEGORY_REASON = '지금은 글을 쓸 수 있는 게시판이 없어요.';
const SQUARE_LINK = { href: '/square', label: '광장으로 가기' };
const NOT_FOUND_STATUS = 404;

const listOf = async <T,>(path: string): Promise<T[]> => (await quietApi.get<{ data: T[] }>(path)).data;

async function reasonFor(categoryId: number): Promise<string> {
  const { data } = await quietApi.get<{ data: CanPost }>('/api/ritual-session-user-squares/can-post', {
    square_post_category_id: categoryId,
  });
  return data.reason ?? NO_CATEGORY_REASON;
}

/** What /compose/post shows: the form in the chosen (or first) board, or why the member cannot write. */
async function newPostStage(categorySlug: string | null): Promise<Stage> {
  const [all, writable] = await Promise.all([
    listOf<SquareCategory>('/api/square-post-categories'),
    listOf<SquareCategory>('/api/ritual-session-user-squares'),
  ]);
  const chosen = categorySlug ? all.find((category) => category.slug === categorySlug) : undefined;
  if (chosen && !writable.some((category) => category.id === chosen.id)) {
    return {
      kind: 'blocked',
      title: `${chosen.name}에는 글을 쓸 수 없어요`,
      reason: await reasonFor(chosen.id),
      back: { href: `/square/${encodeURIComponent(chosen.slug)}`, label: '게시판으로 돌아가기' },
    };
  }
  if (writable.length === 0) {
    const first = all[0];
    return {
      kind: 'blocked',
      title: '아직 글을 쓸 수 없어요',
      reason: first ? await reasonFor(first.id) : NO_CATEGORY_REASON,
      back: SQUARE_LINK,
    };
  }
  return { kind: 'ready', categories: writable, initialCategoryId: chosen?.id ?? writable[0]?.id ?? null };
}

/** What /compose/post-edit shows: the post in the form, for its author (or staff) only. */
async function editStage(postId: number, isStaff: boolean): Promise<Stage> {
  let post: EditablePost;
  try {
    post = (await quietApi.get<{ data: EditablePost }>(`/api/square-posts/${postId}`)).data;
  } catch (error) {
    if (isApiError(error) && (error.status === NOT_FOUND_STATUS || error.status === 403)) {
      return { kind: 'blocked', title: '글을 찾을 수 없어요', reason: '삭제되었거나 주소가 잘못된 글이에요.', back: SQUARE_LINK };
    }
    throw error;
  }
  const postLink = { href: `/square/${encodeURIComponent(post.category.slug)}/${post.id}`, label: '글로 돌아가기' };
  if (!post.is_mine && !isStaff) {
    return { kind: 'blocked', title: '수정할 수 없는 글이에요', reason: '내가 쓴 글만 수정할 수 있어요.', back: postLink };
  }
  const writable = await listOf<SquareCategory>('/api/ritual-session-user-squares');
  // The post's own board stays choosable even if the member could no longer start a post in it.
  const categories = writable.some((category) => category.id === post.category.id)
    ? writable
    : [{ ...post.category, write_scope: '', allows_anonymous: post.is_anonymous }, ...writable];
  return { kind: 'ready', categories, initialCategoryId: post.category.id, post };
}

/** The composer of /compose/post and /compose/post-edit (island, browser only). */
export function PostComposer({ categorySlug = null, postId = null, isStaff }: PostComposerProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [failure, setFailure] = useState<string[] | null>(null);

  useEffect(() => {
    let current = true;
    // Started with the boards' request rather than after it.
    void loadForm();
    const load = postId === null ? newPostStage(categorySlug) : editStage(postId, isStaff);
    load.then(
      (next) => current && setStage(next),
      (error: unknown) => current && setFailure(failureMessages(error)),
    );
    return () => {
      current = false;
    };
  }, [categorySlug, postId, isStaff]);

  if (failure) {
    return (
      <div className="composer-blocked" role="alert">
        <h2>글쓰기 화면을 열지 못했어요</h2>
        {failure.map((message) => (
          <p key={message}>{message}</p>
        ))}
        <button type="button" className="composer-action" onClick={() => window.location.reload()}>
          다시 시도하기
        </button>
      </div>
    );
  }
  if (stage.kind === 'loading') {
    return (
      <p className="composer-loading" role="status">
        글쓰기 화면을 준비하고 있어요…
      </p>
    );
  }
  if (stage.kind === 'blocked') {
    return (
      <div className="composer-blocked" role="status">
        <h2>{stage.title}</h2>
        <p>{stage.reason}</p>
        <a className="composer-action" href={stage.back.href}>
          {stage.back.label}
        </a>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="composer-loading" role="status">
          편집기를 불러오고 있어요…
        </p>
      }
    >
      <PostForm categories={stage.categories} initialCategoryId={stage.initialCategoryId} post={stage.post} canPostNotice={isStaff} />
    </Suspense>
  );
}
