import { Hono } from 'hono';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppDeps, AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { purchaseConfirmationRoutes } from './purchase-confirmation-routes.ts';
import { mailReceipt } from './paid-mail.ts';
import { orderResource, ownOrderItemResource } from './resource.ts';
import { ORDER_MESSAGES, orderConfirmInput, orderCreateInput, orderListQuery } from './schema.ts';
import { createOrder } from './pricing.ts';
import { cancelOrderItem, cancelPaidOrder } from './refunds.ts';
import { cancelUnpaidOrder, findOwnOrder, findOwnOrderItem, listOwnOrders } from './service.ts';
import { confirmOrder } from './settlement.ts';

export function orderRoutes({ db, payments, mailer, background, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/api/orders/me', async (c) => {
      const user = requireMember(c);
      const query = validateQuery(c, orderListQuery);
      const page = await listOwnOrders(db, user, query.page, query.per_page);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: page.items.map(orderResource), meta: pageMeta(query.page, query.per_page, page.total) });
    })
    .get('/api/orders/me/:id', async (c) => {
      const user = requireMember(c);
      const id = idParam(c, 'id', ORDER_MESSAGES.orderNotFound);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: orderResource(await findOwnOrder(db, user, String(id))) });
    })
    .get('/api/order-items/me/:id', async (c) => {
      const user = requireMember(c);
      const found = await findOwnOrderItem(db, user, idParam(c, 'id', ORDER_MESSAGES.orderItemNotFound));
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: ownOrderItemResource(found) });
    })
    .post('/api/orders', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, orderCreateInput);
      return c.json({ data: orderResource(await createOrder(db, user, input)) }, 201);
    })
    .post('/api/orders/confirm', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, orderConfirmInput);
      const confirmed = await confirmOrder(db, payments, user, input);
      mailReceipt({ mailer, background, appUrl: config.appUrl }, c.get('log'), user, confirmed);
      return c.json({ data: orderResource(confirmed) });
    })
    .delete('/api/orders/:id', async (c) => {
      const user = requireMember(c);
      return c.json({ data: orderResource(await cancelUnpaidOrder(db, user, idParam(c, 'id', ORDER_MESSAGES.orderNotFound))) });
    })
    .delete('/api/orders/:id/paid', async (c) => {
      const user = requireMember(c);
      return c.json({ data: orderResource(await cancelPaidOrder(db, payments, user, idParam(c, 'id', ORDER_MESSAGES.orderNotFound))) });
    })
    .delete('/api/order-items/:id', async (c) => {
      const user = requireMember(c);
      return c.json({ data: orderResource(await cancelOrderItem(db, payments, user, idParam(c, 'id', ORDER_MESSAGES.orderItemNotFound))) });
    })
    .route('/', purchaseConfirmationRoutes(db));
}
