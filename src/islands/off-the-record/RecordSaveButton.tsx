import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $toggleRecordSave } from '../../stores/record-saves.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './off-the-record.css';

interface Props {
  recordId: number;
  initialSaved: boolean;
}

/** 저장 toggle of a record for a signed-in member; the server's answer is what is shown. */
export function RecordSaveButton({ recordId, initialSaved }: Props) {
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(initialSaved);
  const { loading, error } = useStore($toggleRecordSave);

  const toggle = async () => {
    const answer = await $toggleRecordSave.mutate(recordId);
    if (answer !== undefined) setSaved(answer);
  };

  return (
    <span className="record-save">
      <button
        type="button"
        className={saved ? 'pill record-save-button active' : 'pill record-save-button'}
        aria-pressed={saved}
        disabled={!hydrated || loading}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span> {saved ? '저장됨' : '저장'}
      </button>
      <span className="record-save-message" role="status">
        {failureMessage(error)}
      </span>
    </span>
  );
}
