import type { ResourceProps } from 'react-admin';
import { auditLogs } from './resources/audit-logs.tsx';
import { coupons } from './resources/coupons.tsx';
import { inquiries, inquiryCategories } from './resources/inquiries.tsx';
import { accountDeletions, members } from './resources/members.tsx';
import { notices } from './resources/notices.tsx';
import { orders } from './resources/orders.tsx';
import { isolatedRegions, productImages, productOptions, products } from './resources/products.tsx';
import { reports } from './resources/reports.tsx';

/** The console's menu, in order; each resource is a file under resources/. */
export const consoleResources: ResourceProps[] = [
  notices,
  inquiries,
  orders,
  products,
  productOptions,
  productImages,
  coupons,
  isolatedRegions,
  members,
  reports,
  accountDeletions,
  auditLogs,
  inquiryCategories,
];
