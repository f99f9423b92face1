import { SaveToggle } from '../shared/SaveToggle.tsx';
import './off-the-record.css';

/** The off-the-record page's 저장 (its island). */
export function RecordSaveButton({ recordId, initialSaved }: { recordId: number; initialSaved: boolean }) {
  return <SaveToggle kind="off_the_record" id={recordId} initialSaved={initialSaved} />;
}
