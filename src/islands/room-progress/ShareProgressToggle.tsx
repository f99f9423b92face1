import { useState } from 'react';
import { shareRoomProgress } from '../../lib/api/room-progress.ts';
import { CheckField } from '../shared/form-fields.tsx';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../shared/forms.css';
import './room-progress.css';

interface ShareProgressToggleProps {
  roomId: number;
  initial: boolean;
}

const SHARED = '이제 방 멤버들에게 내 닉네임과 완료율이 함께 보여요.';
const HIDDEN = '내 완료율은 이름 없이 비율로만 보여요.';

/** The member's choice to be named in the room's completion list (PUT …/share-progress). */
export function ShareProgressToggle({ roomId, initial }: ShareProgressToggleProps) {
  const hydrated = useHydrated();
  const [shares, setShares] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const change = async (next: boolean) => {
    setBusy(true);
    setError('');
    try {
      const sharing = await shareRoomProgress(roomId, next);
      setShares(sharing);
      setStatus(sharing ? SHARED : HIDDEN);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="progress-share">
      <CheckField
        id={`share-progress-${roomId}`}
        label="방 멤버에게 내 닉네임과 완료율 보여 주기"
        checked={shares}
        disabled={!hydrated || busy}
        onChecked={(next) => void change(next)}
      />
      <p className="progress-share-status" role="status">
        {status}
      </p>
      <p className="progress-share-error" role="alert">
        {error}
      </p>
    </div>
  );
}
