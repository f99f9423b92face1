import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { inquiries, inquiryAttachments, inquiryCategories } from '../../db/schema/index.ts';
import type { InquiryAttachment } from '../../db/schema/index.ts';
import { forbidden, invalidInput, notFound } from '../../domain-errors.ts';
import type { Logger } from '../../logger.ts';
import { prepareAttachments, removeFiles, storeAttachments } from './attachments.ts';
import type { StoredAttachment } from './attachments.ts';
import { INQUIRY_FILES_MAX, INQUIRY_MESSAGES } from './schema.ts';

export interface InquiryCategoryView {
  id: number;
  name: string;
}

export interface InquiryAttachmentView {
  id: number;
  url: string;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface InquiryView {
  id: number;
  category: InquiryCategoryView;
  title: string;
  content: string;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  attachments: InquiryAttachmentView[];
}

export interface InquiryDraft {
  categoryId: number;
  title: string;
  content: string;
  files: File[];
}

export interface InquiryChanges extends InquiryDraft {
  /** The attachments to keep; every other one is removed. */
  keepAttachmentIds: number[];
}

/** What a write needs besides the database: where files go, and where a failed cleanup is told. */
export interface InquiryWriter {
  db: Db;
  storage: FileStorage;
  log?: Logger;
}

export const isAnswered = (inquiry: { answeredAt: Date | null }): boolean => inquiry.answeredAt !== null;

export const listInquiryCategories = (db: Db): Promise<InquiryCategoryView[]> =>
  db
    .select({ id: inquiryCategories.id, name: inquiryCategories.name })
    .from(inquiryCategories)
    .orderBy(asc(inquiryCategories.sortOrder), asc(inquiryCategories.id));

const inquiryColumns = {
  id: inquiries.id,
  title: inquiries.title,
  content: inquiries.content,
  answer: inquiries.answer,
  answeredAt: inquiries.answeredAt,
  createdAt: inquiries.createdAt,
  updatedAt: inquiries.updatedAt,
  categoryId: inquiryCategories.id,
  categoryName: inquiryCategories.name,
};

const selectInquiries = (db: Db) =>
  db.select(inquiryColumns).from(inquiries).innerJoin(inquiryCategories, eq(inquiryCategories.id, inquiries.inquiryCategoryId));

type InquiryRow = Awaited<ReturnType<typeof selectInquiries>>[number];

/** Where the owner reads an attachment; the stored file itself is private. */
export const attachmentPath = (inquiryId: number, attachmentId: number): string => `/api/inquiries/${inquiryId}/attachments/${attachmentId}`;

const attachmentView = (file: InquiryAttachment): InquiryAttachmentView => ({
  id: file.id,
  url: attachmentPath(file.inquiryId, file.id),
  originalName: file.originalName,
  mimeType: file.mimeType,
  size: file.size,
});

/** The rows with their attachments, fetched for all of them in one query. */
async function withAttachments(db: Db, rows: InquiryRow[]): Promise<InquiryView[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(inquiryAttachments)
    .where(
      inArray(
        inquiryAttachments.inquiryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(inquiryAttachments.inquiryId), asc(inquiryAttachments.sortOrder), asc(inquiryAttachments.id));
  const byInquiry = Map.groupBy(files, (file) => file.inquiryId);
  return rows.map(({ categoryId, categoryName, ...row }) => ({
    ...row,
    category: { id: categoryId, name: categoryName },
    attachments: (byInquiry.get(row.id) ?? []).map(attachmentView),
  }));
}

/** One page of the member's own inquiries, newest first. */
export async function listInquiries(
  db: Db,
  userId: number,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ items: InquiryView[]; total: number }> {
  const [counted] = await db.select({ total: count() }).from(inquiries).where(eq(inquiries.userId, userId));
  const total = counted?.total ?? 0;
  if (total === 0 || (page - 1) * perPage >= total) return { items: [], total };
  const rows = await selectInquiries(db)
    .where(eq(inquiries.userId, userId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items: await withAttachments(db, rows), total };
}

/** The member's own inquiry; another member's is as unknown as one that does not exist. */
export async function findOwnInquiry(db: Db, userId: number, id: number): Promise<InquiryView | null> {
  const rows = await selectInquiries(db).where(and(eq(inquiries.id, id), eq(inquiries.userId, userId)));
  const [inquiry] = await withAttachments(db, rows);
  return inquiry ?? null;
}

export interface AttachmentFile {
  bytes: Uint8Array;
  mimeType: string;
  originalName: string;
}

/**
 * An attachment with its bytes; null for a missing row or file. `ownerId` limits it to that
 * member's inquiries; null is for the console, whose routes answer only to staff.
 */
export async function readAttachment(
  db: Db,
  storage: FileStorage,
  ownerId: number | null,
  inquiryId: number,
  attachmentId: number,
): Promise<AttachmentFile | null> {
  const [file] = await db
    .select({ url: inquiryAttachments.url, mimeType: inquiryAttachments.mimeType, originalName: inquiryAttachments.originalName })
    .from(inquiryAttachments)
    .innerJoin(inquiries, eq(inquiries.id, inquiryAttachments.inquiryId))
    .where(
      and(
        eq(inquiryAttachments.id, attachmentId),
        eq(inquiryAttachments.inquiryId, inquiryId),
        ownerId === null ? undefined : eq(inquiries.userId, ownerId),
      ),
    );
  const key = file ? storage.keyOf(file.url) : null;
  const bytes = key ? await storage.read(key) : null;
  return file && bytes ? { bytes, mimeType: file.mimeType, originalName: file.originalName } : null;
}

/** An attachment of the member's own inquiry; null for anyone else's or a missing file. */
export const readOwnAttachment = (db: Db, storage: FileStorage, userId: number, inquiryId: number, attachmentId: number) =>
  readAttachment(db, storage, userId, inquiryId, attachmentId);

async function assertCategory(db: Db, categoryId: number): Promise<void> {
  const [category] = await db.select({ id: inquiryCategories.id }).from(inquiryCategories).where(eq(inquiryCategories.id, categoryId));
  if (!category) throw invalidInput({ inquiry_category_id: [INQUIRY_MESSAGES.unknownCategory] });
}

/** Files stored for rows that then failed to be written are taken back before the error goes on. */
async function writeOrTakeBack<T>(writer: InquiryWriter, stored: StoredAttachment[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeFiles(writer.storage, stored.map((file) => file.url), writer.log);
    throw error;
  }
}

const attachmentRows = (inquiryId: number, stored: StoredAttachment[], firstSortOrder: number) =>
  stored.map((file, index) => ({ inquiryId, ...file, sortOrder: firstSortOrder + index }));

export async function createInquiry(writer: InquiryWriter, userId: number, draft: InquiryDraft): Promise<InquiryView> {
  const { db, storage } = writer;
  await assertCategory(db, draft.categoryId);
  const stored = await storeAttachments(storage, userId, await prepareAttachments(draft.files));
  const id = await writeOrTakeBack(writer, stored, () =>
    db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const [inquiry] = await txDb
        .insert(inquiries)
        .values({ userId, inquiryCategoryId: draft.categoryId, title: draft.title, content: draft.content })
        .returning({ id: inquiries.id });
      if (stored.length > 0) await txDb.insert(inquiryAttachments).values(attachmentRows(inquiry!.id, stored, 0));
      return inquiry!.id;
    }),
  );
  return (await findOwnInquiry(db, userId, id))!;
}

/**
 * The member's inquiry and its attachments, while it may still change: 404 for someone else's,
 * 403 once answered. Inside a transaction the row is locked, so an answer cannot slip in between.
 */
async function changeableInquiry(db: Db, userId: number, id: number, lock: boolean): Promise<InquiryAttachment[]> {
  const query = db
    .select({ answeredAt: inquiries.answeredAt })
    .from(inquiries)
    .where(and(eq(inquiries.id, id), eq(inquiries.userId, userId)));
  const [inquiry] = lock ? await query.for('update') : await query;
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  if (isAnswered(inquiry)) throw forbidden(INQUIRY_MESSAGES.answered);
  return db
    .select()
    .from(inquiryAttachments)
    .where(eq(inquiryAttachments.inquiryId, id))
    .orderBy(asc(inquiryAttachments.sortOrder), asc(inquiryAttachments.id));
}

/** Splits the current attachments into kept and removed; 422 for an id that is not among them or too many files. */
function sortAttachments(current: InquiryAttachment[], keepIds: number[], newCount: number) {
  const kept = current.filter((file) => keepIds.includes(file.id));
  if (kept.length !== keepIds.length) throw invalidInput({ keep_attachment_ids: [INQUIRY_MESSAGES.unknownAttachment] });
  if (kept.length + newCount > INQUIRY_FILES_MAX) throw invalidInput({ files: [INQUIRY_MESSAGES.tooManyFiles] });
  return { kept, removed: current.filter((file) => !keepIds.includes(file.id)) };
}

export async function updateInquiry(writer: InquiryWriter, userId: number, id: number, changes: InquiryChanges): Promise<InquiryView> {
  const { db, storage } = writer;
  // Told before any file is decoded or stored; checked again under the lock below.
  sortAttachments(await changeableInquiry(db, userId, id, false), changes.keepAttachmentIds, changes.files.length);
  await assertCategory(db, changes.categoryId);
  const stored = await storeAttachments(storage, userId, await prepareAttachments(changes.files));
  const removed = await writeOrTakeBack(writer, stored, () =>
    db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const current = await changeableInquiry(txDb, userId, id, true);
      const sorted = sortAttachments(current, changes.keepAttachmentIds, stored.length);
      if (sorted.removed.length > 0) {
        await txDb.delete(inquiryAttachments).where(
          inArray(
            inquiryAttachments.id,
            sorted.removed.map((file) => file.id),
          ),
        );
      }
      await txDb
        .update(inquiries)
        .set({ inquiryCategoryId: changes.categoryId, title: changes.title, content: changes.content })
        .where(eq(inquiries.id, id));
      const next = Math.max(-1, ...sorted.kept.map((file) => file.sortOrder)) + 1;
      if (stored.length > 0) await txDb.insert(inquiryAttachments).values(attachmentRows(id, stored, next));
      return sorted.removed;
    }),
  );
  await removeFiles(storage, removed.map((file) => file.url), writer.log);
  return (await findOwnInquiry(db, userId, id))!;
}

export async function deleteInquiry(writer: InquiryWriter, userId: number, id: number): Promise<void> {
  const { db, storage } = writer;
  const files = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const current = await changeableInquiry(txDb, userId, id, true);
    // The attachments' rows go with the inquiry (on delete cascade).
    await txDb.delete(inquiries).where(eq(inquiries.id, id));
    return current;
  });
  await removeFiles(storage, files.map((file) => file.url), writer.log);
}
