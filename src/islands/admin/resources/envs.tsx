import { BooleanField, BooleanInput, Create, Datagrid, Edit, FunctionField, List, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="이름·설명 검색" />];

/** Text that reads as JSON (a number, true, a list, an object) is that value; anything else is a string. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Strings are shown as they are, other values as JSON: what is shown parses back to the same value. */
const formatValue = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function EnvForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="이름" validate={required('이름을 입력해 주세요.')} />
      <TextInput
        source="value"
        label='값 (글자는 그대로, 숫자·목록·객체는 JSON으로: 10, ["a"], {"open": "10:00"})'
        validate={required('값을 입력해 주세요.')}
        format={formatValue}
        parse={parseValue}
        multiline
        fullWidth
      />
      <TextInput source="description" label="설명" fullWidth />
      <BooleanInput source="is_public" label="공개 (사이트가 읽을 수 있어요)" />
    </SimpleForm>
  );
}

export const envs: ResourceProps = {
  name: 'envs',
  options: { label: '설정값' },
  list: () => (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="이름" />
        <FunctionField label="값" render={(record: RaRecord) => JSON.stringify(record.value)} />
        <TextField source="description" label="설명" sortable={false} />
        <BooleanField source="is_public" label="공개" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <EnvForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <EnvForm />
    </Create>
  ),
};
