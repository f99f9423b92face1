import { z } from 'zod';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { programEventAnswer } from './answer-schema.ts';
import { programEventsQuery } from './schema.ts';

export const programOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/program-events',
    summary: '한 달(서울)의 원데이 프로그램 일정',
    access: 'anyone',
    query: programEventsQuery,
    answers: { 200: z.strictObject({ data: z.array(programEventAnswer), meta: z.strictObject({ year: z.int(), month: z.int().min(1).max(12) }) }) },
  },
];
