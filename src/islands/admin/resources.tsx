import type { ResourceProps } from 'react-admin';
import { auditLogs } from './resources/audit-logs.tsx';
import { inquiries, inquiryCategories } from './resources/inquiries.tsx';
import { accountDeletions, members } from './resources/members.tsx';
import { notices } from './resources/notices.tsx';

/** The console's menu, in order; each resource is a file under resources/. */
export const consoleResources: ResourceProps[] = [notices, inquiries, members, accountDeletions, auditLogs, inquiryCategories];
