import { Create, Datagrid, Edit, FunctionField, List, NumberInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';

function BadgeForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="배지 이름" validate={required('배지 이름을 입력해 주세요.')} />
      <TextInput source="text_color" label="글자색 (예: #ffffff)" validate={required('글자색을 입력해 주세요.')} />
      <TextInput source="background_color" label="배경색 (예: #1a2b3c)" validate={required('배경색을 입력해 주세요.')} />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
    </SimpleForm>
  );
}

export const badges: ResourceProps = {
  name: 'badges',
  options: { label: '배지' },
  recordRepresentation: 'name',
  list: () => (
    <List sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <FunctionField
          label="배지"
          render={(record: RaRecord) => (
            <span style={{ color: record.text_color, background: record.background_color, padding: '2px 8px', borderRadius: 4 }}>{record.name}</span>
          )}
        />
        <TextField source="sort_order" label="정렬 순서" />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <BadgeForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <BadgeForm />
    </Create>
  ),
};
