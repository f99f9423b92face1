import type { Db } from '../../db/client.ts';
import {
  backLink,
  checkInDaysHtml,
  commentHtml,
  empty,
  heading,
  letterHtml,
  orderHtml,
  pageEnd,
  pageStart,
  profileHtml,
  reviewHtml,
  roomPostHtml,
  sessionLead,
  sessionLinkHtml,
  squarePostHtml,
  threadHtml,
} from './html.ts';
import type { PictureSet } from './pictures.ts';
import { checkInsOf, commentsOf, lettersOf, ordersOf, reviewsOf, roomPostsOf, squarePostsOf, threadsOf } from './records.ts';
import type { ExportProfile, ExportSession } from './records.ts';

/** A section of a page: its heading, each row's HTML, or a line saying there is none. */
async function* section<T>(title: string, rows: AsyncIterable<T>, render: (row: T) => string, none: string): AsyncGenerator<string> {
  yield heading(title);
  let any = false;
  for await (const row of rows) {
    any = true;
    yield render(row);
  }
  if (!any) yield empty(none);
}

/** index.html: who, which rooms (a page each), and what was written outside them. */
export async function* indexPage(db: Db, profile: ExportProfile, sessions: ExportSession[], pictures: PictureSet, exportedAt: string): AsyncGenerator<string> {
  const userId = profile.id;
  yield pageStart(`${profile.nickname}님의 리추얼 기록`, `${exportedAt} 기준으로 내보낸 기록이에요. 인터넷 없이도 열어 볼 수 있어요.`);
  yield profileHtml(profile, pictures);
  yield heading('함께한 리추얼');
  yield sessions.length > 0 ? `<ul>${sessions.map(sessionLinkHtml).join('')}</ul>` : empty('아직 함께한 리추얼이 없어요.');
  yield* section('광장에 쓴 글', squarePostsOf(db, userId), (post) => squarePostHtml(post, pictures), '광장에 쓴 글이 없어요.');
  yield* section('후기', reviewsOf(db, userId), (review) => reviewHtml(review, pictures), '남긴 후기가 없어요.');
  yield* section('댓글', commentsOf(db, userId), commentHtml, '남긴 댓글이 없어요.');
  yield* section('주문 내역', ordersOf(db, userId), orderHtml, '주문 내역이 없어요.');
  yield pageEnd();
}

/** sessions/{id}.html: the check-in days, the letter to myself, the records and the threads of one room. */
export async function* sessionPage(db: Db, userId: number, session: ExportSession, pictures: PictureSet): AsyncGenerator<string> {
  yield pageStart(session.title, sessionLead(session));
  yield backLink();
  const checkIns = [];
  for await (const checkIn of checkInsOf(db, userId, session.id)) checkIns.push(checkIn);
  yield heading(`체크인한 날 (${checkIns.length}일)`);
  yield checkIns.length > 0 ? checkInDaysHtml(checkIns) : empty('체크인한 날이 없어요.');
  yield* section('나에게 쓴 편지', lettersOf(db, userId, session.id), letterHtml, '이 리추얼에서 쓴 편지가 없어요.');
  yield* section('기록', roomPostsOf(db, userId, session.id), (post) => roomPostHtml(post, pictures, '../'), '이 리추얼에서 쓴 기록이 없어요.');
  yield* section('이야기', threadsOf(db, userId, session.id), (thread) => threadHtml(thread, pictures, '../'), '이 리추얼에서 쓴 이야기가 없어요.');
  yield pageEnd();
}
