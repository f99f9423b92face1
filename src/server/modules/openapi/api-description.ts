import { z } from 'zod';
import type { ApiOperation } from '../../http/openapi/operation.ts';

export const openApiOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: '이 API의 OpenAPI 3.1 문서',
    access: 'anyone',
    answers: { 200: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({}), paths: z.record(z.string(), z.looseObject({})) }) },
  },
];
