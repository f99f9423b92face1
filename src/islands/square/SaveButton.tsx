import { SaveToggle } from '../shared/SaveToggle.tsx';
import './square.css';

/** The square post page's 저장 (its island). */
export function SaveButton({ postId, initialSaved }: { postId: number; initialSaved: boolean }) {
  return <SaveToggle kind="square_post" id={postId} initialSaved={initialSaved} />;
}
