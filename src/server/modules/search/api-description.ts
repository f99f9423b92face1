import { dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { searchResultsAnswer } from './answer-schema.ts';
import { searchQuery } from './schema.ts';

export const searchOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/explorer-search', summary: '탐색 검색', access: 'anyone', query: searchQuery, answers: { 200: dataOf(searchResultsAnswer) } },
];
