import { Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';
import { RichTextInput } from '../inputs/RichTextInput.tsx';

export const RITUAL_TYPES = [
  { id: 'monthly', name: '한 달 리추얼' },
  { id: 'one_day', name: '원데이 프로그램' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="제목·호스트 검색" />,
  <SelectInput key="type" source="type" label="종류" choices={RITUAL_TYPES} alwaysOn />,
];

function RitualList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <SelectField source="type" label="종류" choices={RITUAL_TYPES} sortable={false} />
        <TextField source="title" label="제목" />
        <TextField source="host_name" label="호스트" sortable={false} />
        <TextField source="sort_order" label="정렬 순서" />
        <BooleanField source="is_published" label="공개" sortable={false} />
        <DateField source="updated_at" label="수정 시각" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}

function RitualForm() {
  return (
    <SimpleForm>
      <SelectInput source="type" label="종류" choices={RITUAL_TYPES} validate={required('종류를 골라 주세요.')} />
      <TextInput source="title" label="제목" validate={required('제목을 입력해 주세요.')} fullWidth />
      <TextInput source="summary" label="한 줄 소개" validate={required('한 줄 소개를 입력해 주세요.')} fullWidth />
      <RichTextInput source="description_html" label="소개" isRequired validate={required('소개를 입력해 주세요.')} />
      <RichTextInput source="how_it_goes_html" label="진행 방식" isRequired validate={required('진행 방식을 입력해 주세요.')} />
      <TextInput source="cover_image_url" label="대표 이미지 주소" validate={required('대표 이미지 주소를 입력해 주세요.')} fullWidth />
      <TextInput source="cover_image_alt" label="대표 이미지 설명 (대체 텍스트)" validate={required('대표 이미지 설명을 입력해 주세요.')} fullWidth />
      <ReferenceInput source="theme_id" reference="themes" sort={{ field: 'sort_order', order: 'ASC' }}>
        <SelectInput optionText="name" label="테마" emptyText="테마 없음" />
      </ReferenceInput>
      <TextInput source="host_name" label="호스트 이름" validate={required('호스트 이름을 입력해 주세요.')} />
      <TextInput source="host_introduction" label="호스트 소개" validate={required('호스트 소개를 입력해 주세요.')} multiline fullWidth />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
      <BooleanInput source="is_published" label="공개" defaultValue />
    </SimpleForm>
  );
}

interface Badge {
  id: number;
  name: string;
}

/** Badges are saved on their own: the ritual's form saves its columns, this its join rows. */
function RitualBadges() {
  const record = useRecordContext();
  const notify = useNotify();
  const [badges, setBadges] = useState<Badge[]>([]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const ritualId = record?.id;

  useEffect(() => {
    if (ritualId === undefined) return;
    void Promise.all([
      quietApi.get<{ data: Badge[] }>('/api/admin/badges', { per_page: 100, sort: 'sort_order', order: 'asc' }),
      quietApi.get<{ data: { badge_ids: number[] } }>(`/api/admin/rituals/${ritualId}/badges`),
    ]).then(
      ([all, own]) => {
        setBadges(all.data);
        setChosen(own.data.badge_ids);
      },
      (failure: unknown) => notify(toApiError(failure).message, { type: 'error' }),
    );
  }, [ritualId, notify]);

  if (chosen === null) return null;
  const save = async () => {
    try {
      const { data } = await quietApi.put<{ data: { badge_ids: number[] } }>(`/api/admin/rituals/${ritualId}/badges`, { badge_ids: chosen });
      setChosen(data.badge_ids);
      notify('배지를 저장했어요.', { type: 'success' });
    } catch (failure) {
      notify(toApiError(failure).message, { type: 'error' });
    }
  };
  return (
    <Stack component="section" spacing={1} sx={{ p: 2 }} aria-labelledby="ritual-badges-heading">
      <Typography id="ritual-badges-heading" variant="h6" component="h2">
        배지
      </Typography>
      {badges.length === 0 ? (
        <Typography>등록된 배지가 없어요. 배지 메뉴에서 먼저 만들어 주세요.</Typography>
      ) : (
        <FormGroup row>
          {badges.map((badge) => (
            <FormControlLabel
              key={badge.id}
              label={badge.name}
              control={
                <Checkbox
                  checked={chosen.includes(badge.id)}
                  onChange={(event) => setChosen(event.target.checked ? [...chosen, badge.id] : chosen.filter((id) => id !== badge.id))}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      <div>
        <Button variant="outlined" onClick={() => void save()} disabled={badges.length === 0}>
          배지 저장
        </Button>
      </div>
    </Stack>
  );
}

export const rituals: ResourceProps = {
  name: 'rituals',
  options: { label: '리추얼' },
  recordRepresentation: 'title',
  list: RitualList,
  edit: () => (
    <Edit mutationMode="pessimistic">
      <RitualForm />
      <RitualBadges />
    </Edit>
  ),
  create: () => (
    <Create redirect="edit">
      <RitualForm />
    </Create>
  ),
};
