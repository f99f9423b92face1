import { BooleanField, BooleanInput, Create, Datagrid, Edit, List, NumberInput, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="문구 검색" />];

function CheckInTextForm() {
  return (
    <SimpleForm>
      <TextInput source="text" label="문구" validate={required('문구를 입력해 주세요.')} fullWidth />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
      <BooleanInput source="is_active" label="사용" defaultValue />
    </SimpleForm>
  );
}

export const checkInTexts: ResourceProps = {
  name: 'check-in-texts',
  options: { label: '체크인 문구' },
  list: () => (
    <List filters={filters} sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="text" label="문구" sortable={false} />
        <TextField source="sort_order" label="정렬 순서" />
        <BooleanField source="is_active" label="사용" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <CheckInTextForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <CheckInTextForm />
    </Create>
  ),
};
