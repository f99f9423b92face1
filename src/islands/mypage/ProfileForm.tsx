import { useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { updateProfile } from '../../lib/api/me.ts';
import { percentOf } from '../../lib/images/picture-rules.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { TextAreaField } from '../shared/form-fields.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';
import { NameFields } from '../shared/name-fields.tsx';
import { sendingLabel } from '../shared/pictures/PictureStatus.tsx';
import { usePickedPicture } from '../shared/pictures/use-picked-picture.ts';
import { useForm } from '../shared/use-form.ts';
import { PicturePicker } from './PicturePicker.tsx';
import { imageTooLargeMessage } from './profile-image-rules.ts';

export interface EditableProfile {
  nickname: string;
  username: string;
  introduction: string;
  profileImage: string | null;
}

interface ProfileFormProps {
  profile: EditableProfile;
  /** The server's limits (src/server/modules/me/schema.ts), passed by the page. */
  introductionMax: number;
  imageMaxBytes: number;
}

const FIELD_ORDER = ['profile_image', 'nickname', 'username', 'introduction'];
const SAVED = '프로필을 저장했어요.';
const VALIDATION_STATUS = 422;

/** /mypage/profile: picture, nickname, username and introduction, saved in one multipart PUT. */
export function ProfileForm({ profile, introductionMax, imageMaxBytes }: ProfileFormProps) {
  // What the server holds now: the base for "changed" and for the picture shown.
  const [saved, setSaved] = useState(profile);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { nickname, username, introduction } = profile;
  const form = useForm({ nickname, username, introduction }, { order: FIELD_ORDER, onEdit: () => setStatus(null) });
  const { values, errors, setErrors, field, fieldId } = form;
  const picture = usePickedPicture({
    maxBytes: imageMaxBytes,
    tooLargeMessage: imageTooLargeMessage(imageMaxBytes),
    onRefused: (message) => setErrors((current) => ({ ...current, profile_image: [message] })),
  });
  const { file } = picture;

  const onSubmit = async () => {
    if (busy || picture.preparing) return;
    setBusy(true);
    form.setMessages([]);
    setStatus(null);
    const draft = { nickname: values.nickname.trim(), username: values.username.trim(), introduction: values.introduction, profile_image: file };
    // With a picture, the request is followed byte by byte, and the picture shows how far it went.
    if (file) picture.sending(0);
    try {
      const data = await updateProfile(draft, { onProgress: file ? (sent, total) => picture.sending(percentOf(sent, total)) : undefined });
      const next: EditableProfile = {
        nickname: data.nickname,
        username: data.username,
        introduction: data.introduction ?? '',
        profileImage: data.profile_image,
      };
      setSaved(next);
      form.setValues({ nickname: next.nickname, username: next.username, introduction: next.introduction });
      setErrors({});
      if (file) picture.sent();
      setStatus(SAVED);
    } catch (error) {
      // A picture that did not get there says so beside itself, with 다시 시도; a refusal of the
      // fields is the form's to show.
      if (file && !(isApiError(error) && error.status === VALIDATION_STATUS)) {
        picture.failed(failureMessage(error));
      } else {
        picture.kept();
        form.showFailure(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form encType="multipart/form-data" onSubmit={onSubmit}>
      <PicturePicker
        id={fieldId('profile_image')}
        current={saved.profileImage}
        file={file}
        phase={picture.phase}
        maxBytes={imageMaxBytes}
        errors={errors.profile_image ?? []}
        onPick={(picked) => {
          form.edited('profile_image');
          picture.pick(picked);
        }}
        onClear={() => {
          form.edited('profile_image');
          picture.clear();
        }}
        onRetry={() => void onSubmit()}
        onRefused={(message) => setErrors((current) => ({ ...current, profile_image: [message] }))}
      />
      <NameFields field={field} saved={saved} />
      <TextAreaField {...field('introduction')} label="소개" rows={4} placeholder="나를 한두 문장으로 소개해 주세요." maxLength={introductionMax} />
      <SubmitButton label="저장하기" busyLabel={sendingLabel(picture.phase, '저장하는 중…')} busy={busy} disabled={picture.preparing} />
      <FormStatus id={fieldId('status')} message={status}>
        <a className="form-link" href="/mypage">
          마이페이지로 가기
        </a>
      </FormStatus>
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
