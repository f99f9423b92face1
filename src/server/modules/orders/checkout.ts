import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutLine, CheckoutSource } from '../../../lib/checkout.ts';
import type { Db } from '../../db/client.ts';
import { productOptions, products, ritualSessionUsers, ritualSessions } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { listCart, listTempCart } from '../store/cart-service.ts';

/**
 * What the checkout page lists before the order exists: the cart's chosen lines that can be
 * ordered, or the temp cart. Only a preview: POST /api/orders prices and checks everything again.
 */
export async function checkoutLines(db: Db, user: User, from: CheckoutSource): Promise<CheckoutLine[]> {
  if (from === 'cart') {
    return (await listCart(db, user))
      .filter((line) => line.isSelected && line.problem === null)
      .map((line) => ({
        kind: 'product',
        cart_item_id: line.id,
        product_id: line.product.id,
        ritual_session_id: null,
        name: line.product.title,
        option_name: line.option?.name ?? null,
        unit_price: line.unitPrice,
        quantity: line.quantity,
        line_total: line.unitPrice * line.quantity,
        shipping: { fee: line.product.shippingFee, free_over: line.product.freeShippingOver },
      }));
  }
  const rows = await listTempCart(db, user);
  const productIds = rows.flatMap((row) => (row.productId === null ? [] : [row.productId]));
  const optionIds = rows.flatMap((row) => (row.productOptionId === null ? [] : [row.productOptionId]));
  const sessionIds = rows.flatMap((row) => (row.ritualSessionId === null ? [] : [row.ritualSessionId]));
  const [productRows, optionRows, sessionRows] = await Promise.all([
    productIds.length ? db.select().from(products).where(inArray(products.id, productIds)) : [],
    optionIds.length ? db.select().from(productOptions).where(inArray(productOptions.id, optionIds)) : [],
    sessionIds.length ? db.select().from(ritualSessions).where(inArray(ritualSessions.id, sessionIds)) : [],
  ]);
  return rows.flatMap((row): CheckoutLine[] => {
    const session = sessionRows.find((candidate) => candidate.id === row.ritualSessionId);
    if (session) {
      return [
        { kind: 'ritual_session', cart_item_id: null, product_id: null, ritual_session_id: session.id, name: session.title, option_name: null, unit_price: session.price, quantity: 1, line_total: session.price, shipping: null },
      ];
    }
    const product = productRows.find((candidate) => candidate.id === row.productId);
    if (!product || product.status === 'hidden') return [];
    const option = optionRows.find((candidate) => candidate.id === row.productOptionId);
    const unitPrice = product.salePrice + (option?.extraPrice ?? 0);
    return [
      {
        kind: 'product',
        cart_item_id: null,
        product_id: product.id,
        ritual_session_id: null,
        name: product.title,
        option_name: option?.name ?? null,
        unit_price: unitPrice,
        quantity: row.quantity,
        line_total: unitPrice * row.quantity,
        shipping: { fee: product.shippingFee, free_over: product.freeShippingOver },
      },
    ];
  });
}

/** Whether the member already takes part in the session (as host or member): the ritual page offers /room instead. */
export async function isSessionMember(db: Db, user: User, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ritualSessionUsers.id })
    .from(ritualSessionUsers)
    .where(and(eq(ritualSessionUsers.ritualSessionId, sessionId), eq(ritualSessionUsers.userId, user.id)))
    .limit(1);
  return row !== undefined;
}
