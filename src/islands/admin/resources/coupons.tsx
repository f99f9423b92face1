import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as TextArea } from '@mui/material';
import { useState } from 'react';
import {
  Create,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  minValue,
  required,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';
import { formatWon } from '../../../lib/numbers.ts';
import { TimeInput } from '../inputs/TimeInput.tsx';

const kindChoices = [
  { id: 'percent', name: '정률 (%)' },
  { id: 'fixed', name: '정액 (원)' },
];
const scopeChoices = [
  { id: 'all', name: '전체' },
  { id: 'products', name: '상품' },
  { id: 'rituals', name: '리추얼' },
];
const scopeName = (id: string) => scopeChoices.find((choice) => choice.id === id)?.name ?? id;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="코드나 이름 검색" />,
  <SelectInput key="kind" source="kind" label="할인 방식" choices={kindChoices} emptyText="전체" />,
  <SelectInput key="applies_to" source="applies_to" label="적용 대상" choices={scopeChoices} emptyText="전체" />,
];

const discountOf = (record: RaRecord) => (record.kind === 'percent' ? `${record.value}%${record.max_discount ? ` (최대 ${formatWon(record.max_discount)})` : ''}` : formatWon(record.value));

function CouponList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="code" label="코드" />
        <TextField source="name" label="이름" />
        <FunctionField label="할인" render={discountOf} />
        <FunctionField label="최소 주문" render={(record: RaRecord) => formatWon(record.min_order_amount)} />
        <FunctionField label="적용 대상" render={(record: RaRecord) => scopeName(record.applies_to)} />
        <DateField source="valid_until" label="사용 종료" showTime locales="ko-KR" emptyText="기한 없음" />
      </Datagrid>
    </List>
  );
}

const optionalNumber = (value: string | number | null) => (value === '' || value === null ? null : Number(value));

function CouponForm() {
  return (
    <SimpleForm>
      <TextInput source="code" label="쿠폰 코드 (영문·숫자, 대문자로 저장)" validate={required('쿠폰 코드를 입력해 주세요.')} />
      <TextInput source="name" label="쿠폰 이름 (회원에게 보여요)" validate={required('쿠폰 이름을 입력해 주세요.')} fullWidth />
      <SelectInput source="kind" label="할인 방식" choices={kindChoices} validate={required('할인 방식을 골라 주세요.')} />
      <NumberInput source="value" label="할인 값 (% 또는 원)" validate={[required('할인 값을 입력해 주세요.'), minValue(1, '1 이상이어야 해요.')]} />
      <NumberInput source="max_discount" label="최대 할인 금액 (원, 정률일 때, 비우면 제한 없음)" parse={optionalNumber} />
      <NumberInput source="min_order_amount" label="최소 주문 금액 (원)" defaultValue={0} />
      <SelectInput source="applies_to" label="적용 대상" choices={scopeChoices} defaultValue="all" />
      <TimeInput source="valid_from" label="사용 시작 (비우면 바로)" />
      <TimeInput source="valid_until" label="사용 종료 (비우면 기한 없음)" />
      <NumberInput source="total_limit" label="전체 발급 수량 (비우면 제한 없음)" parse={optionalNumber} />
      <NumberInput source="per_member_limit" label="회원당 발급 수량" defaultValue={1} />
    </SimpleForm>
  );
}

/** "a@b.com, 12\n c@d.com": e-mails and member ids, or the words that are neither. */
function readRecipients(text: string): {
  user_ids: number[];
  emails: string[];
  unreadable: string[];
} {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  return {
    user_ids: words.filter((word) => /^\d+$/.test(word)).map(Number),
    emails: words.filter((word) => word.includes('@')),
    unreadable: words.filter((word) => !/^\d+$/.test(word) && !word.includes('@')),
  };
}

function IssueDialog({ coupon, onClose }: { coupon: RaRecord; onClose: () => void }) {
  const notify = useNotify();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { unreadable, ...recipients } = readRecipients(text);
    if (unreadable.length > 0) return setProblem(`이메일도 회원 번호도 아니에요: ${unreadable.join(', ')}`);
    if (recipients.user_ids.length + recipients.emails.length === 0) return setProblem('발급할 회원의 이메일이나 회원 번호를 입력해 주세요.');
    setBusy(true);
    try {
      const { data } = await quietApi.post<{
        data: { issued_user_ids: number[]; skipped_user_ids: number[] };
      }>(`/api/admin/coupons/${coupon.id}/issue`, recipients);
      const skipped = data.skipped_user_ids.length;
      notify(`${data.issued_user_ids.length}명에게 발급하고 알림을 보냈어요.${skipped ? ` ${skipped}명은 이미 받았거나 수량이 모자라 건너뛰었어요.` : ''}`, { type: 'success' });
      onClose();
    } catch (failure) {
      const error = toApiError(failure);
      setProblem(Object.values(error.errors).flat().join(' ') || error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="issue-title" fullWidth maxWidth="sm">
      <DialogTitle id="issue-title">{coupon.name} 발급</DialogTitle>
      <DialogContent>
        <DialogContentText>받을 회원의 이메일이나 회원 번호를 쉼표나 줄바꿈으로 나눠 적어 주세요. 받은 회원에게는 알림이 가요.</DialogContentText>
        <TextArea
          label="받을 회원"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? '예: member1@example.com, 42'}
          multiline
          minRows={3}
          fullWidth
          margin="normal"
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          취소
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          발급하기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CouponEditActions() {
  const coupon = useRecordContext();
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      {coupon && (
        <Button variant="contained" onClick={() => setOpen(true)}>
          발급
        </Button>
      )}
      {coupon && open && <IssueDialog coupon={coupon} onClose={() => setOpen(false)} />}
    </TopToolbar>
  );
}

export const coupons: ResourceProps = {
  name: 'coupons',
  options: { label: '쿠폰' },
  list: CouponList,
  edit: () => (
    <Edit mutationMode="pessimistic" actions={<CouponEditActions />}>
      <CouponForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="edit">
      <CouponForm />
    </Create>
  ),
  recordRepresentation: 'name',
};
