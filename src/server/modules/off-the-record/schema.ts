import { z } from 'zod';
import { pageQuery } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';

export const RECORDS_PER_PAGE = 12;
export const RECORDS_PER_PAGE_MAX = 50;

export const OFF_THE_RECORD_MESSAGES = {
  category: '카테고리를 다시 선택해 주세요.',
  unknownCategory: '없는 카테고리예요. 목록에서 다시 선택해 주세요.',
  notFound: '오프더레코드 글을 찾을 수 없어요.',
} as const;

/** `GET /api/off-the-records/saved?page=&per_page=`: the member's saved records. */
export const savedListQuery = pageQuery({ fallback: RECORDS_PER_PAGE, max: RECORDS_PER_PAGE_MAX });

/** `GET /api/off-the-records?category_id=&page=&per_page=`, and the lists of one kind. */
export const recordListQuery = pageQuery({ fallback: RECORDS_PER_PAGE, max: RECORDS_PER_PAGE_MAX }).extend({
  category_id: z.preprocess((value) => (value === '' ? undefined : value), idField(OFF_THE_RECORD_MESSAGES.category).optional()),
});
