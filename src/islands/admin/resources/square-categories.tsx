import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FormDataConsumer,
  List,
  NumberInput,
  PasswordInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  minLength,
  required,
} from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';

const WRITE_SCOPES = [
  { id: 'member', name: '인증한 회원 누구나' },
  { id: 'session_member', name: '리추얼에 참여한 회원' },
  { id: 'staff', name: '운영진만' },
];

/**
 * The form's password fields become the API's one write-only field: a new password replaces the
 * old, 비밀번호 없애기 sends null, and an empty field sends nothing, so the stored one stays.
 */
function passwordPayload({ new_password, remove_password, ...rest }: RaRecord): RaRecord {
  if (remove_password) return { ...rest, password: null };
  return typeof new_password === 'string' && new_password !== '' ? { ...rest, password: new_password } : rest;
}

function CategoryForm({ editing }: { editing: boolean }) {
  return (
    <SimpleForm>
      <TextInput source="name" label="분류 이름" validate={required('분류 이름을 입력해 주세요.')} />
      <TextInput source="slug" label="주소 (영문 소문자, 숫자, -)" validate={required('주소를 입력해 주세요.')} />
      <TextInput source="description" label="설명" multiline fullWidth />
      <SelectInput source="write_scope" label="글을 쓸 수 있는 사람" choices={WRITE_SCOPES} defaultValue="member" validate={required('쓸 수 있는 사람을 골라 주세요.')} />
      <BooleanInput source="allows_anonymous" label="익명 글 허용" />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
      <BooleanInput source="is_active" label="사용" defaultValue />
      <FormDataConsumer>
        {({ formData }) =>
          formData.remove_password ? null : (
            <PasswordInput
              source="new_password"
              label={editing && formData.has_password ? '새 비밀번호 (비워 두면 그대로)' : '비밀번호 (비워 두면 누구나 읽어요)'}
              validate={minLength(4, '비밀번호는 4자 이상이어야 해요.')}
              autoComplete="new-password"
            />
          )
        }
      </FormDataConsumer>
      {editing && (
        <FormDataConsumer>{({ formData }) => (formData.has_password ? <BooleanInput source="remove_password" label="비밀번호 없애기" /> : null)}</FormDataConsumer>
      )}
    </SimpleForm>
  );
}

export const squareCategories: ResourceProps = {
  name: 'square-categories',
  options: { label: '광장 분류' },
  recordRepresentation: 'name',
  list: () => (
    <List filters={[<SearchInput key="q" source="q" alwaysOn placeholder="분류 검색" />]} sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="name" label="분류 이름" />
        <TextField source="slug" label="주소" sortable={false} />
        <SelectField source="write_scope" label="쓸 수 있는 사람" choices={WRITE_SCOPES} sortable={false} />
        <BooleanField source="has_password" label="비밀번호" sortable={false} />
        <BooleanField source="is_active" label="사용" sortable={false} />
        <TextField source="sort_order" label="정렬 순서" />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" transform={passwordPayload}>
      <CategoryForm editing />
    </Edit>
  ),
  create: () => (
    <Create redirect="list" transform={passwordPayload}>
      <CategoryForm editing={false} />
    </Create>
  ),
};
