import { useRef, useState } from 'react';
import { NETWORK_MESSAGE } from '../failure-messages.ts';
import type { PicturePhase } from './PictureStatus.tsx';

interface PickedPictureOptions {
  /** The server's limit for the prepared file. */
  maxBytes: number;
  tooLargeMessage: string;
  /** Why the picked file cannot be sent; the form shows it under the picker. */
  onRefused: (message: string) => void;
}

/**
 * One picture that a form sends with its other fields (the profile picture, a review's photo): made
 * smaller in the browser as soon as it is picked, then followed while the form sends it.
 */
export function usePickedPicture({ maxBytes, tooLargeMessage, onRefused }: PickedPictureOptions) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<PicturePhase | null>(null);
  // Only the latest pick may land: an earlier one still being prepared is dropped.
  const latestPick = useRef(0);

  const pick = async (picked: File) => {
    const pickNumber = (latestPick.current += 1);
    setPhase({ kind: 'preparing' });
    let refusal: string | null = null;
    let prepared: File | null = null;
    try {
      const { preparePicture } = await import('./prepare-picture.ts');
      const result = await preparePicture(picked);
      if (!result.ok) refusal = result.message;
      else if (result.file.size > maxBytes) refusal = tooLargeMessage;
      else prepared = result.file;
    } catch {
      refusal = NETWORK_MESSAGE;
    }
    if (pickNumber !== latestPick.current) return;
    setFile(prepared);
    setPhase(prepared ? { kind: 'ready' } : null);
    if (refusal) onRefused(refusal);
  };

  const clear = () => {
    latestPick.current += 1;
    setFile(null);
    setPhase(null);
  };

  return {
    file,
    phase,
    preparing: phase?.kind === 'preparing',
    pick: (picked: File) => void pick(picked),
    clear,
    /** While the form sends: how far the picture has gone. */
    sending: (percent: number) => setPhase({ kind: 'sending', percent }),
    /** The form was saved: the picture is the server's now. */
    sent: () => {
      setFile(null);
      setPhase({ kind: 'done' });
    },
    failed: (message: string) => setPhase({ kind: 'failed', message, retryable: true }),
    /** The form was refused for another reason: the picture waits to be sent again. */
    kept: () => setPhase(file ? { kind: 'ready' } : null),
  };
}
