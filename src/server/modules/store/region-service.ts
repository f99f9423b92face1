import { and, gte, lte, sql } from 'drizzle-orm';
import type { IsolatedRegionData } from '../../../lib/store.ts';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQuery } from '../../db/prepared.ts';
import { isolatedRegions } from '../../db/schema/index.ts';

/**
 * GET /api/isolated-regions/{postal_code}: whether a five-digit code lies in a 도서산간 range, and
 * what shipping there costs on top. Codes are fixed-width digits, so text order is number order.
 */
// Every order that ships asks it.
const regionQuery = preparedQuery((db) =>
  db
    .select({ region: isolatedRegions.region, extraFee: isolatedRegions.extraFee })
    .from(isolatedRegions)
    .where(and(lte(isolatedRegions.postalCodeFrom, sql.placeholder('code')), gte(isolatedRegions.postalCodeTo, sql.placeholder('code'))))
    .limit(literalLimit(1))
    .prepare('isolated_region'),
);

export async function findIsolatedRegion(db: Db, postalCode: string): Promise<IsolatedRegionData> {
  const [range] = await regionQuery(db).execute({ code: postalCode });
  return range
    ? { postal_code: postalCode, is_isolated: true, region: range.region, extra_fee: range.extraFee }
    : { postal_code: postalCode, is_isolated: false, region: null, extra_fee: 0 };
}
