import { useEffect, useState } from 'react';
import { FieldErrors } from '../shared/form-fields.tsx';
import { FilePicker } from '../shared/FilePicker.tsx';
import { Avatar } from './Avatar.tsx';
import { IMAGE_ACCEPT, IMAGE_TYPES, imageRulesText, imageTooLargeMessage, IMAGE_TYPE_MESSAGE } from './profile-image-rules.ts';
import './mypage.css';

interface PicturePickerProps {
  id: string;
  /** The picture the server holds now. */
  current: string | null;
  /** The picture picked to replace it; null keeps the current one. */
  file: File | null;
  maxBytes: number;
  errors: readonly string[];
  onFile: (file: File | null) => void;
  /** Why a picked file was refused. */
  onRefused: (message: string) => void;
}

// The same rules as the server, told at once instead of after the upload. An empty type (some
// systems give none) is left to the server, which reads the bytes.
const refusal = (file: File, maxBytes: number): string | null => {
  if (file.type !== '' && !IMAGE_TYPES.includes(file.type)) return IMAGE_TYPE_MESSAGE;
  return file.size > maxBytes ? imageTooLargeMessage(maxBytes) : null;
};

/** The profile picture field: the picture shown, a file picker as its button, and a preview of the pick. */
export function PicturePicker({ id, current, file, maxBytes, errors, onFile, onRefused }: PicturePickerProps) {
  const [preview, setPreview] = useState<string | null>(null);

  // The preview lives as long as its file; the URL is released when the file changes or goes.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File) => {
    const problem = refusal(picked, maxBytes);
    onFile(problem ? null : picked);
    if (problem) onRefused(problem);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <span className="form-label">프로필 사진</span>
      <div className="mypage-picture">
        <Avatar src={preview ?? current} alt={preview ? '새 프로필 사진 미리보기' : '현재 프로필 사진'} size={80} />
        <div className="mypage-picture-body">
          <div className="mypage-row">
            <FilePicker
              id={id}
              label={
                <>
                  <span className="visually-hidden">프로필 </span>사진 선택
                </>
              }
              name="profile_image"
              accept={IMAGE_ACCEPT}
              onFiles={([picked]) => picked && pick(picked)}
              aria-invalid={errors.length > 0 ? true : undefined}
              aria-describedby={errors.length > 0 ? `${hintId} ${errorId}` : hintId}
            />
            {file ? (
              <button type="button" className="form-small-button" onClick={() => onFile(null)}>
                선택 취소
              </button>
            ) : null}
          </div>
          <p id={hintId} className="form-hint">
            {imageRulesText(maxBytes)}
          </p>
        </div>
      </div>
      {file ? <p className="form-hint">선택한 사진: {file.name} (저장하면 바뀌어요)</p> : null}
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
