import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { isolatedRegions, orderItems, productOptions, products, productStatuses, themes } from '../../../db/schema/index.ts';
import type { Product } from '../../../db/schema/index.ts';
import { invalidInput } from '../../../domain-errors.ts';
import { sanitizeStaffHtml } from '../../../html/sanitize.ts';
import { apiTime } from '../../../http/serialize.ts';
import type { CrudResource } from '../crud.ts';
import { objectOf, richTextField, subjectOf, topicOf } from '../fields.ts';
import { forgetProduct, indexProduct } from '../../search/products.ts';

const won = (label: string, max = 100_000_000) =>
  z.coerce
    .number({ error: `${topicOf(label)} 숫자로 입력해 주세요.` })
    .int(`${topicOf(label)} 원 단위 정수로 입력해 주세요.`)
    .min(0, `${topicOf(label)} 0원 이상이어야 해요.`)
    .max(max, `${subjectOf(label)} 너무 커요.`);

const units = (label: string) =>
  z.coerce
    .number({ error: `${topicOf(label)} 숫자로 입력해 주세요.` })
    .int(`${topicOf(label)} 정수로 입력해 주세요.`)
    .min(0, `${topicOf(label)} 0 이상이어야 해요.`)
    .max(1_000_000, `${subjectOf(label)} 너무 커요.`);

const STATUS_MESSAGE = '판매 상태는 판매 중, 품절, 숨김 중 하나여야 해요.';

const productFields = {
  title: z.string({ error: '상품명을 입력해 주세요.' }).trim().min(1, '상품명을 입력해 주세요.').max(100, '상품명은 100자까지 쓸 수 있어요.'),
  summary: z.string({ error: '한 줄 소개를 입력해 주세요.' }).trim().min(1, '한 줄 소개를 입력해 주세요.').max(200, '한 줄 소개는 200자까지 쓸 수 있어요.'),
  description_html: richTextField('상세 설명'),
  theme_id: z.coerce.number({ error: '테마를 골라 주세요.' }).int('테마를 골라 주세요.').min(1, '테마를 골라 주세요.').max(2_147_483_647, '테마를 골라 주세요.').nullable().optional(),
  price: won('정가'),
  sale_price: won('판매가'),
  stock: units('재고'),
  status: z.enum(productStatuses, { error: STATUS_MESSAGE }),
  shipping_fee: won('배송비', 1_000_000),
  free_shipping_over: won('무료 배송 기준 금액').min(1, '무료 배송 기준 금액은 1원 이상이어야 해요.').nullable().optional(),
};

const productCreate = z.object(productFields);
const productUpdate = z.object(productFields).partial();

/** The sale price may not exceed the list price, checked on the row as it will be after the change. */
function checkPrices(price: number, salePrice: number): void {
  if (salePrice > price) throw invalidInput({ sale_price: ['판매가는 정가보다 클 수 없어요.'] });
}

export const productRowResource = (row: (typeof products)['$inferSelect']) => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  description_html: row.descriptionHtml,
  theme_id: row.themeId,
  price: row.price,
  sale_price: row.salePrice,
  stock: row.stock,
  status: row.status,
  shipping_fee: row.shippingFee,
  free_shipping_over: row.freeShippingOver,
  sales_count: row.salesCount,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const productResource: CrudResource<typeof products, typeof productCreate, typeof productUpdate> = {
  path: 'products',
  modelType: 'product',
  table: products,
  id: products.id,
  sortable: { id: products.id, title: products.title, sale_price: products.salePrice, stock: products.stock, sales_count: products.salesCount },
  search: [products.title],
  filters: { status: (value) => ((productStatuses as readonly string[]).includes(value) ? eq(products.status, value as Product['status']) : undefined) },
  create: productCreate,
  update: productUpdate,
  toValues: async (db, input, existing) => {
    checkPrices(input.price ?? existing?.price ?? 0, input.sale_price ?? existing?.salePrice ?? 0);
    if (input.theme_id != null) {
      const [theme] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, input.theme_id));
      if (!theme) throw invalidInput({ theme_id: ['없는 테마예요.'] });
    }
    return {
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.summary === undefined ? {} : { summary: input.summary }),
      ...(input.description_html === undefined ? {} : { descriptionHtml: sanitizeStaffHtml(input.description_html) }),
      ...(input.theme_id === undefined ? {} : { themeId: input.theme_id }),
      ...(input.price === undefined ? {} : { price: input.price }),
      ...(input.sale_price === undefined ? {} : { salePrice: input.sale_price }),
      ...(input.stock === undefined ? {} : { stock: input.stock }),
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.shipping_fee === undefined ? {} : { shippingFee: input.shipping_fee }),
      ...(input.free_shipping_over === undefined ? {} : { freeShippingOver: input.free_shipping_over }),
    };
  },
  toResource: productRowResource,
  // Order lines keep their own snapshot, but a product that was sold stays as the record of it.
  canDelete: async (db: Db, row) => {
    const [sold] = await db.select({ value: count() }).from(orderItems).where(eq(orderItems.productId, row.id));
    return (sold?.value ?? 0) > 0 ? '주문된 적이 있는 상품은 삭제할 수 없어요. 판매 상태를 숨김으로 바꿔 주세요.' : null;
  },
  afterWrite: (db, row) => indexProduct(db, row),
  afterDelete: (db, row) => forgetProduct(db, row),
};

