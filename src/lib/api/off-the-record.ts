import type { Answer } from './body.ts';
import { clientFor } from './clients.ts';

/** Whether the record is saved now. */
export async function toggleRecordSave(recordId: number): Promise<boolean> {
  const { data } = await clientFor().post<Answer<{ saved: boolean }>>(`/api/off-the-records/${recordId}/toggle-save`);
  return data.saved;
}
