import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

/**
 * What the member wrote or did, read for the export a page at a time (keyset on the id), so a
 * member of years is read in a few hundred short statements and never held in memory at once.
 * Rows come out as data.json writes them: snake_case, times as the API writes them.
 */

const PAGE_SIZE = 200;

/** A column as the API writes a time (ISO 8601 in UTC with microseconds), or null. */
const time = (column: string): SQL => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

async function* inPages<T extends { id: number }>(db: Db, query: (afterId: number, limit: number) => SQL): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<T>(db, query(after, PAGE_SIZE));
    yield* rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}

const inSession = (column: string, sessionId: number | undefined): SQL =>
  sessionId === undefined ? sql`` : sql`and ${sql.raw(column)} = ${sessionId}`;

export interface ExportProfile {
  id: number;
  email: string;
  nickname: string;
  username: string;
  introduction: string | null;
  profile_image: string | null;
  country_code: string | null;
  phone: string | null;
  phone_verified_at: string | null;
  agreed_marketing_at: string | null;
  created_at: string;
  deleted: boolean;
}

export async function profileOf(db: Db, userId: number): Promise<ExportProfile | null> {
  const [row] = await queryRows<ExportProfile>(
    db,
    sql`select id, email, nickname, username, introduction, profile_image, country_code, phone,
        ${time('phone_verified_at')} as phone_verified_at, ${time('agreed_marketing_at')} as agreed_marketing_at,
        ${time('created_at')} as created_at, deleted_at is not null as deleted
      from users where id = ${userId}`,
  );
  return row ?? null;
}

export interface ExportSession {
  id: number;
  title: string;
  ritual_title: string | null;
  starts_at: string;
  ends_at: string;
  role: string | null;
  joined_at: string | null;
}

/** The sessions the member joined or wrote in, oldest first: a member is in a few dozen at most. */
export const sessionsOf = (db: Db, userId: number): Promise<ExportSession[]> =>
  queryRows<ExportSession>(
    db,
    sql`select s.id, s.title, r.title as ritual_title, ${time('s.starts_at')} as starts_at, ${time('s.ends_at')} as ends_at,
        su.role, ${time('su.joined_at')} as joined_at
      from ritual_sessions s
      left join rituals r on r.id = s.ritual_id
      left join ritual_session_users su on su.ritual_session_id = s.id and su.user_id = ${userId}
      where s.id in (
        select ritual_session_id from ritual_session_users where user_id = ${userId}
        union select ritual_session_id from ritual_session_posts where user_id = ${userId}
        union select ritual_session_id from ritual_session_threads where user_id = ${userId}
        union select ritual_session_id from ritual_session_check_ins where user_id = ${userId}
        union select ritual_session_id from ritual_session_letters where user_id = ${userId}
      )
      order by s.starts_at, s.id`,
  );

export interface ExportCheckIn {
  id: number;
  ritual_session_id: number;
  day: string;
  check_in_text: string | null;
  content: string | null;
  created_at: string;
}

export const checkInsOf = (db: Db, userId: number, sessionId?: number) =>
  inPages<ExportCheckIn>(
    db,
    (after, limit) =>
      sql`select c.id, c.ritual_session_id, c.day::text as day, t.text as check_in_text, c.content, ${time('c.created_at')} as created_at
        from ritual_session_check_ins c left join ritual_session_check_in_texts t on t.id = c.check_in_text_id
        where c.user_id = ${userId} ${inSession('c.ritual_session_id', sessionId)} and c.id > ${after}
        order by c.id limit ${limit}`,
  );

export interface ExportRoomPost {
  id: number;
  ritual_session_id: number;
  category: string;
  title: string | null;
  content_html: string;
  thumbnail_url: string | null;
  is_public: boolean;
  created_at: string;
  updated_at: string;
}

export const roomPostsOf = (db: Db, userId: number, sessionId?: number) =>
  inPages<ExportRoomPost>(
    db,
    (after, limit) =>
      sql`select id, ritual_session_id, category, title, content_html, thumbnail_url, is_public,
          ${time('created_at')} as created_at, ${time('updated_at')} as updated_at
        from ritual_session_posts
        where user_id = ${userId} ${inSession('ritual_session_id', sessionId)} and id > ${after}
        order by id limit ${limit}`,
  );

export interface ExportThread {
  id: number;
  ritual_session_id: number;
  title: string;
  content_html: string;
  thumbnail_url: string | null;
  created_at: string;
  updated_at: string;
}

export const threadsOf = (db: Db, userId: number, sessionId?: number) =>
  inPages<ExportThread>(
    db,
    (after, limit) =>
      sql`select id, ritual_session_id, title, content_html, thumbnail_url, ${time('created_at')} as created_at, ${time('updated_at')} as updated_at
        from ritual_session_threads
        where user_id = ${userId} ${inSession('ritual_session_id', sessionId)} and id > ${after}
        order by id limit ${limit}`,
  );

