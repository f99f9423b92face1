import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { percentOf } from '../../lib/images/picture-rules.ts';
import { createProfileForm } from '../../stores/profile-form.ts';
import type { EditableProfile } from '../../stores/profile-form.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { TextAreaField } from '../shared/form-fields.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';
import { NameFields } from '../shared/name-fields.tsx';
import { sendingLabel } from '../shared/pictures/PictureStatus.tsx';
import { usePickedPicture } from '../shared/pictures/use-picked-picture.ts';
import { useForm } from '../shared/use-form.ts';
import { PicturePicker } from './PicturePicker.tsx';
import { imageTooLargeMessage } from './profile-image-rules.ts';

interface ProfileFormProps {
  profile: EditableProfile;
  /** The server's limits (src/server/modules/me/schema.ts), passed by the page. */
  introductionMax: number;
  imageMaxBytes: number;
}

const FIELD_ORDER = ['profile_image', 'nickname', 'username', 'introduction'];
const SAVED = '프로필을 저장했어요.';

/** /mypage/profile: picture, nickname, username and introduction, saved in one multipart PUT. */
export function ProfileForm({ profile, introductionMax, imageMaxBytes }: ProfileFormProps) {
  const [profileForm] = useState(() => createProfileForm(profile));
  const saved = useStore(profileForm.$saved);
  const busy = useStore(profileForm.$busy);
  const [status, setStatus] = useState<string | null>(null);
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
    form.setMessages([]);
    setStatus(null);
    // With a picture, the request is followed byte by byte, and the picture shows how far it went.
    if (file) picture.sending(0);
    const outcome = await profileForm.save({ ...values, picture: file }, (sent, total) => picture.sending(percentOf(sent, total)));
    if (outcome === null) return;
    if ('sent' in outcome) {
      const { nickname: savedNickname, username: savedUsername, introduction: savedIntroduction } = outcome.sent;
      form.setValues({ nickname: savedNickname, username: savedUsername, introduction: savedIntroduction });
      setErrors({});
      if (file) picture.sent();
      setStatus(SAVED);
    } else if ('pictureFailure' in outcome) {
      picture.failed(failureMessage(outcome.pictureFailure));
    } else {
      picture.kept();
      if ('invalid' in outcome) form.showInvalid(outcome.invalid);
      else form.showFailure(outcome.failure);
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
