import { useEffect, useRef, useState } from 'react';
import { isBusy } from '../shared/pictures/PictureStatus.tsx';
import type { PicturePhase } from '../shared/pictures/PictureStatus.tsx';
import { NETWORK_MESSAGE } from '../shared/failure-messages.ts';
import { uploadImage } from './image-upload.ts';
import type { UploadedImage } from './image-upload.ts';

const isOver = (phase: PicturePhase): boolean => phase.kind === 'done' || (phase.kind === 'failed' && !phase.retryable);

export interface EditorUpload {
  key: string;
  name: string;
  /** The prepared picture's own URL, once there is one. */
  preview: string | null;
  phase: PicturePhase;
}

/**
 * The editor's pictures on their way: each is prepared (made smaller) in the browser, then sent,
 * one after the other so that they land in the order they were picked. A picture that arrived is
 * handed to `place`; one that failed stays with its reason until it is sent again or taken away.
 */
export function useImageUploads(place: (image: UploadedImage) => void) {
  const [uploads, setUploads] = useState<EditorUpload[]>([]);
  const queue = useRef(Promise.resolve());
  const nextKey = useRef(0);
  // The prepared files, kept for 다시 시도, and the previews' URLs, released when their tile goes.
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const placeRef = useRef(place);
  placeRef.current = place;
  const latest = useRef(uploads);
  latest.current = uploads;

  useEffect(
    () => () => {
      for (const url of previews.current.values()) URL.revokeObjectURL(url);
    },
    [],
  );

  const update = (key: string, change: Partial<EditorUpload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const forget = (keys: readonly string[]) => {
    for (const key of keys) {
      const url = previews.current.get(key);
      if (url) URL.revokeObjectURL(url);
      previews.current.delete(key);
      files.current.delete(key);
    }
  };

  const send = async (key: string, file: File) => {
    update(key, { phase: { kind: 'sending', percent: 0 } });
    const result = await uploadImage(file, (percent) => update(key, { phase: { kind: 'sending', percent } }));
    if (!result.ok) {
      update(key, { phase: { kind: 'failed', message: result.message, retryable: true } });
      return;
    }
    placeRef.current(result.image);
    update(key, { phase: { kind: 'done' } });
  };

  const prepareAndSend = async (key: string, picked: File) => {
    update(key, { phase: { kind: 'preparing' } });
    try {
      const { preparePicture } = await import('../shared/pictures/prepare-picture.ts');
      const prepared = await preparePicture(picked);
      if (!prepared.ok) {
        update(key, { phase: { kind: 'failed', message: prepared.message, retryable: false } });
        return;
      }
      const preview = URL.createObjectURL(prepared.file);
      previews.current.set(key, preview);
      files.current.set(key, prepared.file);
      update(key, { preview });
      await send(key, prepared.file);
    } catch {
      // The preparing code could not be loaded: the connection dropped.
      update(key, { phase: { kind: 'failed', message: NETWORK_MESSAGE, retryable: false } });
    }
  };

  const enqueue = (work: () => Promise<void>) => {
    queue.current = queue.current.then(work);
  };

  /** Starts a new pick; what is over leaves the list, only a picture that may be sent again stays. */
  const add = (picked: readonly File[]) => {
    const added = picked.map((file) => ({ file, key: `upload-${(nextKey.current += 1)}` }));
    forget(latest.current.filter((upload) => isOver(upload.phase)).map((upload) => upload.key));
    const fresh: EditorUpload[] = added.map(({ file, key }) => ({ key, name: file.name, preview: null, phase: { kind: 'queued' } }));
    setUploads((list) => [...list.filter((upload) => !isOver(upload.phase)), ...fresh]);
    for (const { file, key } of added) enqueue(() => prepareAndSend(key, file));
  };

  const retry = (key: string) => {
    const file = files.current.get(key);
    if (!file) return;
    update(key, { phase: { kind: 'queued' } });
    enqueue(() => send(key, file));
  };

  const remove = (key: string) => {
    forget([key]);
    setUploads((list) => list.filter((upload) => upload.key !== key));
  };

  const pending = uploads.filter((upload) => isBusy(upload.phase)).length;
  return { uploads, pending, add, retry, remove };
}