const optionFields = {
  product_id: z.coerce.number({ error: '상품을 골라 주세요.' }).int().min(1, '상품을 골라 주세요.').max(2_147_483_647, '상품을 골라 주세요.'),
  name: z.string({ error: '옵션 이름을 입력해 주세요.' }).trim().min(1, '옵션 이름을 입력해 주세요.').max(60, '옵션 이름은 60자까지 쓸 수 있어요.'),
  extra_price: won('추가 금액', 10_000_000).default(0),
  stock: units('재고'),
  sort_order: z.coerce.number().int().min(0).max(10_000).default(0),
};

const optionCreate = z.object(optionFields);
const optionUpdate = z.object(optionFields).omit({ product_id: true }).partial();

async function requireProduct(db: Db, productId: number): Promise<void> {
  const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!found) throw invalidInput({ product_id: ['없는 상품이에요.'] });
}

export const productOptionRowResource = (row: (typeof productOptions)['$inferSelect']) => ({
  id: row.id,
  product_id: row.productId,
  name: row.name,
  extra_price: row.extraPrice,
  stock: row.stock,
  sort_order: row.sortOrder,
});

export const productOptionResource: CrudResource<typeof productOptions, typeof optionCreate, typeof optionUpdate> = {
  path: 'product-options',
  modelType: 'product_option',
  table: productOptions,
  id: productOptions.id,
  sortable: { sort_order: productOptions.sortOrder, id: productOptions.id, name: productOptions.name },
  search: [productOptions.name],
  filters: { product_id: (value) => (/^\d{1,9}$/.test(value) ? eq(productOptions.productId, Number(value)) : undefined) },
  create: optionCreate,
  update: optionUpdate,
  toValues: async (db, input, existing) => {
    if (!existing && 'product_id' in input && input.product_id !== undefined) await requireProduct(db, input.product_id);
    return {
      ...(!existing && 'product_id' in input ? { productId: input.product_id } : {}),
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.extra_price === undefined ? {} : { extraPrice: input.extra_price }),
      ...(input.stock === undefined ? {} : { stock: input.stock }),
      ...(input.sort_order === undefined ? {} : { sortOrder: input.sort_order }),
    };
  },
  toResource: productOptionRowResource,
};

const postalCode = (label: string) => z.string({ error: `${objectOf(label)} 입력해 주세요.` }).regex(/^\d{5}$/, `${topicOf(label)} 다섯 자리 숫자예요.`);

const regionFields = {
  region: z.string({ error: '지역 이름을 입력해 주세요.' }).trim().min(1, '지역 이름을 입력해 주세요.').max(60, '지역 이름은 60자까지 쓸 수 있어요.'),
  postal_code_from: postalCode('시작 우편번호'),
  postal_code_to: postalCode('끝 우편번호'),
  extra_fee: won('추가 배송비', 1_000_000),
};
const regionCreate = z.object(regionFields);
const regionUpdate = z.object(regionFields).partial();

export const isolatedRegionRowResource = (row: (typeof isolatedRegions)['$inferSelect']) => ({ id: row.id, region: row.region, postal_code_from: row.postalCodeFrom, postal_code_to: row.postalCodeTo, extra_fee: row.extraFee });

/** 도서산간 ranges: the surcharge the checkout looks up by postal code. */
export const isolatedRegionResource: CrudResource<typeof isolatedRegions, typeof regionCreate, typeof regionUpdate> = {
  path: 'isolated-regions',
  modelType: 'isolated_region',
  table: isolatedRegions,
  id: isolatedRegions.id,
  sortable: { postal_code_from: isolatedRegions.postalCodeFrom, id: isolatedRegions.id, region: isolatedRegions.region },
  search: [isolatedRegions.region],
  create: regionCreate,
  update: regionUpdate,
  toValues: (_db, input, existing) => {
    const from = input.postal_code_from ?? existing?.postalCodeFrom ?? '';
    const to = input.postal_code_to ?? existing?.postalCodeTo ?? '';
    if (from > to) throw invalidInput({ postal_code_to: ['끝 우편번호는 시작 우편번호보다 작을 수 없어요.'] });
    return {
      ...(input.region === undefined ? {} : { region: input.region }),
      ...(input.postal_code_from === undefined ? {} : { postalCodeFrom: input.postal_code_from }),
      ...(input.postal_code_to === undefined ? {} : { postalCodeTo: input.postal_code_to }),
      ...(input.extra_fee === undefined ? {} : { extraFee: input.extra_fee }),
    };
  },
  toResource: isolatedRegionRowResource,
};
