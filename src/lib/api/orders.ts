import type { orderResource } from '../../server/modules/orders/resource.ts';
import type { orderCreateInput } from '../../server/modules/orders/schema.ts';
import type { Answer, Body } from './body.ts';
import { clientFor } from './clients.ts';

type Order = ReturnType<typeof orderResource>;
/** From the chosen cart lines or from the temp cart; the address only when something is shipped. */
export type OrderDraft = Partial<Body<typeof orderCreateInput>>;

/** The pending order, whose amount is the one to pay. */
export async function createOrder(draft: OrderDraft): Promise<Order> {
  const { data } = await clientFor().post<Answer<Order>>('/api/orders', { ...draft });
  return data;
}

/** A pending order given up (it stays in my orders as cancelled). */
export const cancelPendingOrder = (orderId: number): Promise<unknown> => clientFor().del(`/api/orders/${orderId}`);
/** A paid order refunded whole. */
export const cancelPaidOrder = (orderId: number): Promise<unknown> => clientFor().del(`/api/orders/${orderId}/paid`);
export const cancelOrderItem = (itemId: number): Promise<unknown> => clientFor().del(`/api/order-items/${itemId}`);

export const confirmPurchase = (orderId: number): Promise<unknown> => clientFor().post(`/api/orders/${orderId}/purchase-confirmation`);
