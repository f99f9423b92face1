import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import { idParam } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { confirmPurchase } from './purchase-confirmation.ts';
import { orderResource } from './resource.ts';
import { ORDER_MESSAGES } from './schema.ts';

/** 구매 확정 of a delivered order by its member (POST, no body); the order as it now is. */
export function purchaseConfirmationRoutes(db: Db) {
  return new Hono<AppEnv>().post('/api/orders/:id/purchase-confirmation', async (c) => {
    const user = requireMember(c);
    const id = idParam(c, 'id', ORDER_MESSAGES.orderNotFound);
    const view = await confirmPurchase(db, user, id);
    c.get('log').info({ userId: user.id, orderId: id }, 'purchase confirmed');
    return c.json({ data: orderResource(view) });
  });
}
