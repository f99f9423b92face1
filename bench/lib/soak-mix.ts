// What the soak sends each second: mostly page views and the poll, a few API reads as islands
// make them, and posts and comments written by members through the API with their session and
// request-forgery token, as their browsers send them.
import type { SoakPost } from './soak-members.ts';

export interface SoakCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  json?: unknown;
  /** A write whose answer (201) is read: a new post is read and commented on from then on. */
  creates?: { kind: 'post'; categorySlug: string } | { kind: 'comment' };
}

/** What the calls are made from: the browsers and posts of bench/lib/soak-members.ts and what the soak wrote. */
export interface SoakTraffic {
  /** Any signed-in member's cookie. */
  member: () => string;
  /** A writing member's cookie and request-forgery token. */
  writer: () => { cookie: string; token: string };
  category: () => { id: number; slug: string };
  /** A post someone reads: one the soak wrote or an older one. */
  readPost: () => SoakPost;
  /** A post someone answers: mostly among the newest. */
  freshPost: () => SoakPost;
  /** The n-th poll's member: every member in turn, so each polls once a cycle. */
  poller: (n: number) => string;
}

export interface SoakKind {
  name: string;
  perSecond: number;
  call: (traffic: SoakTraffic, n: number) => SoakCall;
}

// As Chromium asks: the server compresses the page as it streams it.
const PAGE_HEADERS = { Accept: 'text/html,application/xhtml+xml', 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const API_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

const page = (path: string, cookie?: string): SoakCall => ({
  method: 'GET',
  path,
  headers: cookie === undefined ? PAGE_HEADERS : { ...PAGE_HEADERS, Cookie: cookie },
});

const api = (path: string, cookie?: string): SoakCall => ({
  method: 'GET',
  path,
  headers: cookie === undefined ? API_HEADERS : { ...API_HEADERS, Cookie: cookie },
});

const postPath = (post: SoakPost) => `/square/${post.categorySlug}/${post.id}`;

function write(traffic: SoakTraffic, path: string, json: unknown, creates: SoakCall['creates']): SoakCall {
  const { cookie, token } = traffic.writer();
  return {
    method: 'POST',
    path,
    headers: { ...API_HEADERS, Cookie: `${cookie}; XSRF-TOKEN=${encodeURIComponent(token)}`, 'X-XSRF-TOKEN': token },
    json,
    creates,
  };
}

const TOPICS = ['새벽 기상', '아침 산책', '독서 기록', '물 마시기', '감사 일기', '스트레칭', '명상 10분', '주말 회고'];
const LINES = [
  '오늘도 조금씩 해냈어요. 작은 습관이 모여 하루가 달라지는 게 느껴져요.',
  '생각보다 어려웠지만 끝까지 해 보니 뿌듯했어요. 내일도 같은 시간에 해 볼게요.',
  '함께하는 분들 덕분에 힘이 나요. 다들 오늘 하루도 수고 많으셨어요!',
  '조금 늦었지만 빠뜨리지 않고 기록을 남겨요. 꾸준함이 제일 어렵네요.',
];
const REPLIES = ['응원해요! 저도 오늘 해 볼게요.', '멋져요, 꾸준함이 대단하세요.', '저도 같은 고민이었는데 도움이 됐어요.', '내일도 기록 기다릴게요 :)'];

/** Requests a second per kind; `pollsPerSecond` follows from the signed-in browsers polling every 30 s. */
export function soakMix(pollsPerSecond: number): SoakKind[] {
  return [
    { name: 'GET / (guest)', perSecond: 10, call: () => page('/') },
    { name: 'GET / (member)', perSecond: 4, call: (t) => page('/', t.member()) },
    { name: 'GET /square', perSecond: 6, call: () => page('/square') },
    { name: 'GET /square/{categorySlug}', perSecond: 3, call: (t) => page(`/square/${t.category().slug}`) },
    { name: 'GET /square/{categorySlug}/{postId} (guest)', perSecond: 12, call: (t) => page(postPath(t.readPost())) },
    { name: 'GET /square/{categorySlug}/{postId} (member)', perSecond: 4, call: (t) => page(postPath(t.readPost()), t.member()) },
    { name: 'GET /notice', perSecond: 2, call: () => page('/notice') },
    { name: 'GET /faq', perSecond: 1, call: () => page('/faq') },
    { name: 'GET /about', perSecond: 1, call: () => page('/about') },
    { name: 'GET /api/square-posts', perSecond: 4, call: () => api('/api/square-posts') },
    { name: 'GET /api/banners/current', perSecond: 4, call: () => api('/api/banners/current?type=header_text_banner') },
    { name: 'GET /api/notifications/new', perSecond: pollsPerSecond, call: (t, n) => api('/api/notifications/new', t.poller(n)) },
    {
      name: 'POST /api/comments',
      perSecond: 1,
      call: (t, n) =>
        write(
          t,
          '/api/comments',
          { model_type: 'square_post', model_id: t.freshPost().id, content: `${REPLIES[n % REPLIES.length]} (${n + 1})` },
          { kind: 'comment' },
        ),
    },
    {
      name: 'POST /api/square-posts',
      perSecond: 0.2,
      call: (t, n) => {
        const category = t.category();
        const topic = TOPICS[n % TOPICS.length]!;
        const lines = [LINES[n % LINES.length], LINES[(n + 1) % LINES.length]].map((line) => `<p>${line}</p>`).join('');
        return write(
          t,
          '/api/square-posts',
          { square_post_category_id: category.id, title: `${topic} ${n + 1}일째`, content: lines },
          { kind: 'post', categorySlug: category.slug },
        );
      },
    },
  ];
}
