import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { NameFields } from '../shared/name-fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { Agreements } from './Agreements.tsx';
import { useSignUp } from './use-sign-up.ts';

const FIELD_ORDER = ['nickname', 'username', 'agree_terms', 'agree_privacy'];

interface Props {
  /** The name the provider gave, offered as a start. */
  nickname: string;
}

/** A member who came through Kakao, Naver, Google or Apple picks names and agrees, once. */
export function SnsRegisterForm({ nickname }: Props) {
  const form = useForm({ nickname, username: '' }, { order: FIELD_ORDER });
  const { agreements, setAgreements, agreed, busy, submit } = useSignUp(form, 'sns', '/');
  const onSubmit = () => submit({ nickname: form.values.nickname.trim(), username: form.values.username.trim() });

  return (
    <Form onSubmit={onSubmit}>
      <NameFields field={form.field} />
      <Agreements idPrefix={form.fieldId('agree')} value={agreements} onChange={setAgreements} errors={form.errors} />
      <FormAlert id={form.fieldId('alert')} messages={form.messages} />
      <SubmitButton label="시작하기" busyLabel="저장하는 중…" busy={busy} disabled={!agreed} />
    </Form>
  );
}
