import type { Db } from '../../db/client.ts';
import type { PictureSet } from './pictures.ts';
import { checkInsOf, commentsOf, inquiriesOf, lettersOf, ordersOf, reactionsOf, reviewsOf, roomPostsOf, squarePostsOf, threadsOf } from './records.ts';
import type { ExportProfile, ExportSession } from './records.ts';

export const EXPORT_FORMAT = 'ritual-member-export';

async function* list<T>(name: string, rows: AsyncIterable<T>, note: (row: T) => void = () => undefined): AsyncGenerator<string> {
  yield `,\n"${name}":[`;
  let separator = '\n';
  for await (const row of rows) {
    note(row);
    yield separator + JSON.stringify(row);
    separator = ',\n';
  }
  yield ']';
}

/**
 * data.json, a row at a time: everything the export holds, machine-readable, in the API's own
 * words (snake_case, UTC times). Each picture the content names is noted for the ZIP's images/.
 */
export async function* dataJson(
  db: Db,
  profile: ExportProfile,
  sessions: ExportSession[],
  pictures: PictureSet,
  exportedAt: string,
): AsyncGenerator<string> {
  const userId = profile.id;
  const { deleted: _deleted, ...own } = profile;
  pictures.pathOf(profile.profile_image);
  yield `{"format":"${EXPORT_FORMAT}","version":1,"exported_at":${JSON.stringify(exportedAt)},\n"profile":${JSON.stringify(own)}`;
  yield `,\n"sessions":${JSON.stringify(sessions)}`;
  yield* list('check_ins', checkInsOf(db, userId));
  yield* list('room_posts', roomPostsOf(db, userId), (post) => {
    pictures.noteAll(post.content_html);
    pictures.pathOf(post.thumbnail_url);
  });
  yield* list('threads', threadsOf(db, userId), (thread) => {
    pictures.noteAll(thread.content_html);
    pictures.pathOf(thread.thumbnail_url);
  });
  yield* list('letters', lettersOf(db, userId));
  yield* list('comments', commentsOf(db, userId));
  yield* list('square_posts', squarePostsOf(db, userId), (post) => {
    pictures.noteAll(post.content_html);
    pictures.pathOf(post.thumbnail_url);
  });
  yield* list('reviews', reviewsOf(db, userId), (review) => {
    pictures.noteAll(review.content_html);
    pictures.pathOf(review.photo_image_url);
  });
  yield* list('orders', ordersOf(db, userId));
  yield* list('inquiries', inquiriesOf(db, userId));
  yield* list('reactions', reactionsOf(db, userId));
  yield '\n}\n';
}
