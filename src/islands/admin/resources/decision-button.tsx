import { useState } from 'react';
import Button from '@mui/material/Button';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { RaRecord } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';

/** One of the decisions on the item: posts `{model_type, model_id}`, then says so and reloads. */
export function DecisionButton({ label, path, done, disabled }: { label: string; path: string; done: string; disabled?: (record: RaRecord) => boolean }) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const decide = async () => {
    setBusy(true);
    try {
      await quietApi.post(path, { model_type: record.model_type, model_id: record.model_id });
      notify(done, { type: 'success' });
      refresh();
    } catch (failure) {
      notify(toApiError(failure).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  // MUI's button, not react-admin's: on a phone react-admin's shows only an icon, and these have none.
  return (
    <Button size="small" onClick={decide} disabled={busy || (disabled?.(record) ?? false)}>
      {label}
    </Button>
  );
}
