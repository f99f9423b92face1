import { Alert, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField as MuiTextField, Typography } from '@mui/material';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  minValue,
  required,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';
import { MemberPicker } from '../inputs/MemberPicker.tsx';
import type { PickedMember } from '../inputs/MemberPicker.tsx';
import { TimeInput } from '../inputs/TimeInput.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="세션 이름 검색" />,
  <ReferenceInput key="ritual_id" source="ritual_id" reference="rituals" alwaysOn>
    <AutocompleteInput optionText="title" label="리추얼" />
  </ReferenceInput>,
];

function SessionList() {
  return (
    <List filters={filters} sort={{ field: 'starts_at', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="세션 이름" />
        <ReferenceField source="ritual_id" reference="rituals" label="리추얼" sortable={false} />
        <DateField source="starts_at" label="시작" showTime />
        <DateField source="ends_at" label="끝" showTime sortable={false} />
        <NumberField source="capacity" label="정원" sortable={false} />
        <NumberField source="price" label="가격(원)" />
        <BooleanField source="is_published" label="공개" sortable={false} />
      </Datagrid>
    </List>
  );
}

function SessionForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="ritual_id" reference="rituals">
        <AutocompleteInput optionText="title" label="리추얼" validate={required('리추얼을 골라 주세요.')} />
      </ReferenceInput>
      <ReferenceInput source="ritual_session_title_id" reference="ritual-session-titles" sort={{ field: 'starts_at', order: 'DESC' }}>
        <AutocompleteInput optionText="title" label="시즌" />
      </ReferenceInput>
      <TextInput source="title" label="세션 이름" validate={required('세션 이름을 입력해 주세요.')} fullWidth />
      <TimeInput source="starts_at" label="시작 시각" validate={required('시작 시각을 입력해 주세요.')} />
      <TimeInput source="ends_at" label="끝나는 시각" validate={required('끝나는 시각을 입력해 주세요.')} />
      <NumberInput source="capacity" label="정원(명)" min={1} max={1000} validate={[required('정원을 입력해 주세요.'), minValue(1, '정원은 1명 이상이어야 해요.')]} />
      <NumberInput source="price" label="가격(원)" min={0} validate={[required('가격을 입력해 주세요.'), minValue(0, '가격은 0원 이상이어야 해요.')]} />
      <TimeInput source="recruit_starts_at" label="모집 시작 (비우면 지금부터)" />
      <TimeInput source="recruit_ends_at" label="모집 마감 (비우면 시작 전까지)" />
      <TextInput source="place" label="장소 (원데이 프로그램)" fullWidth />
      <BooleanInput source="is_published" label="공개" defaultValue />
    </SimpleForm>
  );
}

interface Member {
  id: number;
  user_id: number;
  nickname: string;
  email: string | null;
  role: 'host' | 'member';
  joined_at: string;
}

const dateTime = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });

/** Who is in the session, with the changes staff make by hand; each is audited by the server. */
function SessionMembers() {
  const record = useRecordContext();
  const notify = useNotify();
  const sessionId = record?.id;
  const [members, setMembers] = useState<Member[] | null>(null);
  const [newMember, setNewMember] = useState<PickedMember | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [reason, setReason] = useState('');
  const base = `/api/admin/ritual-sessions/${sessionId}/members`;

  const load = useCallback(async () => {
    try {
      setMembers((await quietApi.get<{ data: Member[] }>(base)).data);
    } catch (failure) {
      notify(toApiError(failure).message, { type: 'error' });
    }
  }, [base, notify]);

  useEffect(() => {
    if (sessionId !== undefined) void load();
  }, [sessionId, load]);

  const act = async (request: () => Promise<unknown>, done: string) => {
    try {
      await request();
      notify(done, { type: 'success' });
      await load();
      return true;
    } catch (failure) {
      notify(toApiError(failure).message, { type: 'error' });
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!newMember) return;
    if (await act(() => quietApi.post(base, { user_id: newMember.id }), `${newMember.nickname} 님을 참여자로 추가했어요.`)) setNewMember(null);
  };
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (removing && (await act(() => quietApi.del(`${base}/${removing.user_id}`, { reason }), `${removing.nickname} 님을 내보냈어요.`))) {
      setRemoving(null);
      setReason('');
    }
  };

  if (members === null) return null;
  return (
    <Stack component="section" spacing={2} sx={{ p: 2, minWidth: 0 }} aria-labelledby="session-members-heading">
      <Typography id="session-members-heading" variant="h6" component="h2">
        참여자 ({members.filter((member) => member.role === 'member').length}명, 호스트 제외)
      </Typography>
      {/* Scrolled in its own box: on a phone a table wider than the screen widened the whole page, and the member search's list opened away from its field. */}
      <TableContainer sx={{ maxWidth: 'calc(100vw - 32px)', overflowX: 'auto' }}>
        <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>회원 번호</TableCell>
            <TableCell>닉네임</TableCell>
            <TableCell>이메일</TableCell>
            <TableCell>역할</TableCell>
            <TableCell>참여 시각</TableCell>
            <TableCell>관리</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id}>
              <TableCell>{member.user_id}</TableCell>
              <TableCell>{member.nickname}</TableCell>
              <TableCell>{member.email ?? '—'}</TableCell>
              <TableCell>{member.role === 'host' ? '호스트' : '참여자'}</TableCell>
              <TableCell>{dateTime.format(new Date(member.joined_at))}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() =>
                      void act(
                        () => quietApi.patch(`${base}/${member.user_id}`, { role: member.role === 'host' ? 'member' : 'host' }),
                        member.role === 'host' ? '참여자로 바꿨어요.' : '호스트로 정했어요.',
                      )
                    }
                  >
                    {member.role === 'host' ? '참여자로 바꾸기' : '호스트로 정하기'}
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(member)}>
                    내보내기
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        </Table>
      </TableContainer>
      {removing && (
        <Stack component="form" spacing={1} onSubmit={(event) => void remove(event)} sx={{ maxWidth: 560 }}>
          <Alert severity="warning">
            {removing.nickname} 님을 이 세션에서 내보내요. 결제한 주문은 그대로 남아요. 환불이 필요하면 주문 관리에서 따로 처리해 주세요.
          </Alert>
          <MuiTextField label="내보내는 이유" value={reason} onChange={(event) => setReason(event.target.value)} required multiline />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="error">
              내보내기
            </Button>
            <Button onClick={() => setRemoving(null)}>취소</Button>
          </Stack>
        </Stack>
      )}
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={(event) => void add(event)} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <MemberPicker label="추가할 회원" value={newMember} onChange={setNewMember} />
        <Button type="submit" variant="outlined">
          참여자 추가
        </Button>
      </Stack>
    </Stack>
  );
}

export const ritualSessions: ResourceProps = {
  name: 'ritual-sessions',
  options: { label: '리추얼 세션' },
  recordRepresentation: 'title',
  list: SessionList,
  edit: () => (
    <Edit mutationMode="pessimistic">
      <SessionForm />
      <SessionMembers />
    </Edit>
  ),
  create: () => (
    <Create redirect="edit">
      <SessionForm />
    </Create>
  ),
};
