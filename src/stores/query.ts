import { quietApi } from '../lib/browser-api.ts';
import { createQueryContext } from '../lib/query.ts';

/**
 * The islands' one query context, with the spec's dedupe, focus and retry defaults. Reads go
 * through the quiet client: an island tells a failed read where it was asked, and the loud
 * client would raise an alert at every retry.
 */
export const [createFetcherStore, createMutatorStore, queryUtils] = createQueryContext((url) => quietApi.get(url));
