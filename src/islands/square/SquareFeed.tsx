import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { PostCard } from './PostCard.tsx';
import type { SquarePostItem, SquarePostPage } from './types.ts';
import './square.css';

interface Props {
  /** The cursor after the server-rendered page; null when it was the last. */
  nextCursor: string | null;
  /** The list's address, for the 더 보기 link that works without JavaScript. */
  basePath: string;
  /** Which API list to continue: the square (optionally one category), saved posts, or a member's posts. */
  source: { kind: 'square'; category?: string } | { kind: 'saved' } | { kind: 'user'; userId: number };
  showCategory?: boolean;
}

const endpointOf = (source: Props['source']): { url: string; query: Record<string, string> } => {
  if (source.kind === 'saved') return { url: '/api/square-posts/saved', query: {} };
  if (source.kind === 'user') return { url: `/api/square-posts/users/${source.userId}`, query: {} };
  return {
    url: '/api/square-posts',
    query: source.category ? { category: source.category } : {},
  };
};

/**
 * The pages after the first: loaded when the end of the list comes into view. Until the script
 * runs, and for a reader without it, 더 보기 is a plain link to the next page.
 */
export function SquareFeed({ nextCursor, basePath, source, showCategory = true }: Props) {
  const [posts, setPosts] = useState<SquarePostItem[]>([]);
  const [cursor, setCursor] = useState(nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const loadMore = async () => {
    if (busy.current || cursor === null) return;
    busy.current = true;
    setLoading(true);
    setError('');
    try {
      const { url, query } = endpointOf(source);
      const page = await api.get<SquarePostPage>(url, { ...query, cursor });
      setPosts((shown) => {
        const seen = new Set(shown.map((post) => post.id));
        return [...shown, ...page.data.filter((post) => !seen.has(post.id))];
      });
      setCursor(page.meta.next_cursor);
    } catch (failure) {
      setError(failureMessages(failure)[0] ?? '');
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  useEffect(() => {
    const target = sentinel.current;
    if (!target || cursor === null || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
    // Re-observed on each new cursor, so the observer's loadMore always sends the latest one.
  }, [cursor, error]);

  const moreHref = cursor === null ? null : `${basePath}${basePath.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

  return (
    <div className="square-feed">
      {posts.length > 0 && (
        <ul className="square-list square-feed-more" aria-label="이어서 불러온 글">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} showCategory={showCategory} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="square-feed-end" aria-live="polite">
        {loading && <p className="square-feed-status">글을 더 불러오는 중이에요…</p>}
        {error && (
          <p className="square-feed-status error" role="alert">
            {error}
          </p>
        )}
        {moreHref && !loading && (
          <a
            className="pill"
            href={moreHref}
            onClick={(event) => {
              event.preventDefault();
              setError('');
              void loadMore();
            }}
          >
            더 보기
          </a>
        )}
        {cursor === null && posts.length > 0 && <p className="square-feed-status">마지막 글까지 모두 봤어요.</p>}
      </div>
    </div>
  );
}
