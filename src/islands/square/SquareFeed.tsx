import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { createSquareFeed } from '../../stores/square-feed.ts';
import type { SquareFeedSource } from '../../stores/square-feed.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { PostCard } from './PostCard.tsx';
import './square.css';

interface Props {
  /** The cursor after the server-rendered page; null when it was the last. */
  nextCursor: string | null;
  /** The list's address, for the 더 보기 link that works without JavaScript. */
  basePath: string;
  /** Which API list to continue: the square (optionally one category), saved posts, or a member's posts. */
  source: SquareFeedSource;
  showCategory?: boolean;
}

/**
 * The pages after the first: loaded when the end of the list comes into view. Until the script
 * runs, and for a reader without it, 더 보기 is a plain link to the next page.
 */
export function SquareFeed({ nextCursor, basePath, source, showCategory = true }: Props) {
  // The first page is the server's, outside the island: the island shows only the pages after it.
  const [feed] = useState(() => createSquareFeed(source, nextCursor));
  const { items: posts, next: cursor, loading, error } = useStore(feed.$view);
  const failed = error !== undefined;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => feed.start(), [feed]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || cursor === null || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) feed.loadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [feed, cursor, failed]);

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
        {failed && (
          <p className="square-feed-status error" role="alert">
            {failureMessage(error)}
          </p>
        )}
        {moreHref && !loading && (
          <a
            className="pill"
            href={moreHref}
            onClick={(event) => {
              event.preventDefault();
              if (failed) feed.retry();
              else feed.loadMore();
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
