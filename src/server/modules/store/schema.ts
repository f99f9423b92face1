import { z } from 'zod';
import { QUANTITY_MAX } from '../../../lib/store.ts';
import type { ProductSort } from '../../../lib/store.ts';
import { pageQuery } from '../../http/pagination.ts';
import { idField, routeId } from '../../http/route-id.ts';

export const PRODUCTS_PER_PAGE = 12;
export const PRODUCTS_PER_PAGE_MAX = 48;
export const LATEST_PRODUCTS = 8;
/** More lines than any cart holds; a selection names at most these. */
export const CART_LINES_MAX = 100;
/** A temp cart is what one "바로 구매" or one application hands over. */
export const TEMP_CART_ITEMS_MAX = 20;

const productSorts = ['newest', 'popular', 'price_asc', 'price_desc'] as const satisfies readonly ProductSort[];

export const STORE_MESSAGES = {
  sort: '정렬은 최신순, 인기순, 가격순 중에서 골라 주세요.',
  themeId: '테마를 찾을 수 없어요. 올바른 테마 번호로 다시 시도해 주세요.',
  productNotFound: '상품을 찾을 수 없어요.',
  productId: '상품을 선택해 주세요.',
  productSoldOut: '품절된 상품이에요.',
  optionId: '옵션을 선택해 주세요.',
  optionNotFound: '이 상품에 없는 옵션이에요.',
  optionNotExpected: '이 상품은 옵션 없이 담아 주세요.',
  optionSoldOut: '품절된 옵션이에요. 다른 옵션을 선택해 주세요.',
  quantity: `수량은 1부터 ${QUANTITY_MAX} 사이의 정수로 입력해 주세요.`,
  stockShort: (stock: number) => (stock > 0 ? `재고가 ${stock}개 남았어요. ${stock}개 이하로 담아 주세요.` : '재고가 없어요.'),
  cartItemNotFound: '장바구니에서 상품을 찾을 수 없어요.',
  nothingToChange: '바꿀 수량이나 옵션을 보내 주세요.',
  ids: '선택할 장바구니 상품을 보내 주세요.',
  items: '담을 상품이나 리추얼 기수를 보내 주세요.',
  ritualSessionNotFound: '신청할 수 있는 리추얼 기수를 찾을 수 없어요.',
  postalCode: '우편번호는 숫자 다섯 자리로 입력해 주세요.',
} as const;

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/products?sort=&theme_id=&page=&per_page= */
export const productListQuery = pageQuery({ fallback: PRODUCTS_PER_PAGE, max: PRODUCTS_PER_PAGE_MAX }).extend({
  sort: z.preprocess(blankAsAbsent, z.enum(productSorts, { error: STORE_MESSAGES.sort }).default('newest')),
  theme_id: z.preprocess(blankAsAbsent, idField(STORE_MESSAGES.themeId).optional()),
});

/**
 * A quantity: a whole number from 1 to QUANTITY_MAX, as a JSON number or as digits (a form sends
 * text). `1.5`, `-1`, `0`, `1e3` and words are refused here; the stock is checked by the service.
 */
export const quantityField = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const quantity = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(quantity >= 1 && quantity <= QUANTITY_MAX)) {
    ctx.addIssue({ code: 'custom', message: STORE_MESSAGES.quantity });
    return z.NEVER;
  }
  return quantity;
});

const optionalOptionId = z.preprocess((value) => (value === '' || value === null ? undefined : value), idField(STORE_MESSAGES.optionNotFound).optional());

const productLine = {
  product_id: idField(STORE_MESSAGES.productId),
  product_option_id: optionalOptionId,
  quantity: quantityField,
};

/** POST /api/cart-items */
export const cartItemCreateInput = z.object(productLine);

/** POST /api/cart-items/{id} with `_method` PUT */
export const cartItemUpdateInput = z
  .object({ quantity: quantityField.optional(), product_option_id: optionalOptionId })
  .refine((input) => input.quantity !== undefined || input.product_option_id !== undefined, { message: STORE_MESSAGES.nothingToChange, path: ['quantity'] });

/** The ids of a form (`ids[]=1&ids[]=2`) or of JSON; none is a valid choice (nothing selected). */
const idList = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.unknown(), { error: STORE_MESSAGES.ids })
    .max(CART_LINES_MAX, STORE_MESSAGES.ids)
    .transform((values, ctx) => {
      const ids = values.map(routeId);
      if (ids.some((id) => id === null)) {
        ctx.addIssue({ code: 'custom', message: STORE_MESSAGES.ids });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    }),
);

/** POST /api/cart-items with `_method` PUT: exactly these lines are chosen for the order. */
export const cartSelectionInput = z.object({ ids: idList });

const productLineInput = z.object(productLine);
const sessionLineInput = z.object({ ritual_session_id: idField(STORE_MESSAGES.ritualSessionNotFound) });

export type TempCartLine = z.output<typeof productLineInput> | z.output<typeof sessionLineInput>;

/** A line names a ritual session or a product; each is checked with its own fields' messages. */
const tempCartLine = z.unknown().transform((value, ctx): TempCartLine => {
  const isSession = typeof value === 'object' && value !== null && 'ritual_session_id' in value;
  const result = (isSession ? sessionLineInput : productLineInput).safeParse(value ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** POST /api/temp-cart-items {items}: replaces the temp cart. */
export const tempCartInput = z.object({
  items: z.array(tempCartLine, { error: STORE_MESSAGES.items }).min(1, STORE_MESSAGES.items).max(TEMP_CART_ITEMS_MAX, STORE_MESSAGES.items),
});

/** GET /api/isolated-regions/{postal_code} */
export const postalCodeField = z.string().regex(/^\d{5}$/, STORE_MESSAGES.postalCode);
