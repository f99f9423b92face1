import { z } from 'zod';
import { notices } from '../../../db/schema/index.ts';
import { sanitizeStaffHtml } from '../../../html/sanitize.ts';
import { apiTime } from '../../../http/serialize.ts';
import type { CrudResource } from '../crud.ts';
import { richTextField, optionalTime } from '../fields.ts';

const fields = {
  title: z.string({ error: '제목을 입력해 주세요.' }).trim().min(1, '제목을 입력해 주세요.').max(200, '제목은 200자까지 쓸 수 있어요.'),
  body_html: richTextField('본문'),
  is_pinned: z.boolean({ error: '고정 여부는 참이나 거짓이어야 해요.' }).optional(),
  // Empty: a draft. In the future: scheduled.
  published_at: optionalTime('게시 시각'),
};

const create = z.object(fields);
const update = z.object(fields).partial();

export const noticeRowResource = (row: (typeof notices)['$inferSelect']) => ({
  id: row.id,
  title: row.title,
  body_html: row.bodyHtml,
  is_pinned: row.isPinned,
  published_at: apiTime(row.publishedAt),
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const noticeResource: CrudResource<typeof notices, typeof create, typeof update> = {
  path: 'notices',
  modelType: 'notice',
  table: notices,
  id: notices.id,
  sortable: { published_at: notices.publishedAt, created_at: notices.createdAt, title: notices.title, id: notices.id },
  search: [notices.title],
  create,
  update,
  toValues: (_db, input) => ({
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.body_html === undefined ? {} : { bodyHtml: sanitizeStaffHtml(input.body_html) }),
    ...(input.is_pinned === undefined ? {} : { isPinned: input.is_pinned }),
    ...(input.published_at === undefined ? {} : { publishedAt: input.published_at }),
  }),
  toResource: noticeRowResource,
};
