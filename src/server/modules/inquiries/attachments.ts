import { randomBytes } from 'node:crypto';
import { reencodeAsWebp } from '../../adapters/images/reencode.ts';
import { PRIVATE_PREFIX } from '../../adapters/storage/storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { invalidInput } from '../../domain-errors.ts';
import type { Logger } from '../../logger.ts';
import { INQUIRY_MESSAGES } from './schema.ts';

const IMAGE_MAX_SIDE = 2000;
const NAME_MAX = 200;
const PDF_MAGIC = new TextEncoder().encode('%PDF-');

/** An attachment checked and ready to store: an image re-encoded as WebP, or a PDF as sent. */
export interface PreparedAttachment {
  bytes: Uint8Array;
  mimeType: 'image/webp' | 'application/pdf';
  originalName: string;
}

export interface StoredAttachment {
  url: string;
  originalName: string;
  mimeType: string;
  size: number;
}

/** `filename*` carries a Korean name intact (RFC 6266); `filename` is the ASCII fallback. */
const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * How a private attachment is answered, to its owner or to staff: pictures show in the page; a PDF
 * is always downloaded, never opened as a document of this site.
 */
export const attachmentHeaders = (file: { mimeType: string; originalName: string }): Record<string, string> => ({
  'Content-Type': file.mimeType,
  'Content-Disposition': contentDisposition(file.mimeType.startsWith('image/') ? 'inline' : 'attachment', file.originalName),
  'Cache-Control': 'private, max-age=600',
  'X-Content-Type-Options': 'nosniff',
});

const isPdf = (bytes: Uint8Array): boolean => PDF_MAGIC.every((byte, index) => bytes[index] === byte);

/**
 * The name as the member saw it: Korean names from a Mac come decomposed (NFD), and some browsers
 * send a whole path. Only ever shown and offered as a download name, never used as a key.
 */
export function displayName(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(clean || '첨부파일').slice(0, NAME_MAX).join('');
}

/**
 * Judges every file by its bytes (an image sharp can decode, or a PDF by its `%PDF-` header) and
 * re-encodes the images, which leaves their metadata (location, camera) behind. Every file is
 * judged before any is stored, so a refused batch leaves nothing behind.
 */
export async function prepareAttachments(files: readonly File[]): Promise<PreparedAttachment[]> {
  const prepared: PreparedAttachment[] = [];
  const refused: string[] = [];
  // One at a time: five decoded 10 MB pictures at once would be a lot of memory for one request.
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const originalName = displayName(file.name);
    if (isPdf(bytes)) {
      prepared.push({ bytes, mimeType: 'application/pdf', originalName });
      continue;
    }
    const image = await reencodeAsWebp(bytes, { kind: 'inside', maxSide: IMAGE_MAX_SIDE });
    if (image) prepared.push({ bytes: image.bytes, mimeType: 'image/webp', originalName });
    else refused.push(originalName);
  }
  if (refused.length > 0) {
    throw invalidInput({
      files: refused.map((name) => `‘${name}’ 파일은 첨부할 수 없어요. ${INQUIRY_MESSAGES.fileType}`),
    });
  }
  return prepared;
}

/**
 * `private/inquiries/2026/11/42-<32 hex>.pdf`: never public (only the owner reads it, through
 * GET /api/inquiries/{id}/attachments/{attachmentId}); the month, the owner, an unguessable name.
 */
function attachmentKey(userId: number, mimeType: PreparedAttachment['mimeType'], now: Date): string {
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  const extension = mimeType === 'application/pdf' ? 'pdf' : 'webp';
  return `${PRIVATE_PREFIX}inquiries/${month}/${userId}-${randomBytes(16).toString('hex')}.${extension}`;
}

/** Stores the files in order; should one fail, those already stored are taken back. */
export async function storeAttachments(
  storage: FileStorage,
  userId: number,
  prepared: readonly PreparedAttachment[],
  now = new Date(),
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const file of prepared) {
      const url = await storage.put(attachmentKey(userId, file.mimeType, now), file.bytes, file.mimeType);
      stored.push({ url, originalName: file.originalName, mimeType: file.mimeType, size: file.bytes.byteLength });
    }
  } catch (error) {
    await removeFiles(storage, stored.map((file) => file.url));
    throw error;
  }
  return stored;
}

/**
 * Deletes files whose rows are already gone. The database has the last word: a file that cannot
 * be deleted now is logged and left behind rather than failing a change that has been made.
 */
export async function removeFiles(storage: FileStorage, urls: readonly string[], log?: Logger): Promise<void> {
  const keys = urls.map((url) => storage.keyOf(url)).filter((key): key is string => key !== null);
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') log?.error({ err: result.reason, key: keys[index] }, 'could not delete an inquiry attachment');
  });
}
