import { z } from 'zod';
import { looseRecord } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { programEventsQuery } from './schema.ts';

export const programOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/program-events',
    summary: '한 달(서울)의 원데이 프로그램 일정',
    access: 'anyone',
    query: programEventsQuery,
    answers: { 200: z.strictObject({ data: z.array(looseRecord), meta: z.strictObject({ year: z.int(), month: z.int() }) }) },
  },
];
