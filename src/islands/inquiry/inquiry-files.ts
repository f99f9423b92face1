/**
 * What the attachment picker checks before anything is sent. The limits and their messages are the
 * server's (src/server/modules/inquiries/schema.ts), handed over by the page; the server judges the
 * bytes again, so these checks only spare the member a long upload that would be refused.
 */

export interface InquiryFileRules {
  filesMax: number;
  fileMaxBytes: number;
  /** The API's body limit: every new file of one save travels in one request. */
  requestMaxBytes: number;
  messages: { fileType: string; fileTooLarge: string; tooManyFiles: string };
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const PDF_TYPE = 'application/pdf';
const EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.pdf'];
export const FILE_ACCEPT = [...IMAGE_TYPES, PDF_TYPE, ...EXTENSIONS].join(',');

// Room for the text fields and the multipart framing around the files.
const REQUEST_OVERHEAD_BYTES = 512 * 1024;
const MEGABYTE = 1024 * 1024;

const extensionOf = (name: string): string => name.slice(name.lastIndexOf('.')).toLowerCase();

/** Whether the picker takes the file; an empty type (some systems send none) is judged by the name. */
export function isAcceptedFile(file: File): boolean {
  if (file.type !== '') return IMAGE_TYPES.includes(file.type) || file.type === PDF_TYPE;
  return EXTENSIONS.includes(extensionOf(file.name));
}

export const isPdfName = (name: string, mimeType = ''): boolean =>
  mimeType === PDF_TYPE || (mimeType === '' && extensionOf(name) === '.pdf');

/** `812KB`, `3.4MB`: enough to tell a photo from a scan. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MEGABYTE) return `${(bytes / MEGABYTE).toFixed(1).replace(/\.0$/, '')}MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${bytes}B`;
}

export const totalTooLargeMessage = (requestMaxBytes: number): string =>
  `새로 올리는 첨부파일은 모두 합쳐 ${Math.floor((requestMaxBytes - REQUEST_OVERHEAD_BYTES) / MEGABYTE)}MB까지 한 번에 보낼 수 있어요.`;

export interface PickResult {
  accepted: File[];
  problems: string[];
}

/**
 * Splits newly picked files into those the form takes and the reasons for the rest, given how
 * many attachments there are already and how many bytes the new ones already weigh.
 */
export function pickFiles(picked: readonly File[], current: { count: number; newBytes: number }, rules: InquiryFileRules): PickResult {
  const accepted: File[] = [];
  const problems = new Set<string>();
  let bytes = current.newBytes;
  for (const file of picked) {
    if (!isAcceptedFile(file)) problems.add(`‘${file.name}’ 파일은 첨부할 수 없어요. ${rules.messages.fileType}`);
    else if (file.size > rules.fileMaxBytes) problems.add(`‘${file.name}’: ${rules.messages.fileTooLarge}`);
    else if (current.count + accepted.length >= rules.filesMax) problems.add(rules.messages.tooManyFiles);
    else if (bytes + file.size > rules.requestMaxBytes - REQUEST_OVERHEAD_BYTES) problems.add(totalTooLargeMessage(rules.requestMaxBytes));
    else {
      accepted.push(file);
      bytes += file.size;
    }
  }
  return { accepted, problems: [...problems] };
}
