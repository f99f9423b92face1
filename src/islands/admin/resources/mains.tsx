import {
  Create,
  Datagrid,
  DateField,
  DeleteButton,
  Edit,
  List,
  NumberInput,
  ReferenceManyField,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { TimeInput } from '../inputs/TimeInput.tsx';

function MainForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="이름" validate={required('이름을 입력해 주세요.')} fullWidth />
      <TimeInput source="published_at" label="게시 시각 (비우면 임시 저장; 지금 이전 중 가장 최근 것이 홈이 돼요)" />
    </SimpleForm>
  );
}

/** The home page versions; each one's banners are listed under it and edited as main-banners. */
export const mains: ResourceProps = {
  name: 'mains',
  options: { label: '홈 화면' },
  recordRepresentation: 'title',
  list: () => (
    <List sort={{ field: 'published_at', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="이름" sortable={false} />
        <DateField source="published_at" label="게시 시각" showTime emptyText="임시 저장" />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <MainForm />
      <ReferenceManyField reference="main-banners" target="main_id" label="배너" sort={{ field: 'sort_order', order: 'ASC' }}>
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" label="배너 제목" />
          <TextField source="sort_order" label="정렬 순서" />
          <DeleteButton mutationMode="pessimistic" redirect={false} />
        </Datagrid>
      </ReferenceManyField>
    </Edit>
  ),
  create: () => (
    <Create redirect="edit">
      <MainForm />
    </Create>
  ),
};

function MainBannerForm() {
  return (
    <SimpleForm>
      <NumberInput source="main_id" label="홈 화면 번호" validate={required('홈 화면을 골라 주세요.')} />
      <TextInput source="title" label="제목" validate={required('제목을 입력해 주세요.')} fullWidth />
      <TextInput source="subtitle" label="부제" fullWidth />
      <TextInput source="image_url" label="이미지 주소" validate={required('이미지 주소를 입력해 주세요.')} fullWidth />
      <TextInput source="image_alt" label="이미지 설명 (대체 텍스트)" validate={required('이미지 설명을 입력해 주세요.')} fullWidth />
      <NumberInput source="image_width" label="이미지 너비(px)" validate={required('이미지 너비를 입력해 주세요.')} />
      <NumberInput source="image_height" label="이미지 높이(px)" validate={required('이미지 높이를 입력해 주세요.')} />
      <TextInput source="link_url" label="링크" fullWidth />
      <TextInput source="background_color" label="배경색 (예: #f3efe6)" />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
    </SimpleForm>
  );
}

export const mainBanners: ResourceProps = {
  name: 'main-banners',
  options: { label: '홈 배너' },
  list: () => (
    <List sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="main_id" label="홈 화면 번호" sortable={false} />
        <TextField source="title" label="제목" sortable={false} />
        <TextField source="sort_order" label="정렬 순서" />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <MainBannerForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <MainBannerForm />
    </Create>
  ),
};
