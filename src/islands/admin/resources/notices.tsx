import { BooleanField, BooleanInput, Create, Datagrid, DateField, Edit, List, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { RichTextInput } from '../inputs/RichTextInput.tsx';
import { TimeInput } from '../inputs/TimeInput.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="제목 검색" />];

function NoticeList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="제목" />
        <BooleanField source="is_pinned" label="고정" />
        <DateField source="published_at" label="게시 시각" showTime emptyText="임시 저장" />
        <DateField source="updated_at" label="수정 시각" showTime />
      </Datagrid>
    </List>
  );
}

function NoticeForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="제목" validate={required('제목을 입력해 주세요.')} fullWidth />
      <RichTextInput source="body_html" label="본문" isRequired validate={required('본문을 입력해 주세요.')} />
      <BooleanInput source="is_pinned" label="목록 맨 위에 고정" />
      <TimeInput source="published_at" label="게시 시각 (비우면 임시 저장, 미래로 정하면 예약)" />
    </SimpleForm>
  );
}

export const notices: ResourceProps = {
  name: 'notices',
  options: { label: '공지사항' },
  list: NoticeList,
  edit: () => (
    <Edit mutationMode="pessimistic">
      <NoticeForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <NoticeForm />
    </Create>
  ),
};
