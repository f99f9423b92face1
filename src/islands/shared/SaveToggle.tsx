import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $toggleSave, createSaveToggle } from '../../stores/saves.ts';
import type { SaveKind } from '../../stores/saves.ts';
import { failureMessage } from './failure-messages.ts';
import { useHydrated } from './use-hydrated.ts';

interface Props {
  kind: SaveKind;
  id: number;
  initialSaved: boolean;
}

// Each place keeps the look of the chips beside it; the room's sits in its tools' row.
const LOOKS: Record<SaveKind, { wrapper: string | null; button: string; message: string; star: boolean }> = {
  square_post: { wrapper: 'square-save', button: 'pill square-chip', message: 'square-form-message', star: true },
  off_the_record: { wrapper: 'record-save', button: 'pill record-save-button', message: 'record-save-message', star: true },
  ritual_session_post: { wrapper: null, button: 'pill room-chip', message: 'room-tools-message', star: false },
};

/** 저장 of a post or record for a signed-in member; the server's answer is what is shown. */
export function SaveToggle({ kind, id, initialSaved }: Props) {
  const hydrated = useHydrated();
  const [{ $saved, toggle }] = useState(() => createSaveToggle({ kind, id }, initialSaved));
  const saved = useStore($saved);
  const { loading, error } = useStore($toggleSave);
  const look = LOOKS[kind];

  const parts = (
    <>
      <button
        type="button"
        className={saved ? `${look.button} active` : look.button}
        aria-pressed={saved}
        disabled={!hydrated || loading}
        onClick={() => void toggle()}
      >
        {look.star ? <span aria-hidden="true">{saved ? '★' : '☆'}</span> : null}
        {look.star ? ' ' : null}
        {saved ? '저장됨' : '저장'}
      </button>
      <span className={look.message} role="status">
        {failureMessage(error)}
      </span>
    </>
  );
  return look.wrapper ? <span className={look.wrapper}>{parts}</span> : parts;
}
