import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import type { CheckoutLine } from '../../src/lib/checkout.ts';

const client = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn(), del: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));

const { createCheckout } = await import('../../src/stores/checkout.ts');

const line = (over: Partial<CheckoutLine>): CheckoutLine =>
  ({ kind: 'product', cart_item_id: 5, product_id: 7, ritual_session_id: null, name: '향초', option_name: null, unit_price: 20_000, quantity: 2, line_total: 40_000, shipping: { fee: 3000, free_over: null }, ...over }) as CheckoutLine;

const address = { recipient_name: '김하나', recipient_phone: '01012345678', postal_code: '63000', address: '제주시', address_detail: '1층', memo: '' };

it('reads the usable coupons for the lines, previews a chosen coupon, and orders the chosen cart lines with it', async () => {
  client.get.mockImplementation(async (url: string) => {
    if (url.startsWith('/api/coupons/available')) return { data: [{ id: 4, name: '웰컴', discount: 3000 }] };
    if (url.startsWith('/api/coupons/discount-price')) return { data: { discount: 3000, final_price: 37_000 } };
    if (url === '/api/isolated-regions/63000') return { data: { is_isolated: true, region: '제주', extra_fee: 3000 } };
    throw new Error(url);
  });
  const checkout = createCheckout('cart', [line({})]);
  checkout.start();
  await vi.waitFor(() => expect(checkout.$coupons.get()).toHaveLength(1));
  expect(client.get).toHaveBeenCalledWith('/api/coupons/available?amount=40000&product_ids%5B%5D=7');

  checkout.chooseCoupon('4');
  await vi.waitFor(() => expect(checkout.$discount.get()).toBe(3000));
  checkout.lookUpRegion('63000');
  await vi.waitFor(() => expect(checkout.$region.get()?.extra_fee).toBe(3000));

  client.post.mockResolvedValue({ data: { id: 31, amount: 40_000 } });
  await checkout.placeOrder(address);
  expect(client.post).toHaveBeenCalledWith('/api/orders', { cart_item_ids: [5], coupon_user_id: 4, ...address });
  expect(checkout.$order.get()?.id).toBe(31);

  client.del.mockResolvedValue({ data: {} });
  await checkout.editOrder();
  expect(client.del).toHaveBeenCalledWith('/api/orders/31');
  expect(checkout.$order.get()).toBeNull();
});

it('keeps a refused order\'s field errors and failure, and no order', async () => {
  client.get.mockResolvedValue({ data: [] });
  const refusal = new ApiError(422, '받는 분 이름을 입력해 주세요.', undefined, { recipient_name: ['받는 분 이름을 입력해 주세요.'] });
  client.post.mockRejectedValue(refusal);
  const checkout = createCheckout('temp', [line({ cart_item_id: null })]);
  await checkout.placeOrder({ ...address, recipient_name: '' });
  expect(client.post).toHaveBeenLastCalledWith('/api/orders', expect.objectContaining({ from_temp_cart: true }));
  const state = checkout.$state.get();
  expect(state.errors.recipient_name).toEqual(['받는 분 이름을 입력해 주세요.']);
  expect(state.failure).toBe(refusal);
  expect(state.busy).toBe(false);
  expect(checkout.$order.get()).toBeNull();
});

it('applies a registered code at once when this order may use it', async () => {
  client.post.mockResolvedValue({ data: { id: 9, name: '가을' } });
  client.get.mockImplementation(async (url: string) =>
    url.startsWith('/api/coupons/available') ? { data: [{ id: 9, name: '가을', discount: 1000 }] } : { data: { discount: 1000, final_price: 39_000 } },
  );
  const checkout = createCheckout('cart', [line({})]);
  await expect(checkout.registerCode('FALL')).resolves.toBe(true);
  expect(client.post).toHaveBeenLastCalledWith('/api/coupons/users', { code: 'FALL' });
  expect(checkout.$couponId.get()).toBe('9');
  expect(checkout.$state.get().code).toEqual({ tone: 'success', text: '가을 쿠폰을 등록하고 적용했어요.' });

  client.post.mockRejectedValue(new ApiError(422, '쿠폰을 찾을 수 없어요.'));
  await expect(checkout.registerCode('NOPE')).resolves.toBe(false);
  expect(checkout.$state.get().code).toMatchObject({ tone: 'error' });
});
