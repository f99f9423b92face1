import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Datagrid,
  DateField,
  EmailField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';
import { formatPhoneNumber } from '../../../lib/phone-number.ts';

const ROLE_NAMES: Record<string, string> = { member: '회원', staff: '운영진', admin: '관리자' };
const ROLE_CHOICES = Object.entries(ROLE_NAMES).map(([id, name]) => ({ id, name }));
const REASON_MAX = 500;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="이메일, 닉네임, 전화번호 검색" />,
  <SelectInput key="role" source="role" label="역할" choices={ROLE_CHOICES} alwaysOn emptyText="전체" />,
  <SelectInput
    key="suspended"
    source="suspended"
    label="이용 정지"
    choices={[
      { id: 'true', name: '정지 중' },
      { id: 'false', name: '정지 아님' },
    ]}
    alwaysOn
    emptyText="전체"
  />,
];

const seoul = (iso: string) => new Date(iso).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });
// Another country's number is shown with its calling code, as the member gave it.
const phoneText = (record: RaRecord) =>
  record.phone ? `${record.country_code && record.country_code !== '82' ? `+${record.country_code} ` : ''}${formatPhoneNumber(record.phone, record.country_code)}` : '—';
const suspensionText = (record: RaRecord) => (record.is_suspended ? `${seoul(record.suspended_until)}까지 정지` : '—');

function MemberList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <EmailField source="email" label="이메일" />
        <TextField source="nickname" label="닉네임" />
        <FunctionField label="전화번호" sortable={false} render={phoneText} />
        <FunctionField label="역할" render={(record: RaRecord) => ROLE_NAMES[record.role as string]} />
        <FunctionField label="이용 정지" render={suspensionText} />
        <DateField source="created_at" label="가입일" />
      </Datagrid>
    </List>
  );
}

/** Today in Seoul as YYYY-MM-DD: the first day a suspension may end on. */
const seoulToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });

/** A suspension runs to the end of the chosen day in Seoul. */
const endOfSeoulDay = (date: string) => `${date}T23:59:59+09:00`;

function SuspendDialog({ id, open, onClose }: { id: RaRecord['id']; open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      await quietApi.post(`/api/admin/members/${id}/suspension`, { reason, until: date ? endOfSeoulDay(date) : '' });
      notify('이용을 정지했어요. 이 회원은 모든 기기에서 로그아웃되었어요.', { type: 'success' });
      onClose();
      refresh();
    } catch (failure) {
      const failed = toApiError(failure);
      const fields = Object.fromEntries(Object.entries(failed.errors).map(([field, messages]) => [field, messages.join(' ')]));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notify(failed.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="suspend-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <DialogTitle id="suspend-title">이용 정지</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <MuiTextField
              label="정지 사유 (회원에게 보여요)"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={3}
              required
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? `${reason.length} / ${REASON_MAX}자`}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
            <MuiTextField
              label="정지 종료일 (그날 자정까지)"
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              required
              error={Boolean(errors.until)}
              helperText={errors.until ?? '한국 시간으로 그날 23:59까지 로그인할 수 없어요.'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: seoulToday() } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>취소</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            정지하기
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function SuspensionPanel(_: { label: string }) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [suspending, setSuspending] = useState(false);
  const [lifting, setLifting] = useState(false);
  if (!record || record.deleted_at) return null;

  const lift = async () => {
    try {
      await quietApi.del(`/api/admin/members/${record.id}/suspension`);
      notify('정지를 해제했어요.', { type: 'success' });
      refresh();
    } catch (failure) {
      notify(toApiError(failure).message, { type: 'error' });
    } finally {
      setLifting(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {record.is_suspended ? (
        <>
          <Typography variant="body2">{suspensionText(record)}</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            사유: {record.suspension_reason}
          </Typography>
          <Button variant="outlined" onClick={() => setLifting(true)}>
            정지 해제
          </Button>
        </>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setSuspending(true)}>
          이용 정지
        </Button>
      )}
      {suspending && <SuspendDialog id={record.id} open onClose={() => setSuspending(false)} />}
      <Confirm
        isOpen={lifting}
        title="정지를 해제할까요?"
        content="해제하면 이 회원은 바로 다시 로그인할 수 있어요."
        confirm="정지 해제"
        onConfirm={() => void lift()}
        onClose={() => setLifting(false)}
      />
    </Stack>
  );
}

/** Admins only; an admin's own role and other admins' are not changed here (the API refuses too). */
function RolePanel(_: { label: string }) {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [role, setRole] = useState<string>(record?.role === 'staff' ? 'staff' : 'member');
  if (!record || permissions !== 'admin' || record.role === 'admin' || record.deleted_at) {
    return <Typography variant="body2">{record ? ROLE_NAMES[record.role as string] : ''}</Typography>;
  }

  const save = async () => {
    try {
      await quietApi.patch(`/api/admin/members/${record.id}/role`, { role });
      notify('역할을 바꿨어요.', { type: 'success' });
      refresh();
    } catch (failure) {
      notify(toApiError(failure).message, { type: 'error' });
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <MuiTextField select size="small" label="역할" value={role} onChange={(event) => setRole(event.target.value)}>
        <MenuItem value="member">회원</MenuItem>
        <MenuItem value="staff">운영진</MenuItem>
      </MuiTextField>
      <Button variant="outlined" onClick={() => void save()} disabled={role === record.role}>
        역할 변경
      </Button>
    </Stack>
  );
}

const dateOrDash = { showTime: true, emptyText: '—' } as const;

function MemberShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" label="번호" />
        <TextField source="email" label="이메일" />
        <TextField source="nickname" label="닉네임" />
        <TextField source="username" label="아이디" />
        <FunctionField label="전화번호" render={phoneText} />
        <TextField source="introduction" label="소개" emptyText="—" />
        <RolePanel label="역할" />
        <SuspensionPanel label="이용 정지" />
        <DateField source="posting_limited_until" label="글쓰기 제한 종료" {...dateOrDash} />
        <DateField source="created_at" label="가입" {...dateOrDash} />
        <DateField source="email_verified_at" label="이메일 인증" {...dateOrDash} />
        <DateField source="phone_verified_at" label="휴대폰 인증" {...dateOrDash} />
        <DateField source="agreed_terms_at" label="이용약관 동의" {...dateOrDash} />
        <DateField source="agreed_privacy_at" label="개인정보 처리방침 동의" {...dateOrDash} />
        <DateField source="agreed_marketing_at" label="마케팅 수신 동의" {...dateOrDash} />
        <DateField source="second_factor_enabled_at" label="2단계 인증 설정" {...dateOrDash} />
        <DateField source="deleted_at" label="탈퇴" {...dateOrDash} />
        <NumberField source="counts.orders" label="주문" />
        <NumberField source="counts.square_posts" label="광장 글" />
        <NumberField source="counts.ritual_session_posts" label="리추얼 방 글" />
        <NumberField source="counts.comments" label="댓글" />
      </SimpleShowLayout>
    </Show>
  );
}

export const members: ResourceProps = {
  name: 'members',
  options: { label: '회원' },
  list: MemberList,
  show: MemberShow,
};

function DeletionList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn placeholder="사유 검색" />]} sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label="탈퇴 시각" showTime />
        <TextField source="user_id" label="회원 번호" sortable={false} />
        <TextField source="reason" label="사유" sortable={false} sx={{ whiteSpace: 'pre-wrap' }} />
        <DateField source="joined_at" label="가입일" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** Read-only: why members left; who they were is not kept. */
export const accountDeletions: ResourceProps = {
  name: 'account-deletions',
  options: { label: '탈퇴 기록' },
  list: DeletionList,
};
