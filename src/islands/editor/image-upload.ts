import { isApiError } from '../../lib/api-errors.ts';
import { NOT_PICTURE_MESSAGE, SERVER_PICTURE_TYPES, percentOf } from '../../lib/images/picture-rules.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { uploadImage as sendImage } from '../../lib/api/uploads.ts';
import type { UploadedImage } from '../../lib/api/uploads.ts';

// The server's limit (src/server/modules/uploads/schema.ts), checked first so that a wrong file
// is refused at once instead of after a long upload.
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const TOO_LARGE_MESSAGE = '이미지는 10MB 이하로 올려 주세요.';
const TOO_LARGE_STATUS = 413;

export type { UploadedImage } from '../../lib/api/uploads.ts';

export type UploadResult = { ok: true; image: UploadedImage } | { ok: false; message: string };

/** Why this (prepared) file cannot be sent, or null when it may be. */
export function imageProblem(file: File): string | null {
  if (!SERVER_PICTURE_TYPES.includes(file.type)) return NOT_PICTURE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

/**
 * Sends one picture to the server, telling how far it has gone in percents; the
 * answer is our storage's URL and its size.
 */
export async function uploadImage(file: File, onPercent: (percent: number) => void): Promise<UploadResult> {
  const problem = imageProblem(file);
  if (problem) return { ok: false, message: problem };
  try {
    return { ok: true, image: await sendImage(file, (sent, total) => onPercent(percentOf(sent, total))) };
  } catch (error) {
    if (isApiError(error) && error.status === TOO_LARGE_STATUS) return { ok: false, message: TOO_LARGE_MESSAGE };
    return { ok: false, message: failureMessages(error).join(' ') };
  }
}
