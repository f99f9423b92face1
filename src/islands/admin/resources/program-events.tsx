import { AutocompleteInput, Create, Datagrid, Edit, List, ReferenceField, ReferenceInput, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="프로그램·장소 검색" />];

function ProgramEventForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="ritual_session_id" reference="ritual-sessions" sort={{ field: 'starts_at', order: 'DESC' }}>
        <AutocompleteInput optionText="title" label="세션 (원데이 프로그램의 세션)" validate={required('세션을 골라 주세요.')} />
      </ReferenceInput>
      <TextInput source="title" label="프로그램 이름" validate={required('프로그램 이름을 입력해 주세요.')} fullWidth />
      <TextInput source="place" label="장소" validate={required('장소를 입력해 주세요.')} fullWidth />
    </SimpleForm>
  );
}

export const programEvents: ResourceProps = {
  name: 'program-events',
  options: { label: '원데이 일정' },
  list: () => (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="프로그램 이름" />
        <ReferenceField source="ritual_session_id" reference="ritual-sessions" label="세션" sortable={false} />
        <TextField source="place" label="장소" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <ProgramEventForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <ProgramEventForm />
    </Create>
  ),
};
