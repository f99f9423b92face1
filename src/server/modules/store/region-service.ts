import { and, gte, lte } from 'drizzle-orm';
import type { IsolatedRegionData } from '../../../lib/store.ts';
import type { Db } from '../../db/client.ts';
import { isolatedRegions } from '../../db/schema/index.ts';

/**
 * GET /api/isolated-regions/{postal_code}: whether a five-digit code lies in a 도서산간 range, and
 * what shipping there costs on top. Codes are fixed-width digits, so text order is number order.
 */
export async function findIsolatedRegion(db: Db, postalCode: string): Promise<IsolatedRegionData> {
  const [range] = await db
    .select({ region: isolatedRegions.region, extraFee: isolatedRegions.extraFee })
    .from(isolatedRegions)
    .where(and(lte(isolatedRegions.postalCodeFrom, postalCode), gte(isolatedRegions.postalCodeTo, postalCode)))
    .limit(1);
  return range
    ? { postal_code: postalCode, is_isolated: true, region: range.region, extra_fee: range.extraFee }
    : { postal_code: postalCode, is_isolated: false, region: null, extra_fee: 0 };
}
