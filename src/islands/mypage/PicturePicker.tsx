import { useEffect, useState } from 'react';
import { FieldErrors } from '../shared/form-fields.tsx';
import { FilePicker } from '../shared/FilePicker.tsx';
import { MemberAvatar } from '../shared/MemberAvatar.tsx';
import { PictureAlert, PictureStatus } from '../shared/pictures/PictureStatus.tsx';
import type { PicturePhase } from '../shared/pictures/PictureStatus.tsx';
import { IMAGE_ACCEPT, imageRulesText, IMAGE_TYPE_MESSAGE } from './profile-image-rules.ts';
import './mypage.css';

interface PicturePickerProps {
  id: string;
  /** The picture the server holds now. */
  current: string | null;
  /** The picture picked (and made smaller) to replace it; null keeps the current one. */
  file: File | null;
  /** Where the picked picture stands: being prepared, being sent, sent. */
  phase: PicturePhase | null;
  maxBytes: number;
  errors: readonly string[];
  onPick: (file: File) => void;
  onClear: () => void;
  /** Sends the form again after the picture failed to go. */
  onRetry: () => void;
  /** Why a picked file was refused. */
  onRefused: (message: string) => void;
}

/** The profile picture field: the picture shown, a file picker as its button, and a preview of the pick. */
export function PicturePicker({ id, current, file, phase, maxBytes, errors, onPick, onClear, onRetry, onRefused }: PicturePickerProps) {
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

  // Any image goes to the browser to be read (a phone's HEIC included); anything else is refused here.
  const pick = (picked: File) => {
    if (picked.type !== '' && !picked.type.startsWith('image/')) onRefused(IMAGE_TYPE_MESSAGE);
    else onPick(picked);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <span className="form-label">프로필 사진</span>
      <div className="mypage-picture">
        <MemberAvatar src={preview ?? current} alt={preview ? '새 프로필 사진 미리보기' : '현재 프로필 사진'} size={80} loading="eager" />
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
              <button type="button" className="form-small-button" onClick={onClear}>
                선택 취소
              </button>
            ) : null}
          </div>
          <p id={hintId} className="form-hint">
            {imageRulesText(maxBytes)}
          </p>
          {phase ? <PictureStatus name={file?.name ?? '프로필 사진'} phase={phase} onRetry={onRetry} /> : null}
        </div>
      </div>
      {file && phase?.kind === 'ready' ? <p className="form-hint">선택한 사진: {file.name} (저장하면 바뀌어요)</p> : null}
      <PictureAlert shown={errors.length > 0}>
        <FieldErrors id={errorId} messages={errors} />
      </PictureAlert>
    </div>
  );
}
