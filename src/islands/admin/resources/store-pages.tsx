import { BooleanField, BooleanInput, Create, Datagrid, Edit, List, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { RichTextInput } from '../inputs/RichTextInput.tsx';

function StorePageForm() {
  return (
    <SimpleForm>
      <TextInput source="slug" label="주소 (영문 소문자, 숫자, -)" validate={required('주소를 입력해 주세요.')} />
      <TextInput source="title" label="제목" validate={required('제목을 입력해 주세요.')} fullWidth />
      <TextInput source="description" label="설명" fullWidth />
      <TextInput source="image_url" label="이미지 주소" fullWidth />
      <RichTextInput source="body_html" label="본문" isRequired validate={required('본문을 입력해 주세요.')} />
      <BooleanInput source="is_published" label="공개" defaultValue />
    </SimpleForm>
  );
}

export const storePages: ResourceProps = {
  name: 'store-pages',
  options: { label: '스토어 안내' },
  list: () => (
    <List sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="slug" label="주소" />
        <TextField source="title" label="제목" />
        <BooleanField source="is_published" label="공개" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <StorePageForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <StorePageForm />
    </Create>
  ),
};
