import { Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { BooleanField, BooleanInput, Create, Datagrid, DateField, Edit, List, SearchInput, SimpleForm, TextField, TextInput, required, useNotify, useRecordContext } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';
import { RichTextInput } from '../inputs/RichTextInput.tsx';
import { TimeInput } from '../inputs/TimeInput.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="제목·주소 검색" />];

function PageForm() {
  return (
    <SimpleForm>
      <TextInput source="slug" label="주소 (약관은 policy, privacy)" validate={required('주소를 입력해 주세요.')} />
      <TextInput source="title" label="제목" validate={required('제목을 입력해 주세요.')} fullWidth />
      <TextInput source="description" label="설명" fullWidth />
      <RichTextInput source="body_html" label="본문" isRequired validate={required('본문을 입력해 주세요.')} />
      <TimeInput source="effective_at" label="시행일 (바꾸면 지금 본문이 이전 버전으로 보관돼요)" />
      <BooleanInput source="is_published" label="공개" defaultValue />
    </SimpleForm>
  );
}

interface Version {
  id: number;
  title: string;
  body_html: string;
  effective_at: string | null;
  created_at: string;
}

const dateTime = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeZone: 'Asia/Seoul' });

/** The texts kept each time the effective date changed, as members agreed to them. */
function PageVersions() {
  const record = useRecordContext();
  const notify = useNotify();
  const [versions, setVersions] = useState<Version[] | null>(null);
  const pageId = record?.id;
  const updatedAt = record?.updated_at;

  useEffect(() => {
    if (pageId === undefined) return;
    quietApi.get<{ data: Version[] }>(`/api/admin/pages/${pageId}/versions`).then(
      (res) => setVersions(res.data),
      (failure: unknown) => notify(toApiError(failure).message, { type: 'error' }),
    );
  }, [pageId, updatedAt, notify]);

  if (versions === null) return null;
  return (
    <Stack component="section" spacing={1} sx={{ p: 2 }} aria-labelledby="page-versions-heading">
      <Typography id="page-versions-heading" variant="h6" component="h2">
        이전 버전
      </Typography>
      {versions.length === 0 && <Typography>보관된 이전 버전이 없어요.</Typography>}
      {versions.map((version) => (
        <details key={version.id}>
          <summary>
            {version.effective_at ? `${dateTime.format(new Date(version.effective_at))} 시행` : '시행일 없음'} · {version.title}
          </summary>
          {/* Sanitised by the server before it was stored, as every HTML people read. */}
          <div dangerouslySetInnerHTML={{ __html: version.body_html }} />
        </details>
      ))}
    </Stack>
  );
}

export const pages: ResourceProps = {
  name: 'pages',
  options: { label: '약관·페이지' },
  list: () => (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="slug" label="주소" />
        <TextField source="title" label="제목" sortable={false} />
        <DateField source="effective_at" label="시행일" emptyText="—" />
        <BooleanField source="is_published" label="공개" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <PageForm />
      <PageVersions />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <PageForm />
    </Create>
  ),
};
