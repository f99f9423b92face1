import { BooleanField, BooleanInput, Create, Datagrid, Edit, List, NumberInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';

function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="분류 이름" validate={required('분류 이름을 입력해 주세요.')} />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
      <BooleanInput source="is_active" label="사용" defaultValue />
    </SimpleForm>
  );
}

export const offTheRecordCategories: ResourceProps = {
  name: 'off-the-record-categories',
  options: { label: '오프더레코드 분류' },
  recordRepresentation: 'name',
  list: () => (
    <List sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="name" label="분류 이름" />
        <TextField source="sort_order" label="정렬 순서" />
        <BooleanField source="is_active" label="사용" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <CategoryForm />
    </Create>
  ),
};
