import {
  ArrayField,
  ChipField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { modelTypeLabel, targetLabel } from '../../../lib/audit-labels.ts';
import { REPORT_REASON_LABELS } from '../../../lib/moderation.ts';
import { DecisionButton } from './decision-button.tsx';
import { AuthorPostingLimit } from './posting-limit.tsx';

const REPORTED_TYPES = ['square_post', 'ritual_session_post', 'comment'];
const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason;

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="상태"
    alwaysOn
    emptyText="전체"
    emptyValue="all"
    choices={[
      { id: 'open', name: '처리 전' },
      { id: 'resolved', name: '처리됨' },
    ]}
  />,
  <SelectInput key="model_type" source="model_type" label="대상 종류" alwaysOn choices={REPORTED_TYPES.map((id) => ({ id, name: modelTypeLabel(id) }))} />,
];

const targetOf = (record: RaRecord) => targetLabel(record.model_type, record.model_id);
const stateOf = (record: RaRecord) => (record.is_missing ? '삭제됨' : record.is_hidden ? '숨김' : '게시 중');

function ReportList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'last_reported_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField label="대상" sortable={false} render={(record: RaRecord) => modelTypeLabel(record.model_type)} />
        <TextField source="excerpt" label="내용" sortable={false} emptyText="(삭제된 항목)" />
        <TextField source="author.nickname" label="작성자" sortable={false} emptyText="—" />
        <TextField source="report_count" label="신고 수" sortable={false} />
        <FunctionField label="사유" sortable={false} render={(record: RaRecord) => (record.reasons as string[]).map(reasonLabel).join(', ')} />
        <FunctionField label="상태" sortable={false} render={(record: RaRecord) => `${record.is_open ? '처리 전' : '처리됨'} · ${stateOf(record)}`} />
        <DateField source="first_reported_at" label="처음 신고" showTime sortable={false} />
        <DateField source="last_reported_at" label="마지막 신고" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}

function Decisions() {
  return (
    <TopToolbar>
      <DecisionButton label="숨기기" path="/api/admin/moderation/hide" done="숨겼어요. 신고도 처리되었어요." disabled={(record) => record.is_hidden || record.is_missing} />
      <DecisionButton label="복원" path="/api/admin/moderation/restore" done="다시 보이게 했어요." disabled={(record) => !record.is_hidden || record.is_missing} />
      <DecisionButton label="기각" path="/api/admin/reports/dismiss" done="신고를 기각했어요." disabled={(record) => !record.is_open} />
      <AuthorPostingLimit />
    </TopToolbar>
  );
}

function ReportShow() {
  return (
    <Show actions={<Decisions />}>
      <SimpleShowLayout>
        <FunctionField label="대상" render={targetOf} />
        <FunctionField label="상태" render={(record: RaRecord) => `${record.is_open ? '처리 전' : '처리됨'} · ${stateOf(record)}`} />
        <TextField source="excerpt" label="내용" emptyText="(삭제된 항목)" />
        <TextField source="author.nickname" label="작성자" emptyText="—" />
        <TextField source="author.id" label="작성자 회원 번호" emptyText="—" />
        <DateField source="hidden_at" label="숨긴 시각" showTime emptyText="—" />
        <ArrayField source="reports" label="신고">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <DateField source="created_at" label="신고 시각" showTime />
            <TextField source="reporter.nickname" label="신고한 회원" />
            <FunctionField label="사유" render={(report: RaRecord) => <ChipField record={{ id: report.id, name: reasonLabel(report.reason) }} source="name" />} />
            <TextField source="detail" label="자세한 내용" emptyText="—" />
            <DateField source="resolved_at" label="처리 시각" showTime emptyText="처리 전" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

/** 신고: one row per reported item; hiding, restoring and dismissing are audited on the server. */
export const reports: ResourceProps = {
  name: 'reports',
  options: { label: '신고' },
  list: ReportList,
  show: ReportShow,
  // The page's title: 신고 댓글 #783, not the queue's key (comment-783).
  recordRepresentation: targetOf,
};
