import { BooleanField, BooleanInput, Create, Datagrid, Edit, List, NumberInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';

function ThemeForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="테마 이름" validate={required('테마 이름을 입력해 주세요.')} />
      <TextInput source="description" label="설명" validate={required('설명을 입력해 주세요.')} multiline fullWidth />
      <TextInput source="image_url" label="이미지 주소" fullWidth />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
      <BooleanInput source="is_active" label="사용" defaultValue />
    </SimpleForm>
  );
}

export const themes: ResourceProps = {
  name: 'themes',
  options: { label: '테마' },
  recordRepresentation: 'name',
  list: () => (
    <List sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="name" label="테마 이름" />
        <TextField source="sort_order" label="정렬 순서" />
        <BooleanField source="is_active" label="사용" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <ThemeForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <ThemeForm />
    </Create>
  ),
};
