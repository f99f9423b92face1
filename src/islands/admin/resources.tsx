import type { ResourceProps } from 'react-admin';
import { auditLogs } from './resources/audit-logs.tsx';
import { notices } from './resources/notices.tsx';
import { isolatedRegions, productImages, productOptions, products } from './resources/products.tsx';
import { reports } from './resources/reports.tsx';

/** The console's menu, in order; each resource is a file under resources/. */
export const consoleResources: ResourceProps[] = [notices, products, productOptions, productImages, isolatedRegions, reports, auditLogs];
