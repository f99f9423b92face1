import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { percentOf } from '../../lib/images/picture-rules.ts';
import { RATING_LABELS } from '../../lib/reviews.ts';
import type { ReviewableType } from '../../lib/reviews.ts';
import { createReviewForm } from '../../stores/review-form.ts';
import { DraftNotice } from '../shared/DraftNotice.tsx';
import { failureMessage } from '../shared/failure-messages.ts';
import { FieldErrors, TextAreaField } from '../shared/form-fields.tsx';
import { FilePicker } from '../shared/FilePicker.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { PictureAlert, PictureStatus, sendingLabel } from '../shared/pictures/PictureStatus.tsx';
import { usePickedPicture } from '../shared/pictures/use-picked-picture.ts';
import { useDraft } from '../shared/use-draft.ts';
import { useEarlyChoice } from '../shared/use-early-input.ts';
import { useForm } from '../shared/use-form.ts';
import './reviews.css';

interface ReviewFormProps {
  orderItemId: number;
  reviewableType: ReviewableType;
  reviewableId: number;
  /** The server's limits (src/lib/reviews.ts), passed by the page. */
  contentMin: number;
  contentMax: number;
  photoMaxBytes: number;
  /** Where the review shows once written: the product's or the ritual's page. */
  doneHref: string;
  doneLabel: string;
  /** The member writing: the draft kept in this browser is theirs alone. */
  userId: number;
}

// The formats the server re-encodes, offered by the picker. HEIC is left out on purpose: a phone's
// browser then hands over its photo as JPEG.
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const PHOTO_TYPE_MESSAGE = 'JPG, PNG, WEBP, GIF 사진만 올릴 수 있어요.';
const FIELD_ORDER = ['rating', 'content', 'photo_image'];

const megabytes = (bytes: number): number => Math.floor(bytes / (1024 * 1024));

