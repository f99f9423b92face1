import { Hono } from 'hono';
import type { PaymentGateway } from '../../../adapters/payments/index.ts';
import type { Db } from '../../../db/client.ts';
import { validateBody, validateQuery } from '../../../http/context.ts';
import type { AppContext, AppEnv } from '../../../http/context.ts';
import { pageMeta } from '../../../http/pagination.ts';
import { idParam } from '../../../http/route-id.ts';
import { auditActorOf } from '../guard.ts';
import { ADMIN_ORDER_MESSAGES, adminOrderListQuery, refundInput, shipInput } from './order-schema.ts';
import { deliverOrder, listOrders, orderDetail, prepareOrder, refundOrder, shipOrder } from './orders.ts';

const orderId = (c: AppContext): number => idParam(c, 'id', ADMIN_ORDER_MESSAGES.notFound);

/** The console's orders: the queue, one order, and the steps staff take it through. Each step answers the order as it now is. */
export function adminOrderRoutes(db: Db, gateway: PaymentGateway) {
  return new Hono<AppEnv>()
    .get('/api/admin/orders', async (c) => {
      const query = validateQuery(c, adminOrderListQuery);
      const page = await listOrders(db, query);
      return c.json({ data: page.data, meta: pageMeta(query.page, query.per_page, page.total) });
    })
    .get('/api/admin/orders/:id', async (c) => c.json({ data: await orderDetail(db, orderId(c)) }))
    .post('/api/admin/orders/:id/preparing', async (c) => {
      const id = orderId(c);
      await prepareOrder(db, auditActorOf(c), id);
      return c.json({ data: await orderDetail(db, id) });
    })
    .post('/api/admin/orders/:id/shipping', async (c) => {
      const id = orderId(c);
      const input = validateBody(c, shipInput);
      await shipOrder(db, auditActorOf(c), id, input);
      return c.json({ data: await orderDetail(db, id) });
    })
    .post('/api/admin/orders/:id/delivered', async (c) => {
      const id = orderId(c);
      await deliverOrder(db, auditActorOf(c), id);
      return c.json({ data: await orderDetail(db, id) });
    })
    .post('/api/admin/orders/:id/refund', async (c) => {
      const id = orderId(c);
      const input = validateBody(c, refundInput);
      await refundOrder(db, gateway, auditActorOf(c), id, input);
      return c.json({ data: await orderDetail(db, id) });
    });
}
