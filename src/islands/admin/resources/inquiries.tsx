import { Box, Button, Link as MuiLink, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { Link } from 'react-router-dom';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';

const ANSWER_MAX = 5000;

const STATUS_CHOICES = [
  { id: 'waiting', name: '답변 대기' },
  { id: 'answered', name: '답변 완료' },
];

const statusText = (record: RaRecord) => (record.status === 'answered' ? '답변 완료' : '답변 대기');

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="제목, 회원 닉네임·이메일 검색" />,
  <SelectInput key="status" source="status" label="상태" choices={STATUS_CHOICES} alwaysOn emptyText="전체" />,
  <ReferenceInput key="category" source="inquiry_category_id" reference="inquiry-categories" alwaysOn>
    <SelectInput label="문의 유형" optionText="name" emptyText="전체" />
  </ReferenceInput>,
];

/** The queue: by default what still waits, the longest waiting first (the API's own order). */
function InquiryList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'waiting' }} sort={{ field: '', order: 'ASC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="번호" sortable={false} />
        <FunctionField label="상태" render={statusText} />
        <TextField source="category_name" label="유형" sortable={false} />
        <TextField source="title" label="제목" sortable={false} />
        <TextField source="member_nickname" label="회원" sortable={false} />
        <DateField source="created_at" label="문의 시각" showTime />
        <DateField source="answered_at" label="답변 시각" showTime emptyText="—" />
      </Datagrid>
    </List>
  );
}

interface Attachment {
  id: number;
  url: string;
  original_name: string;
  mime_type: string;
  size: number;
}

// `label` is read by the show layout, which prints it above the field.
function Attachments(_: { label: string }) {
  const record = useRecordContext();
  const files = (record?.attachments ?? []) as Attachment[];
  if (files.length === 0) return <Typography variant="body2">없음</Typography>;
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
      {files.map((file) => (
        <li key={file.id}>
          <MuiLink href={file.url} target="_blank" rel="noopener">
            {file.original_name}
          </MuiLink>{' '}
          <Typography component="span" variant="caption">
            ({Math.max(1, Math.round(file.size / 1024)).toLocaleString('ko-KR')}KB)
          </Typography>
        </li>
      ))}
    </Stack>
  );
}

function MemberLink(_: { label: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <MuiLink component={Link} to={`/members/${record.user_id}/show`}>
      {record.member_nickname}
      {record.member_email ? ` (${record.member_email})` : ''}
    </MuiLink>
  );
}

/** Plain text in, as the member will read it; answering again corrects the answer. */
function AnswerForm(_: { label: false }) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [answer, setAnswer] = useState<string>(record?.answer_text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const answered = record.status === 'answered';

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await quietApi.post(`/api/admin/inquiries/${record.id}/answer`, { answer });
      notify(answered ? '답변을 고쳤어요.' : '답변을 등록했어요. 회원에게 메일과 알림을 보냈어요.', { type: 'success' });
      refresh();
    } catch (failure) {
      const failed = toApiError(failure);
      setError(failed.errors.answer?.join(' ') ?? failed.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" sx={{ mt: 2, maxWidth: 720 }} onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Typography variant="h6" component="h2" gutterBottom>
        {answered ? '답변 고치기' : '답변 쓰기'}
      </Typography>
      <MuiTextField
        label="답변"
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        multiline
        minRows={6}
        fullWidth
        required
        error={error !== null}
        helperText={error ?? `${answer.length.toLocaleString('ko-KR')} / ${ANSWER_MAX.toLocaleString('ko-KR')}자 · 줄바꿈은 그대로, 빈 줄은 문단이 돼요.`}
        slotProps={{ htmlInput: { maxLength: ANSWER_MAX } }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={busy || answer.trim() === ''}>
        {answered ? '답변 고치기' : '답변 등록'}
      </Button>
    </Box>
  );
}

const preWrap = { whiteSpace: 'pre-wrap' } as const;

function InquiryShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label="제목" />
        <FunctionField label="상태" render={statusText} />
        <TextField source="category_name" label="문의 유형" />
        <MemberLink label="회원" />
        <DateField source="created_at" label="문의 시각" showTime />
        <TextField source="content" label="문의 내용" sx={preWrap} />
        <Attachments label="첨부파일" />
        <TextField source="answer_text" label="등록된 답변" sx={preWrap} emptyText="아직 답변이 없어요." />
        <FunctionField
          label="답변한 사람"
          render={(record: RaRecord) => (record.answered_by_nickname ? `${record.answered_by_nickname}` : '—')}
        />
        <DateField source="answered_at" label="답변 시각" showTime emptyText="—" />
        <AnswerForm label={false} />
      </SimpleShowLayout>
    </Show>
  );
}

export const inquiries: ResourceProps = {
  name: 'inquiries',
  options: { label: '1:1 문의' },
  list: InquiryList,
  show: InquiryShow,
};

/** Only named by the queue's filter: never in the menu. */
export const inquiryCategories: ResourceProps = { name: 'inquiry-categories' };