/** /mypage/reviews/write: stars as a radio group, the text with its count, one photo with a preview. */
export function ReviewForm({ orderItemId, reviewableType, reviewableId, contentMin, contentMax, photoMaxBytes, doneHref, doneLabel, userId }: ReviewFormProps) {
  const form = useForm({ rating: '', content: '' }, { order: FIELD_ORDER });
  const { values, errors, setErrors, field, fieldId } = form;
  // The photo is a file not yet sent: only the stars and the text are kept.
  const draft = useDraft(userId, `review:${orderItemId}`, values);
  const [preview, setPreview] = useState<string | null>(null);
  const [review] = useState(() => createReviewForm({ orderItemId, reviewableType, reviewableId }));
  const busy = useStore(review.$busy);
  const written = useStore(review.$written);
  const picture = usePickedPicture({
    maxBytes: photoMaxBytes,
    tooLargeMessage: `사진은 ${megabytes(photoMaxBytes)}MB 이하로 올려 주세요.`,
    onRefused: (message) => setErrors((current) => ({ ...current, photo_image: [message] })),
  });
  const photo = picture.file;

  // The preview lives as long as its file.
  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  // Any image goes to the browser to be read and made smaller; anything else is refused here.
  const pick = (file: File) => {
    form.edited('photo_image');
    if (file.type !== '' && !file.type.startsWith('image/')) {
      picture.clear();
      setErrors((current) => ({ ...current, photo_image: [PHOTO_TYPE_MESSAGE] }));
    } else {
      picture.pick(file);
    }
  };

  const onSubmit = async () => {
    if (busy || picture.preparing) return;
    form.setMessages([]);
    if (photo) picture.sending(0);
    const outcome = await review.submit({ rating: values.rating, content: values.content, photo }, (sent, total) => picture.sending(percentOf(sent, total)));
    if (outcome === null) return;
    if ('sent' in outcome) {
      await draft.sent();
      return;
    }
    if ('pictureFailure' in outcome) {
      picture.failed(failureMessage(outcome.pictureFailure));
      return;
    }
    picture.kept();
    if ('invalid' in outcome) form.showInvalid(outcome.invalid);
    else form.showFailure(outcome.failure);
  };

  const ratingRef = useEarlyChoice(values.rating, form.field('rating').onValue);
  if (written) {
    return (
      <div className="review-done" role="status">
        <p className="review-done-title">후기를 남겼어요. 고마워요!</p>
        <p>다른 멤버들이 고를 때 큰 도움이 될 거예요.</p>
        <a className="form-button review-done-link" href={`${doneHref}#reviews-title`}>
          {doneLabel}
        </a>
      </div>
    );
  }

  const ratingErrors = errors.rating ?? [];
  const photoErrors = errors.photo_image ?? [];
  const photoHintId = `${fieldId('photo_image')}-hint`;
  return (
    <Form encType="multipart/form-data" onSubmit={onSubmit}>
      <DraftNotice draft={draft} onResume={form.setValues} />
      <fieldset ref={ratingRef} className="review-rating" aria-describedby={ratingErrors.length > 0 ? `${fieldId('rating')}-error` : undefined}>
        <legend className="form-label">별점</legend>
        <div className="review-stars">
          {RATING_LABELS.map((label, index) => {
            const value = String(index + 1);
            const lit = Number(values.rating) > index;
            return (
              <label key={value} className="review-star" data-lit={lit ? true : undefined}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name="rating"
                  id={index === 0 ? fieldId('rating') : undefined}
                  value={value}
                  checked={values.rating === value}
                  aria-invalid={ratingErrors.length > 0 ? true : undefined}
                  onChange={() => form.field('rating').onValue(value)}
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">
                  {value}점 {label}
                </span>
              </label>
            );
          })}
        </div>
        <p className="review-rating-label" aria-hidden="true">
          {values.rating ? `${values.rating}점 · ${RATING_LABELS[Number(values.rating) - 1]}` : '별을 눌러 골라 주세요'}
        </p>
        <FieldErrors id={`${fieldId('rating')}-error`} messages={ratingErrors} />
      </fieldset>
      <TextAreaField
        {...field('content')}
        label="후기"
        hint={`${contentMin}자 이상 써 주세요. 좋았던 점, 아쉬웠던 점을 솔직하게 나눠 주세요.`}
        rows={6}
        maxLength={contentMax}
      />
      <div className="form-field">
        <span className="form-label">
          사진 <span className="form-optional">(선택)</span>
        </span>
        <div className="review-photo">
          {preview ? <img src={preview} alt="올릴 사진 미리보기" width="96" height="96" /> : null}
          <div className="review-photo-buttons">
            <FilePicker
              id={fieldId('photo_image')}
              label={photo ? '사진 바꾸기' : '사진 선택'}
              name="photo_image"
              accept={PHOTO_TYPES.join(',')}
              onFiles={([file]) => file && pick(file)}
              aria-invalid={photoErrors.length > 0 ? true : undefined}
              aria-describedby={photoErrors.length > 0 ? `${photoHintId} ${fieldId('photo_image')}-error` : photoHintId}
            />
            {photo ? (
              <button type="button" className="form-small-button" onClick={picture.clear}>
                사진 빼기
              </button>
            ) : null}
          </div>
        </div>
        {picture.phase && picture.phase.kind !== 'ready' ? (
          <PictureStatus name={photo?.name ?? '사진'} phase={picture.phase} onRetry={() => void onSubmit()} />
        ) : null}
        <p id={photoHintId} className="form-hint">
          JPG, PNG, WEBP, GIF · {megabytes(photoMaxBytes)}MB 이하 한 장
        </p>
        <PictureAlert shown={photoErrors.length > 0}>
          <FieldErrors id={`${fieldId('photo_image')}-error`} messages={photoErrors} />
        </PictureAlert>
      </div>
      <SubmitButton label="후기 남기기" busyLabel={sendingLabel(picture.phase, '남기는 중…')} busy={busy} disabled={picture.preparing} />
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
