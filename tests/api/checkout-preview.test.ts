import { describe, expect, it } from 'vitest';
import { checkoutPreview } from '../../src/lib/checkout.ts';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, ritualSessionUsers, tempCartItems } from '../../src/server/db/schema/index.ts';
import { checkoutLines, isSessionMember } from '../../src/server/modules/orders/checkout.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

describe('the checkout page preview', () => {
  it('lists only the cart lines chosen and orderable, each member their own', async () => {
    const [member, other] = [await createMember(db()), await createMember(db())];
    const { product } = await createProduct(db(), { title: '노트', price: 16_000, salePrice: 16_000, stock: 5, shippingFee: 3_000, freeShippingOver: 50_000 });
    const { product: candle, options } = await createProduct(db(), { title: '캔들', price: 20_000, salePrice: 20_000, stock: 0 }, [{ name: '라벤더', extraPrice: 5_600, stock: 1 }]);
    const [chosen] = await db()
      .insert(cartItems)
      .values([
        { userId: member.id, productId: product.id, quantity: 2, isSelected: true },
        { userId: member.id, productId: candle.id, productOptionId: options[0]!.id, quantity: 3, isSelected: true },
        { userId: other.id, productId: product.id, quantity: 1, isSelected: true },
      ])
      .returning();

    const lines = await checkoutLines(db(), member, 'cart');
    // The candle asks for 3 of 1 left: the cart flags it and the checkout leaves it out.
    expect(lines).toEqual([
      { kind: 'product', cart_item_id: chosen!.id, product_id: product.id, ritual_session_id: null, name: '노트', option_name: null, unit_price: 16_000, quantity: 2, line_total: 32_000, shipping: { fee: 3_000, free_over: 50_000 } },
    ]);
    expect(checkoutPreview(lines)).toEqual({ items_amount: 32_000, shipping_fee: 3_000, needs_address: true });
  });

  it('prices the temp cart: a ritual session needs no address, and joining shows on the ritual page', async () => {
    const member = await createMember(db());
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000), price: 35_000 });
    await db().insert(tempCartItems).values({ userId: member.id, ritualSessionId: session.id });

    const lines = await checkoutLines(db(), member, 'temp');
    expect(lines).toEqual([
      { kind: 'ritual_session', cart_item_id: null, product_id: null, ritual_session_id: session.id, name: session.title, option_name: null, unit_price: 35_000, quantity: 1, line_total: 35_000, shipping: null },
    ]);
    expect(checkoutPreview(lines)).toEqual({ items_amount: 35_000, shipping_fee: 0, needs_address: false });
    expect(await checkoutLines(db(), await createMember(db()), 'temp')).toEqual([]);

    expect(await isSessionMember(db(), member, session.id)).toBe(false);
    await db().insert(ritualSessionUsers).values({ ritualSessionId: session.id, userId: member.id, role: 'member' });
    expect(await isSessionMember(db(), member, session.id)).toBe(true);
  });
});
