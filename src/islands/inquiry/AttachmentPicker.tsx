import { useEffect, useRef, useState } from 'react';
import { FieldErrors } from '../shared/form-fields.tsx';
import { FilePicker } from '../shared/FilePicker.tsx';
import { PictureAlert, PictureStatus } from '../shared/pictures/PictureStatus.tsx';
import { FILE_ACCEPT, formatFileSize, isPdfName } from './inquiry-files.ts';
import './inquiry.css';

/** An attachment in the form: one already saved (kept unless removed), or a file picked just now. */
export type AttachmentEntry =
  | { kind: 'saved'; key: string; id: number; name: string; size: number; url: string; mimeType: string }
  | { kind: 'new'; key: string; file: File };

interface AttachmentPickerProps {
  id: string;
  entries: readonly AttachmentEntry[];
  max: number;
  hint: string;
  errors: readonly string[];
  disabled: boolean;
  /** How many picked pictures are being made smaller. */
  preparing: number;
  /** While the form is sent: how far each new file has gone, by its key. */
  percents: ReadonlyMap<string, number> | null;
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
}

const nameOf = (entry: AttachmentEntry) => (entry.kind === 'saved' ? entry.name : entry.file.name);
const sizeOf = (entry: AttachmentEntry) => (entry.kind === 'saved' ? entry.size : entry.file.size);
const isPdf = (entry: AttachmentEntry) =>
  entry.kind === 'saved' ? isPdfName(entry.name, entry.mimeType) : isPdfName(entry.file.name, entry.file.type);

/** The picture itself for an image (a local preview for a new one), a PDF mark otherwise. */
function Thumbnail({ entry }: { entry: AttachmentEntry }) {
  const [preview, setPreview] = useState<string | null>(null);
  const file = entry.kind === 'new' ? entry.file : null;
  // The preview lives as long as its file is in the list.
  useEffect(() => {
    if (!file || isPdfName(file.name, file.type)) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  if (isPdf(entry)) {
    return (
      <span className="inquiry-thumb inquiry-thumb-pdf" aria-hidden="true">
        PDF
      </span>
    );
  }
  const src = entry.kind === 'saved' ? entry.url : preview;
  return src ? <img className="inquiry-thumb" src={src} alt="" width={56} height={56} /> : <span className="inquiry-thumb" aria-hidden="true" />;
}

/** The file input behind a button, with the list of attachments, each removable, and the count. */
export function AttachmentPicker({ id, entries, max, hint, errors, disabled, preparing, percents, onPick, onRemove }: AttachmentPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const full = entries.length >= max;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="form-field">
      <span className="form-label">
        첨부파일 <span className="form-optional">(선택)</span>
      </span>
      <div className="inquiry-files-bar">
        <FilePicker
          ref={input}
          id={id}
          label="파일 첨부"
          multiple
          accept={FILE_ACCEPT}
          disabled={disabled || full}
          onFiles={onPick}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={errors.length > 0 ? `${hintId} ${errorId}` : hintId}
        />
        <span className="inquiry-files-count" aria-live="polite">
          <span className="visually-hidden">첨부한 파일 </span>
          {entries.length}/{max}
        </span>
      </div>
      <p id={hintId} className="form-hint">
        {hint}
      </p>
      <p className="form-note" role="status">
        {preparing > 0 ? `사진 ${preparing}장을 준비하는 중…` : ''}
      </p>
      {entries.length > 0 ? (
        <ul className="inquiry-file-list" aria-label="첨부한 파일">
          {entries.map((entry) => (
            <li key={entry.key} className="inquiry-file">
              <Thumbnail entry={entry} />
              <div className="inquiry-file-body">
                <span className="inquiry-file-name">{nameOf(entry)}</span>
                {percents?.has(entry.key) ? (
                  <PictureStatus name={nameOf(entry)} phase={{ kind: 'sending', percent: percents.get(entry.key) ?? 0 }} />
                ) : null}
              </div>
              <span className="inquiry-file-size">{formatFileSize(sizeOf(entry))}</span>
              <button
                type="button"
                className="inquiry-file-remove"
                disabled={disabled}
                onClick={() => {
                  onRemove(entry.key);
                  // The button leaves with its row; the picker (enabled again once rendered) takes focus.
                  requestAnimationFrame(() => input.current?.focus());
                }}
                aria-label={`${nameOf(entry)} 첨부 삭제`}
              >
                삭제
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <PictureAlert shown={errors.length > 0}>
        <FieldErrors id={errorId} messages={errors} />
      </PictureAlert>
    </div>
  );
}
