import { deleteReview } from '../../lib/api/reviews.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import './reviews.css';

interface DeleteReviewButtonProps {
  id: number;
  /** The page to show again once the review is gone. */
  then: string;
}

/** The writer's 삭제 on their own review: asked once, then the page without it. */
export function DeleteReviewButton({ id, then }: DeleteReviewButtonProps) {
  const { remove, disabled, busy, error } = useConfirmedDelete({
    title: '후기를 삭제할까요?',
    message: '삭제한 후기와 사진은 되돌릴 수 없어요.',
    send: () => deleteReview(id),
    then,
  });
  return (
    <span className="review-delete">
      <button type="button" className="form-small-button" onClick={remove} disabled={disabled} aria-busy={busy ? true : undefined}>
        삭제
      </button>
      <span className="review-delete-error" role="alert">
        {error}
      </span>
    </span>
  );
}
