import { Datagrid, DateField, FunctionField, List, NumberInput, SelectInput, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { MODEL_TYPE_LABELS, auditActionLabel, targetLabel } from '../../../lib/audit-labels.ts';

const MODEL_TYPE_CHOICES = Object.entries(MODEL_TYPE_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <SelectInput key="model_type" source="model_type" label="대상 종류" alwaysOn emptyText="전체" choices={MODEL_TYPE_CHOICES} />,
  <NumberInput key="model_id" source="model_id" label="대상 번호" />,
  <NumberInput key="actor_id" source="actor_id" label="작업자 번호" />,
];

const json = (value: unknown) => (value == null ? '—' : JSON.stringify(value, null, 2));
const actionText = (record: RaRecord) => auditActionLabel(record.action);
const targetText = (record: RaRecord) => targetLabel(record.model_type, record.model_id);

function AuditLogList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="created_at" label="시각" showTime sortable={false} />
        <TextField source="actor_nickname" label="작업자" sortable={false} emptyText="(삭제된 계정)" />
        <FunctionField label="작업" sortable={false} render={actionText} />
        <FunctionField label="대상" sortable={false} render={targetText} />
        <TextField source="request_id" label="요청 ID" sortable={false} />
      </Datagrid>
    </List>
  );
}

function AuditLogShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="created_at" label="시각" showTime />
        <TextField source="actor_nickname" label="작업자" emptyText="(삭제된 계정)" />
        <FunctionField label="작업" render={actionText} />
        <FunctionField label="대상" render={targetText} />
        <TextField source="request_id" label="요청 ID" />
        <TextField source="ip_address" label="IP" />
        <FunctionField label="변경 전" render={(record: RaRecord) => <pre>{json(record.before)}</pre>} />
        <FunctionField label="변경 후" render={(record: RaRecord) => <pre>{json(record.after)}</pre>} />
      </SimpleShowLayout>
    </Show>
  );
}

/** Read-only: the console offers no way to change or delete a row. */
export const auditLogs: ResourceProps = {
  name: 'audit-logs',
  options: { label: '감사 기록' },
  list: AuditLogList,
  show: AuditLogShow,
  // The page's title: 감사 기록 숨김 · 댓글 #783, not the row's own number.
  recordRepresentation: (record: RaRecord) => `${actionText(record)} · ${targetText(record)}`,
};
