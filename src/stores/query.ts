import { api } from '../lib/browser-api.ts';
import { createQueryContext } from '../lib/query.ts';

/** The islands' one query context, with the spec's dedupe, focus and retry defaults. */
export const [createFetcherStore, createMutatorStore, queryUtils] = createQueryContext((url) => api.get(url));
