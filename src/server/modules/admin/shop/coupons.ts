import { and, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { couponKinds, couponScopes, couponUsers, coupons } from '../../../db/schema/index.ts';
import type { Coupon } from '../../../db/schema/index.ts';
import { invalidInput } from '../../../domain-errors.ts';
import { apiTime } from '../../../http/serialize.ts';
import type { CrudResource } from '../crud.ts';
import { optionalTime } from '../fields.ts';

export const ADMIN_COUPON_MESSAGES = {
  code: '쿠폰 코드는 영문, 숫자, -, _ 3~40자로 입력해 주세요.',
  codeTaken: '이미 있는 쿠폰 코드예요. 다른 코드를 입력해 주세요.',
  name: '쿠폰 이름을 100자 이내로 입력해 주세요.',
  kind: '할인 방식은 정률(percent) 또는 정액(fixed)이어야 해요.',
  value: '할인 값은 1 이상의 정수로 입력해 주세요.',
  percent: '정률 할인은 1~100% 사이로 입력해 주세요.',
  maxDiscount: '최대 할인 금액은 비우거나 1원 이상의 정수로 입력해 주세요.',
  minOrderAmount: '최소 주문 금액은 0원 이상의 정수로 입력해 주세요.',
  appliesTo: '적용 대상은 전체(all), 상품(products), 리추얼(rituals) 중에서 골라 주세요.',
  totalLimit: '전체 발급 수량은 비우거나 1 이상의 정수로 입력해 주세요.',
  perMemberLimit: '회원당 발급 수량은 1 이상의 정수로 입력해 주세요.',
  validity: '사용 종료 시각은 시작 시각보다 뒤여야 해요.',
  issued: '이미 회원에게 발급된 쿠폰은 삭제할 수 없어요. 사용 종료 시각을 앞당겨 주세요.',
} as const;

const MONEY_MAX = 100_000_000;
const int = (message: string, min: number, max = MONEY_MAX) => z.number({ error: message }).int(message).min(min, message).max(max, message);
const blankAsNull = (value: unknown) => (value === '' ? null : value);

const fields = {
  // Codes are matched without regard to case (registerCoupon): stored as one spelling.
  code: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.string({ error: ADMIN_COUPON_MESSAGES.code }).regex(/^[A-Z0-9_-]{3,40}$/, ADMIN_COUPON_MESSAGES.code),
  ),
  name: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string({ error: ADMIN_COUPON_MESSAGES.name }).min(1, ADMIN_COUPON_MESSAGES.name).max(100, ADMIN_COUPON_MESSAGES.name)),
  kind: z.enum(couponKinds, { error: ADMIN_COUPON_MESSAGES.kind }),
  value: int(ADMIN_COUPON_MESSAGES.value, 1),
  max_discount: z.preprocess(blankAsNull, int(ADMIN_COUPON_MESSAGES.maxDiscount, 1).nullable()),
  min_order_amount: int(ADMIN_COUPON_MESSAGES.minOrderAmount, 0),
  valid_from: optionalTime('사용 시작 시각'),
  valid_until: optionalTime('사용 종료 시각'),
  applies_to: z.enum(couponScopes, { error: ADMIN_COUPON_MESSAGES.appliesTo }),
  total_limit: z.preprocess(blankAsNull, int(ADMIN_COUPON_MESSAGES.totalLimit, 1, 10_000_000).nullable()),
  per_member_limit: int(ADMIN_COUPON_MESSAGES.perMemberLimit, 1, 1000),
};

const create = z.object({
  ...fields,
  max_discount: fields.max_discount.optional(),
  min_order_amount: fields.min_order_amount.optional(),
  applies_to: fields.applies_to.optional(),
  total_limit: fields.total_limit.optional(),
  per_member_limit: fields.per_member_limit.optional(),
});
const update = z.object(fields).partial();

type Input = z.output<typeof create> | z.output<typeof update>;

/** The rules between fields, checked on the coupon as it will be (an update sends only what changed). */
async function checkWhole(db: Db, next: Pick<Coupon, 'code' | 'kind' | 'value' | 'validFrom' | 'validUntil'>, existing: Coupon | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (next.kind === 'percent' && next.value > 100) errors.value = [ADMIN_COUPON_MESSAGES.percent];
  if (next.validFrom && next.validUntil && next.validUntil <= next.validFrom) errors.valid_until = [ADMIN_COUPON_MESSAGES.validity];
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(sql`upper(${coupons.code})`, next.code.toUpperCase()), existing ? ne(coupons.id, existing.id) : undefined))
    .limit(1);
  if (taken) errors.code = [ADMIN_COUPON_MESSAGES.codeTaken];
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
}

function toValues(input: Input) {
  return {
    ...(input.code === undefined ? {} : { code: input.code }),
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.kind === undefined ? {} : { kind: input.kind }),
    ...(input.value === undefined ? {} : { value: input.value }),
    ...(input.max_discount === undefined ? {} : { maxDiscount: input.max_discount }),
    ...(input.min_order_amount === undefined ? {} : { minOrderAmount: input.min_order_amount }),
    ...(input.valid_from === undefined ? {} : { validFrom: input.valid_from }),
    ...(input.valid_until === undefined ? {} : { validUntil: input.valid_until }),
    ...(input.applies_to === undefined ? {} : { appliesTo: input.applies_to }),
    ...(input.total_limit === undefined ? {} : { totalLimit: input.total_limit }),
    ...(input.per_member_limit === undefined ? {} : { perMemberLimit: input.per_member_limit }),
  };
}

export const couponRowResource = (row: (typeof coupons)['$inferSelect']) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  value: row.value,
  max_discount: row.maxDiscount,
  min_order_amount: row.minOrderAmount,
  valid_from: apiTime(row.validFrom),
  valid_until: apiTime(row.validUntil),
  applies_to: row.appliesTo,
  total_limit: row.totalLimit,
  per_member_limit: row.perMemberLimit,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const couponResource: CrudResource<typeof coupons, typeof create, typeof update> = {
  path: 'coupons',
  modelType: 'coupon',
  table: coupons,
  id: coupons.id,
  sortable: { id: coupons.id, created_at: coupons.createdAt, valid_until: coupons.validUntil, name: coupons.name, code: coupons.code },
  search: [coupons.code, coupons.name],
  filters: {
    kind: (value) => ((couponKinds as readonly string[]).includes(value) ? eq(coupons.kind, value as Coupon['kind']) : sql`false`),
    applies_to: (value) => ((couponScopes as readonly string[]).includes(value) ? eq(coupons.appliesTo, value as Coupon['appliesTo']) : sql`false`),
  },
  create,
  update,
  toValues: async (db, input, existing) => {
    const values = toValues(input);
    const next = {
      code: values.code ?? existing?.code ?? '',
      kind: values.kind ?? existing?.kind ?? 'fixed',
      value: values.value ?? existing?.value ?? 0,
      validFrom: values.validFrom === undefined ? (existing?.validFrom ?? null) : values.validFrom,
      validUntil: values.validUntil === undefined ? (existing?.validUntil ?? null) : values.validUntil,
    };
    await checkWhole(db, next, existing);
    return values;
  },
  toResource: couponRowResource,
  canDelete: async (db, row) => {
    const [issued] = await db.select({ value: count() }).from(couponUsers).where(eq(couponUsers.couponId, row.id));
    return (issued?.value ?? 0) > 0 ? ADMIN_COUPON_MESSAGES.issued : null;
  },
};
