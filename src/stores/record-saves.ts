import { api } from '../lib/browser-api.ts';
import { createMutatorStore } from './query.ts';

/** 저장 of an off-the-record record, toggled on the server, which answers whether it is saved now. */
export const $toggleRecordSave = createMutatorStore<number, boolean>(async ({ data: recordId }) => {
  const { data } = await api.post<{ data: { saved: boolean } }>(`/api/off-the-records/${recordId}/toggle-save`);
  return data.saved;
});
