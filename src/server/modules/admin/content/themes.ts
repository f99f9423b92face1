import { z } from 'zod';
import { badges, themes } from '../../../db/schema/index.ts';
import { apiTime } from '../../../http/serialize.ts';
import type { CrudResource } from '../crud.ts';
import { flag, optionalText, presentValues, requiredText, wholeNumber } from '../input-fields.ts';

const sortOrder = wholeNumber('정렬 순서', -100_000, 100_000).optional();

const themeFields = {
  name: requiredText('테마 이름', 50),
  description: requiredText('설명', 500),
  image_url: optionalText('이미지 주소', 2000).refine((value) => !value || /^(https?:\/\/|\/)\S*$/.test(value), '이미지 주소가 올바른 주소가 아니에요.'),
  sort_order: sortOrder,
  is_active: flag('사용 여부').optional(),
};
const themeCreate = z.object(themeFields);
const themeUpdate = themeCreate.partial();

export const themeRowResource = (row: (typeof themes)['$inferSelect']) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image_url: row.imageUrl,
  sort_order: row.sortOrder,
  is_active: row.isActive,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/** Themes group rituals and products; deleting one leaves them without a theme (the schema's set null). */
export const themeResource: CrudResource<typeof themes, typeof themeCreate, typeof themeUpdate> = {
  path: 'themes',
  modelType: 'theme',
  table: themes,
  id: themes.id,
  sortable: { sort_order: themes.sortOrder, id: themes.id, name: themes.name },
  search: [themes.name],
  create: themeCreate,
  update: themeUpdate,
  toValues: (_db, input) => presentValues(input, { name: 'name', description: 'description', image_url: 'imageUrl', sort_order: 'sortOrder', is_active: 'isActive' }),
  toResource: themeRowResource,
};

const color = (label: string) => requiredText(label, 7).regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, `${label}은 #으로 시작하는 16진수 색이어야 해요. (예: #1a2b3c)`);

const badgeFields = { name: requiredText('배지 이름', 20), text_color: color('글자색'), background_color: color('배경색'), sort_order: sortOrder };
const badgeCreate = z.object(badgeFields);
const badgeUpdate = badgeCreate.partial();

export const badgeRowResource = (row: (typeof badges)['$inferSelect']) => ({
  id: row.id,
  name: row.name,
  text_color: row.textColor,
  background_color: row.backgroundColor,
  sort_order: row.sortOrder,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const badgeResource: CrudResource<typeof badges, typeof badgeCreate, typeof badgeUpdate> = {
  path: 'badges',
  modelType: 'badge',
  table: badges,
  id: badges.id,
  sortable: { sort_order: badges.sortOrder, id: badges.id, name: badges.name },
  search: [badges.name],
  create: badgeCreate,
  update: badgeUpdate,
  toValues: (_db, input) => presentValues(input, { name: 'name', text_color: 'textColor', background_color: 'backgroundColor', sort_order: 'sortOrder' }),
  toResource: badgeRowResource,
};
