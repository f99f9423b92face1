import { formatCount } from '../../lib/numbers.ts';
import { formatDateTime, relativeTime } from '../../lib/time.ts';
import { postPath } from '../../lib/square.ts';
import type { SquarePostItem } from '../../lib/square.ts';
import './square.css';

const THUMB = 88;

/** A server-rendered page of posts as one React render (one per card costs Astro a render each). */
export function PostCardList({ posts, showCategory = true, label }: { posts: SquarePostItem[]; showCategory?: boolean; label: string }) {
  return (
    <ul className="square-list" aria-label={label}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} showCategory={showCategory} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One post in a list. Rendered on the server for the first page (no hydration) and by SquareFeed
 * for the pages after it, so both look the same.
 */
export function PostCard({ post, showCategory = true }: { post: SquarePostItem; showCategory?: boolean }) {
  const locked = post.is_protected && post.excerpt === null;
  return (
    <article className="square-card">
      <a className="square-card-link" href={postPath(post)}>
        <span className="square-card-body">
          <span className="square-card-heading">
            {post.is_notice && <span className="notice-badge">공지</span>}
            {showCategory && <span className="square-card-category">{post.category.name}</span>}
          </span>
          <span className="square-card-title">
            {post.is_protected && <span className="square-lock">비밀글</span>}
            {post.title}
          </span>
          {locked ? (
            <span className="square-card-excerpt muted">비밀번호를 입력해야 볼 수 있는 글이에요.</span>
          ) : (
            post.excerpt && <span className="square-card-excerpt">{post.excerpt}</span>
          )}
          <span className="square-card-meta">
            <span>{post.author_name}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.created_at} title={formatDateTime(post.created_at)} suppressHydrationWarning>
              {relativeTime(post.created_at)}
            </time>
            <span aria-hidden="true">·</span>
            <span>댓글 {formatCount(post.comments_count)}</span>
            <span aria-hidden="true">·</span>
            <span>반응 {formatCount(post.reactions_count)}</span>
          </span>
        </span>
        {post.thumbnail_url && (
          <img className="square-card-thumb" src={post.thumbnail_url} alt="" width={THUMB} height={THUMB} loading="lazy" decoding="async" />
        )}
      </a>
    </article>
  );
}
