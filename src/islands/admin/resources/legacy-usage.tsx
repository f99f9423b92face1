import { Datagrid, DateField, List, NumberField, TextField } from 'react-admin';
import type { ResourceProps } from 'react-admin';

/** The newest call first: a row that stops moving up is a client that has moved on. */
function LegacyUsageList() {
  return (
    <List title="옛 API(/v1) 사용 현황" exporter={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="path" label="옛 경로" sortable={false} />
        <TextField source="successor" label="새 경로" sortable={false} emptyText="—" />
        <NumberField source="calls_today" label="오늘" sortable={false} />
        <NumberField source="calls_last_30_days" label="최근 30일" sortable={false} />
        <NumberField source="calls_total" label="전체" sortable={false} />
        <TextField source="last_day" label="마지막 호출일" sortable={false} />
        <DateField source="last_called_at" label="마지막 호출 시각" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}

/** Read-only: the counts are written by the legacy calls themselves. */
export const legacyUsage: ResourceProps = {
  name: 'legacy-usage',
  options: { label: '옛 API 사용' },
  list: LegacyUsageList,
};
