import type { ResourceProps } from 'react-admin';
import { auditLogs } from './resources/audit-logs.tsx';
import { coupons } from './resources/coupons.tsx';
import { notices } from './resources/notices.tsx';
import { orders } from './resources/orders.tsx';

/** The console's menu, in order; each resource is a file under resources/. */
export const consoleResources: ResourceProps[] = [notices, orders, coupons, auditLogs];