export interface ExportLetter {
  id: number;
  ritual_session_id: number;
  content: string;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export const lettersOf = (db: Db, userId: number, sessionId?: number) =>
  inPages<ExportLetter>(
    db,
    (after, limit) =>
      sql`select id, ritual_session_id, content, ${time('delivered_at')} as delivered_at, ${time('created_at')} as created_at, ${time('updated_at')} as updated_at
        from ritual_session_letters
        where user_id = ${userId} ${inSession('ritual_session_id', sessionId)} and id > ${after}
        order by id limit ${limit}`,
  );

export interface ExportComment {
  id: number;
  model_type: string;
  model_id: number;
  parent_id: number | null;
  content: string;
  is_anonymous: boolean;
  created_at: string;
}

/** Comments the member has not deleted (a deleted one is blanked, and its text is gone). */
export const commentsOf = (db: Db, userId: number) =>
  inPages<ExportComment>(
    db,
    (after, limit) =>
      sql`select id, model_type, model_id, parent_id, content, is_anonymous, ${time('created_at')} as created_at
        from comments
        where user_id = ${userId} and deleted_at is null and id > ${after}
        order by id limit ${limit}`,
  );

export interface ExportSquarePost {
  id: number;
  category: string;
  title: string;
  content_html: string;
  thumbnail_url: string | null;
  is_anonymous: boolean;
  created_at: string;
  updated_at: string;
}

export const squarePostsOf = (db: Db, userId: number) =>
  inPages<ExportSquarePost>(
    db,
    (after, limit) =>
      sql`select p.id, c.name as category, p.title, p.content_html, p.thumbnail_url, p.is_anonymous,
          ${time('p.created_at')} as created_at, ${time('p.updated_at')} as updated_at
        from square_posts p join square_post_categories c on c.id = p.square_post_category_id
        where p.user_id = ${userId} and p.id > ${after}
        order by p.id limit ${limit}`,
  );

export interface ExportReview {
  id: number;
  reviewable_type: string;
  reviewable_id: number;
  reviewable_title: string | null;
  rating: number;
  content_html: string;
  photo_image_url: string | null;
  created_at: string;
}

export const reviewsOf = (db: Db, userId: number) =>
  inPages<ExportReview>(
    db,
    (after, limit) =>
      sql`select v.id, v.reviewable_type, v.reviewable_id,
          case v.reviewable_type when 'product' then (select title from products where id = v.reviewable_id)
            else (select title from rituals where id = v.reviewable_id) end as reviewable_title,
          v.rating, v.content_html, v.photo_image_url, ${time('v.created_at')} as created_at
        from reviews v
        where v.user_id = ${userId} and v.id > ${after}
        order by v.id limit ${limit}`,
  );

export interface ExportOrderItem {
  name: string;
  option_name: string | null;
  kind: string;
  unit_price: number;
  quantity: number;
  line_amount: number;
  status: string;
}

export interface ExportOrder {
  id: number;
  order_number: string;
  status: string;
  title: string;
  items_amount: number;
  shipping_fee: number;
  discount_amount: number;
  amount: number;
  refunded_amount: number;
  recipient_name: string | null;
  address: string | null;
  address_detail: string | null;
  paid_at: string | null;
  created_at: string;
  items: ExportOrderItem[];
}

/** The member's orders with their lines, the lines of a page of orders in one statement. */
export const ordersOf = (db: Db, userId: number) =>
  inPages<ExportOrder>(
    db,
    (after, limit) =>
      sql`select o.id, o.order_number, o.status, o.title, o.items_amount, o.shipping_fee, o.discount_amount, o.amount, o.refunded_amount,
          o.recipient_name, o.address, o.address_detail, ${time('o.paid_at')} as paid_at, ${time('o.created_at')} as created_at,
          coalesce((select json_agg(json_build_object('name', i.name, 'option_name', i.option_name, 'kind', i.kind, 'unit_price', i.unit_price,
              'quantity', i.quantity, 'line_amount', i.line_amount, 'status', i.status) order by i.id)
            from order_items i where i.order_id = o.id), '[]'::json) as items
        from orders o
        where o.user_id = ${userId} and o.id > ${after}
        order by o.id limit ${limit}`,
  );

export interface ExportInquiry {
  id: number;
  category: string;
  title: string;
  content: string;
  answer: string | null;
  answered_at: string | null;
  created_at: string;
}

/** The member's 1:1 inquiries with the team's answers (the attachments stay private files of the team's). */
export const inquiriesOf = (db: Db, userId: number) =>
  inPages<ExportInquiry>(
    db,
    (after, limit) =>
      sql`select i.id, c.name as category, i.title, i.content, i.answer, ${time('i.answered_at')} as answered_at, ${time('i.created_at')} as created_at
        from inquiries i join inquiry_categories c on c.id = i.inquiry_category_id
        where i.user_id = ${userId} and i.id > ${after}
        order by i.id limit ${limit}`,
  );

export interface ExportReaction {
  id: number;
  model_type: string;
  model_id: number;
  reaction_type: string;
  created_at: string;
}

export const reactionsOf = (db: Db, userId: number) =>
  inPages<ExportReaction>(
    db,
    (after, limit) =>
      sql`select id, model_type, model_id, reaction_type, ${time('created_at')} as created_at
        from reactions
        where user_id = ${userId} and id > ${after}
        order by id limit ${limit}`,
  );
