import {
  AutocompleteInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { RichTextInput } from '../inputs/RichTextInput.tsx';
import { TimeInput } from '../inputs/TimeInput.tsx';

const KINDS = [
  { id: 'interview', name: '인터뷰' },
  { id: 'record', name: '기록' },
  { id: 'review', name: '후기' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="제목·글쓴이 검색" />,
  <ReferenceInput key="category" source="off_the_record_category_id" reference="off-the-record-categories" alwaysOn>
    <SelectInput optionText="name" label="분류" />
  </ReferenceInput>,
];

function RecordForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="off_the_record_category_id" reference="off-the-record-categories">
        <SelectInput optionText="name" label="분류" validate={required('분류를 골라 주세요.')} />
      </ReferenceInput>
      <SelectInput source="kind" label="종류" choices={KINDS} validate={required('종류를 골라 주세요.')} />
      <ReferenceInput source="ritual_id" reference="rituals">
        <AutocompleteInput optionText="title" label="관련 리추얼" />
      </ReferenceInput>
      <TextInput source="title" label="제목" validate={required('제목을 입력해 주세요.')} fullWidth />
      <TextInput source="summary" label="요약" validate={required('요약을 입력해 주세요.')} fullWidth />
      <RichTextInput source="content_html" label="본문" isRequired validate={required('본문을 입력해 주세요.')} />
      <TextInput source="cover_image_url" label="대표 이미지 주소" validate={required('대표 이미지 주소를 입력해 주세요.')} fullWidth />
      <TextInput source="cover_image_alt" label="대표 이미지 설명 (대체 텍스트)" validate={required('대표 이미지 설명을 입력해 주세요.')} fullWidth />
      <TextInput source="author_name" label="글쓴이" validate={required('글쓴이를 입력해 주세요.')} />
      <TimeInput source="published_at" label="게시 시각 (비우면 임시 저장, 미래로 정하면 예약)" />
    </SimpleForm>
  );
}

export const offTheRecords: ResourceProps = {
  name: 'off-the-records',
  options: { label: '오프더레코드' },
  list: () => (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="제목" />
        <ReferenceField source="off_the_record_category_id" reference="off-the-record-categories" label="분류" sortable={false} />
        <SelectField source="kind" label="종류" choices={KINDS} sortable={false} />
        <TextField source="author_name" label="글쓴이" sortable={false} />
        <DateField source="published_at" label="게시 시각" showTime emptyText="임시 저장" />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <RecordForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <RecordForm />
    </Create>
  ),
};
