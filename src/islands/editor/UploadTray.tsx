import { PictureStatus, isBusy } from '../shared/pictures/PictureStatus.tsx';
import type { EditorUpload } from './use-image-uploads.ts';

interface UploadTrayProps {
  uploads: readonly EditorUpload[];
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

const summary = (uploads: readonly EditorUpload[]): string => {
  const left = uploads.filter((upload) => isBusy(upload.phase)).length;
  if (left > 0) return `사진을 올리는 중이에요. ${left}장 남았어요.`;
  return uploads.some((upload) => upload.phase.kind === 'done') ? '사진을 본문에 넣었어요.' : '';
};

/** Under the toolbar, where the picture was asked for: each picture on its way with its progress. */
export function UploadTray({ uploads, onRetry, onRemove }: UploadTrayProps) {
  return (
    <div className="editor-uploads">
      {uploads.length > 0 ? (
        <ul className="picture-tiles" aria-label="올리는 사진">
          {uploads.map((upload) => (
            <li key={upload.key} className="picture-tile">
              {upload.preview ? (
                <img className="picture-thumb" src={upload.preview} alt="" width={56} height={56} />
              ) : (
                <span className="picture-thumb" aria-hidden="true" />
              )}
              <div className="picture-tile-body">
                <span className="picture-tile-name">{upload.name}</span>
                <PictureStatus name={upload.name} phase={upload.phase} onRetry={() => onRetry(upload.key)} />
              </div>
              {upload.phase.kind === 'failed' ? (
                <button type="button" className="form-small-button" onClick={() => onRemove(upload.key)}>
                  빼기<span className="visually-hidden"> ({upload.name})</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {summary(uploads)}
      </p>
    </div>
  );
}
