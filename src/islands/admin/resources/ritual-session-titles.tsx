import { BooleanField, BooleanInput, Create, Datagrid, DateField, Edit, List, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { TimeInput } from '../inputs/TimeInput.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="시즌 이름 검색" />];

function SeasonForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="시즌 이름 (예: 2026년 12월 리추얼)" validate={required('시즌 이름을 입력해 주세요.')} fullWidth />
      <TimeInput source="starts_at" label="시작 시각" validate={required('시작 시각을 입력해 주세요.')} />
      <BooleanInput source="is_published" label="공개" defaultValue />
    </SimpleForm>
  );
}

export const ritualSessionTitles: ResourceProps = {
  name: 'ritual-session-titles',
  options: { label: '시즌' },
  recordRepresentation: 'title',
  list: () => (
    <List filters={filters} sort={{ field: 'starts_at', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="시즌 이름" />
        <DateField source="starts_at" label="시작 시각" showTime />
        <BooleanField source="is_published" label="공개" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <SeasonForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <SeasonForm />
    </Create>
  ),
};
