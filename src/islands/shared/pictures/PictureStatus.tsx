import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import './pictures.css';

/** Where one picked picture stands, from the pick to the server's answer. */
export type PicturePhase =
  | { kind: 'queued' }
  | { kind: 'preparing' }
  /** Prepared, and sent with its form. */
  | { kind: 'ready' }
  | { kind: 'sending'; percent: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; retryable: boolean };

export const isBusy = (phase: PicturePhase): boolean => phase.kind === 'queued' || phase.kind === 'preparing' || phase.kind === 'sending';

/**
 * What a form's busy button says while its picture goes out: the button is where the member is
 * looking after pressing it, often far below the picture.
 */
export const sendingLabel = (phase: PicturePhase | null, otherwise: string): string =>
  phase?.kind === 'sending' && phase.percent < 100 ? `사진 올리는 중… ${phase.percent}%` : otherwise;

/**
 * An alert beside a picker: present from the first render so that what appears in it is read out,
 * and brought into view, as a phone's screen may show only the button that was pressed.
 */
export function PictureAlert({ children, shown }: { children: ReactNode; shown: boolean }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) region.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, children]);
  return (
    <div ref={region} role="alert" className="picture-alert">
      {children}
    </div>
  );
}

interface PictureStatusProps {
  /** The picture's file name, for the progress bar's and the error's names. */
  name: string;
  phase: PicturePhase;
  onRetry?: () => void;
}

/** The line under a picture: 준비 중, a progress bar with its percent, 완료, or what went wrong with 다시 시도. */
export function PictureStatus({ name, phase, onRetry }: PictureStatusProps) {
  switch (phase.kind) {
    case 'queued':
      return <p className="picture-status">차례를 기다리는 중…</p>;
    case 'preparing':
      return <p className="picture-status">사진을 준비하는 중…</p>;
    case 'sending':
      return (
        <div className="picture-status">
          <progress className="picture-progress" max={100} value={phase.percent} aria-label={`${name} 올리는 중`} />
          <span>
            올리는 중… <span className="picture-percent">{phase.percent}%</span>
          </span>
        </div>
      );
    case 'done':
      return (
        <p className="picture-status picture-done">
          완료<span className="visually-hidden">: {name}</span>
        </p>
      );
    case 'failed':
      return (
        <div className="picture-status">
          <PictureAlert shown>
            <p className="picture-error">
              <span className="visually-hidden">{name}: </span>
              {phase.message}
            </p>
          </PictureAlert>
          {phase.retryable && onRetry ? (
            <button type="button" className="form-small-button" onClick={onRetry}>
              다시 시도<span className="visually-hidden"> ({name})</span>
            </button>
          ) : null}
        </div>
      );
    default:
      return null;
  }
}
