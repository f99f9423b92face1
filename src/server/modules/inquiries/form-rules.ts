import type { AppConfig } from '../../config.ts';
import {
  INQUIRY_CONTENT_MAX,
  INQUIRY_FILE_MAX_BYTES,
  INQUIRY_FILES_MAX,
  INQUIRY_MESSAGES,
  INQUIRY_TITLE_MAX,
} from './schema.ts';

/** What the inquiry form checks before sending, from the rules the API enforces: one source for both. */
export const inquiryFormRules = (config: AppConfig) => ({
  titleMax: INQUIRY_TITLE_MAX,
  contentMax: INQUIRY_CONTENT_MAX,
  filesMax: INQUIRY_FILES_MAX,
  fileMaxBytes: INQUIRY_FILE_MAX_BYTES,
  requestMaxBytes: config.bodyLimitBytes,
  messages: {
    fileType: INQUIRY_MESSAGES.fileType,
    fileTooLarge: INQUIRY_MESSAGES.fileTooLarge,
    tooManyFiles: INQUIRY_MESSAGES.tooManyFiles,
  },
});
