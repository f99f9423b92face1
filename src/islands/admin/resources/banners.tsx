import { BooleanField, BooleanInput, Create, Datagrid, DateField, Edit, List, NumberInput, SearchInput, SelectField, SelectInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { TimeInput } from '../inputs/TimeInput.tsx';

const TYPES = [
  { id: 'header_text_banner', name: '상단 띠 배너' },
  { id: 'main_hero_banner', name: '홈 히어로 배너' },
  { id: 'store_banner', name: '스토어 배너' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="문구 검색" />, <SelectInput key="type" source="type" label="종류" choices={TYPES} alwaysOn />];

function BannerForm() {
  return (
    <SimpleForm>
      <SelectInput source="type" label="종류" choices={TYPES} validate={required('배너 종류를 골라 주세요.')} />
      <TextInput source="text" label="문구" validate={required('문구를 입력해 주세요.')} fullWidth />
      <TextInput source="link" label="링크 (예: /explorer)" fullWidth />
      <TextInput source="image_url" label="이미지 주소" fullWidth />
      <TimeInput source="starts_at" label="시작 시각 (비우면 바로)" />
      <TimeInput source="ends_at" label="끝나는 시각 (비우면 계속)" />
      <NumberInput source="sort_order" label="우선순위 (클수록 먼저 보여요)" />
      <BooleanInput source="is_active" label="사용" defaultValue />
      <p>바뀐 배너는 사이트에 5초 안에, 방문자의 브라우저에는 1분 안에 보여요.</p>
    </SimpleForm>
  );
}

export const banners: ResourceProps = {
  name: 'banners',
  options: { label: '배너' },
  list: () => (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <SelectField source="type" label="종류" choices={TYPES} sortable={false} />
        <TextField source="text" label="문구" sortable={false} />
        <DateField source="starts_at" label="시작" showTime emptyText="바로" />
        <DateField source="ends_at" label="끝" showTime emptyText="계속" sortable={false} />
        <TextField source="sort_order" label="우선순위" />
        <BooleanField source="is_active" label="사용" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <BannerForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <BannerForm />
    </Create>
  ),
};
