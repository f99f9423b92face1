import { z } from 'zod';
import { dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { frontErrorInput } from './schema.ts';

export const frontErrorLogOperations: readonly ApiOperation[] = [
  {
    method: 'POST',
    path: '/api/front-error-logs',
    summary: '브라우저 오류 보고',
    access: 'anyone',
    body: frontErrorInput,
    answers: { 201: dataOf(z.strictObject({ id: z.int(), created_at: z.string() })) },
  },
];
