import type { reportInput } from '../../server/modules/reports/schema.ts';
import type { Body } from './body.ts';
import { clientFor } from './clients.ts';

/** `handles`: the statuses the report form tells itself. */
export const sendReport = (input: Body<typeof reportInput>, handles: readonly number[]): Promise<unknown> =>
  clientFor().post('/api/reports', { ...input }, { handles });
