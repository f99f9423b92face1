import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const memberExportStatuses = ['pending', 'running', 'ready', 'failed'] as const;
export type MemberExportStatus = (typeof memberExportStatuses)[number];

/**
 * An export of everything a member wrote or did, built as a job: any instance may claim a
 * pending row; the ZIP lives under the data directory until `expires_at`.
 */
export const memberExports = pgTable(
  'member_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: memberExportStatuses }).notNull().default('pending'),
    // The file's name under the exports directory, set when ready.
    fileName: text('file_name'),
    sizeBytes: integer('size_bytes'),
    claimedAt: timestamptz('claimed_at'),
    finishedAt: timestamptz('finished_at'),
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('member_exports_user_created_idx').on(t.userId, t.createdAt), index('member_exports_status_idx').on(t.status, t.id)],
);
