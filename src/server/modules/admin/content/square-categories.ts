import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { squarePostCategories, squarePosts, squareUnlocks, squareWriteScopes } from '../../../db/schema/index.ts';
import { apiTime } from '../../../http/serialize.ts';
import { hashPassword } from '../../auth/password.ts';
import type { CrudResource } from '../crud.ts';
import { flag, optionalText, presentValues, requiredText, wholeNumber } from '../input-fields.ts';
import { checkUnique, slugField } from './site.ts';

export const SQUARE_PASSWORD_MIN = 4;
export const SQUARE_PASSWORD_MAX = 100;

const fields = {
  name: requiredText('분류 이름', 50),
  slug: slugField,
  description: optionalText('설명', 300),
  write_scope: z.enum(squareWriteScopes, { error: '쓸 수 있는 사람을 골라 주세요.' }),
  allows_anonymous: flag('익명 허용').optional(),
  sort_order: wholeNumber('정렬 순서', -100_000, 100_000).optional(),
  is_active: flag('사용 여부').optional(),
  // Write-only: a new password replaces the old one, null takes it away, absent keeps it.
  password: z
    .union([
      z.null(),
      z
        .string({ error: '비밀번호는 글자여야 해요.' })
        .min(SQUARE_PASSWORD_MIN, `비밀번호는 ${SQUARE_PASSWORD_MIN}자 이상이어야 해요.`)
        .max(SQUARE_PASSWORD_MAX, `비밀번호는 ${SQUARE_PASSWORD_MAX}자까지 쓸 수 있어요.`),
    ])
    .optional(),
};
const create = z.object(fields);
const update = create.partial();

export const squareCategoryRowResource = (row: (typeof squarePostCategories)['$inferSelect']) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  write_scope: row.writeScope,
  allows_anonymous: row.allowsAnonymous,
  has_password: row.passwordHash !== null,
  sort_order: row.sortOrder,
  is_active: row.isActive,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/**
 * The square's categories and their passwords. The password is stored as an argon2 hash and never
 * answered; changing or removing it ends every unlock made with the old one.
 */
export const squareCategoryResource: CrudResource<typeof squarePostCategories, typeof create, typeof update> = {
  path: 'square-categories',
  modelType: 'square_post_category',
  table: squarePostCategories,
  id: squarePostCategories.id,
  sortable: { sort_order: squarePostCategories.sortOrder, id: squarePostCategories.id, name: squarePostCategories.name },
  search: [squarePostCategories.name, squarePostCategories.slug],
  create,
  update,
  toValues: async (db, input, existing) => {
    await checkUnique(db, squarePostCategories, squarePostCategories.slug, squarePostCategories.id, input.slug, existing?.id ?? null, 'slug', '이미 쓰고 있는 주소예요.');
    const values = presentValues(input, {
      name: 'name',
      slug: 'slug',
      description: 'description',
      write_scope: 'writeScope',
      allows_anonymous: 'allowsAnonymous',
      sort_order: 'sortOrder',
      is_active: 'isActive',
    });
    if (input.password !== undefined) values.passwordHash = input.password === null ? null : await hashPassword(input.password);
    return values;
  },
  toResource: squareCategoryRowResource,
  canDelete: async (db, row) => {
    const [post] = await db.select({ id: squarePosts.id }).from(squarePosts).where(eq(squarePosts.squarePostCategoryId, row.id)).limit(1);
    return post ? '글이 있는 분류는 지울 수 없어요. 사용하지 않음으로 바꿔 주세요.' : null;
  },
  afterWrite: async (db, row, before) => {
    if (before && before.passwordHash !== null && before.passwordHash !== row.passwordHash) {
      await db.delete(squareUnlocks).where(and(eq(squareUnlocks.kind, 'category'), eq(squareUnlocks.targetId, row.id)));
    }
  },
};
