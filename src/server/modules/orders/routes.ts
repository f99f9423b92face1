import { Hono } from 'hono';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import { orderResource } from './resource.ts';
import { orderConfirmInput, orderCreateInput } from './schema.ts';
import { confirmOrder, createOrder } from './service.ts';

export function orderRoutes(db: Db, payments: PaymentGateway) {
  return new Hono<AppEnv>()
    .post('/api/orders', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, orderCreateInput);
      return c.json({ data: orderResource(await createOrder(db, user, input)) }, 201);
    })
    .post('/api/orders/confirm', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, orderConfirmInput);
      return c.json({ data: orderResource(await confirmOrder(db, payments, user, input)) });
    });
}
