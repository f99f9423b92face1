import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { api } from '../../lib/browser-api.ts';
import { FieldErrors, TextAreaField } from '../shared/form-fields.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';
import { NameFields } from '../shared/name-fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { Avatar } from './Avatar.tsx';
import { IMAGE_ACCEPT, IMAGE_TYPES, imageRulesText, imageTooLargeMessage, IMAGE_TYPE_MESSAGE } from './profile-image-rules.ts';
import './mypage.css';

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

/** The part of GET/PUT /api/me that this form shows. */
interface ProfileResponse {
  data: { nickname: string; username: string; introduction: string | null; profile_image: string | null };
}

const FIELD_ORDER = ['profile_image', 'nickname', 'username', 'introduction'];
const SAVED = '프로필을 저장했어요.';

/** /mypage/profile: picture, nickname, username and introduction, saved in one multipart PUT. */
export function ProfileForm({ profile, introductionMax, imageMaxBytes }: ProfileFormProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  // What the server holds now: the base for "changed" and for the picture shown.
  const [saved, setSaved] = useState(profile);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { nickname, username, introduction } = profile;
  const form = useForm({ nickname, username, introduction }, { order: FIELD_ORDER, onEdit: () => setStatus(null) });
  const { values, errors, setErrors, field, fieldId } = form;

  // The preview lives as long as its file; the URL is released when the file changes or goes.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    form.edited('profile_image');
    if (!picked) {
      setFile(null);
      return;
    }
    // The same rules as the server, told at once instead of after the upload. An empty type
    // (some systems give none) is left to the server, which reads the bytes.
    const problem =
      picked.type !== '' && !IMAGE_TYPES.includes(picked.type)
        ? IMAGE_TYPE_MESSAGE
        : picked.size > imageMaxBytes
          ? imageTooLargeMessage(imageMaxBytes)
          : null;
    if (problem) {
      clearFile();
      setErrors((current) => ({ ...current, profile_image: [problem] }));
      return;
    }
    setFile(picked);
  };

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    form.setMessages([]);
    setStatus(null);
    const body = new FormData();
    body.append('nickname', values.nickname.trim());
    body.append('username', values.username.trim());
    body.append('introduction', values.introduction);
    if (file) body.append('profile_image', file);
    try {
      const { data } = await api.put<ProfileResponse>('/api/me', body);
      const next: EditableProfile = {
        nickname: data.nickname,
        username: data.username,
        introduction: data.introduction ?? '',
        profileImage: data.profile_image,
      };
      setSaved(next);
      form.setValues({ nickname: next.nickname, username: next.username, introduction: next.introduction });
      setErrors({});
      clearFile();
      setStatus(SAVED);
    } catch (error) {
      form.showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const imageErrors = errors.profile_image ?? [];
  const imageHintId = fieldId('profile_image-hint');
  const imageErrorId = fieldId('profile_image-error');
  return (
    <Form encType="multipart/form-data" onSubmit={onSubmit}>
      <div className="form-field">
        <span className="form-label">프로필 사진</span>
        <div className="mypage-picture">
          <Avatar src={preview ?? saved.profileImage} alt={preview ? '새 프로필 사진 미리보기' : '현재 프로필 사진'} size={80} />
          <div className="mypage-picture-body">
            <div className="mypage-row">
              <input
                ref={fileInput}
                id={fieldId('profile_image')}
                className="visually-hidden form-file-input"
                type="file"
                name="profile_image"
                accept={IMAGE_ACCEPT}
                onChange={onPick}
                aria-invalid={imageErrors.length > 0 ? true : undefined}
                aria-describedby={[imageHintId, imageErrors.length > 0 ? imageErrorId : ''].join(' ').trim()}
              />
              <label htmlFor={fieldId('profile_image')} className="form-small-button">
                <span className="visually-hidden">프로필 </span>사진 선택
              </label>
              {file ? (
                <button type="button" className="form-small-button" onClick={clearFile}>
                  선택 취소
                </button>
              ) : null}
            </div>
            <p id={imageHintId} className="form-hint">
              {imageRulesText(imageMaxBytes)}
            </p>
          </div>
        </div>
        {file ? <p className="form-hint">선택한 사진: {file.name} (저장하면 바뀌어요)</p> : null}
        <FieldErrors id={imageErrorId} messages={imageErrors} />
      </div>
      <NameFields field={field} saved={saved} />
      <TextAreaField {...field('introduction')} label="소개" rows={4} placeholder="나를 한두 문장으로 소개해 주세요." maxLength={introductionMax} />
      <SubmitButton label="저장하기" busyLabel="저장하는 중…" busy={busy} />
      <FormStatus id={fieldId('status')} message={status}>
        <a className="form-link" href="/mypage">
          마이페이지로 가기
        </a>
      </FormStatus>
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
