import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $toggleSave } from '../../stores/saved-posts.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './square.css';

interface Props {
  postId: number;
  initialSaved: boolean;
}

/** 저장 toggle of a post for a signed-in member; the server's answer is what is shown. */
export function SaveButton({ postId, initialSaved }: Props) {
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(initialSaved);
  const { loading, error } = useStore($toggleSave);

  const toggle = async () => {
    const answer = await $toggleSave.mutate(postId);
    if (answer !== undefined) setSaved(answer);
  };

  return (
    <span className="square-save">
      <button
        type="button"
        className={saved ? 'pill square-chip active' : 'pill square-chip'}
        aria-pressed={saved}
        disabled={!hydrated || loading}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span> {saved ? '저장됨' : '저장'}
      </button>
      <span className="square-form-message" role="status">
        {failureMessage(error)}
      </span>
    </span>
  );
}
