// Buying, as members do it: the temp cart (바로 구매), POST /api/orders, then the confirm the
// payment widget's success page sends, charged through the Toss adapter against a local server
// speaking Toss's API (tests/helpers/toss-server.ts), so no outside host is reached. Each
// connection is one member with one product in stock by the hundred thousand. Afterwards the
// product's stock must account for exactly the orders the run saw paid.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { benchSessionCookie } from './bench-session.ts';
import type { MeasuredResult } from './load.ts';
import type { MemorySampler } from './memory.ts';

export const ORDER_FLOW = 'POST /api/orders + confirm (paid orders/s)';
export const ORDER_MEMBERS = 50;
/** Paid orders before the run: a year of about 50 a day. */
const HISTORY_ORDERS = 18_000;
const STOCK = 500_000;
const WARMUP_SECONDS = 2;
const REQUEST_TIMEOUT_MS = 15_000;
const HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '' };

export interface OrderBenchData {
  productId: number;
  stockBefore: number;
  /** One session cookie per member; kept out of results.json. */
  cookies: string[];
}

/** A measured target whose rate is paid orders a second, with the stock check. */
export interface OrderFlowResult extends MeasuredResult {
  /** Orders paid during the warm-up and the run: what the stock must have lost. */
  paidOrders: number;
  /** Units the stock lost minus units the run saw paid: 0 when nothing was lost or sold twice; null when unread. */
  stockDifference: number | null;
}

/**
 * A shop that has sold for a while: a year of paid orders of the product, each with its line and
 * payment, then ANALYZE, as autovacuum would have run on tables that grew over that year. Without
 * it the tables were analyzed empty with the rest of the bench's data, and planned as empty while
 * the flow filled them (the database's share of an order 1.5 times as large, measured): a state
 * no deployment stays in (src/server/db/upkeep.ts keeps the embedded database's statistics).
 */
async function fillOrderHistory(db: Db, productId: number): Promise<void> {
  await db.execute(sql`
    with buyers as (select array_agg(id order by id) as ids from users where email like 'orderbench%@example.com'),
    made as (
      insert into orders (order_number, user_id, status, title, items_amount, shipping_fee, amount, recipient_name, recipient_phone,
                          postal_code, address, address_detail, memo, paid_at, created_at, updated_at)
      select 'ORD-HISTORY-' || g, buyers.ids[1 + g % ${ORDER_MEMBERS}], 'paid', '벤치 아로마 오일', 18000, 3000, 21000, '김리추', '010-1234-5678',
             '04524', '서울 중구 세종대로 110', '3층', '', now() - g * interval '30 minutes', now() - g * interval '30 minutes', now() - g * interval '30 minutes'
      from generate_series(1, ${HISTORY_ORDERS}) g, buyers
      returning id, order_number, created_at
    ),
    lines as (
      insert into order_items (order_id, product_id, kind, name, unit_price, quantity, line_amount, status, created_at, updated_at)
      select id, ${productId}, 'product', '벤치 아로마 오일', 18000, 1, 18000, 'paid', created_at, created_at from made
    )
    insert into payments (order_id, provider, payment_key, idempotency_key, amount, status, raw, created_at, updated_at)
    select id, 'toss', 'history_' || order_number, order_number, 21000, 'confirmed', '{}'::jsonb, created_at, created_at from made`);
  await db.execute(sql`analyze orders, order_items, payments`);
}

export async function fillOrderMembers(dataDir: string): Promise<OrderBenchData> {
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 600_000 });
  try {
    const { db } = database;
    const [product] = await queryRows<{ id: number }>(
      db,
      sql`insert into products (title, summary, description_html, price, sale_price, stock, shipping_fee, free_shipping_over)
          values ('벤치 아로마 오일', '주문 벤치에서 팔리는 상품', '<p>주문 벤치용 상품이에요.</p>', 20000, 18000, ${STOCK}, 3000, 30000)
          returning id`,
    );
    await db.execute(sql`
      insert into users (email, nickname, username, email_verified_at, agreed_terms_at, agreed_privacy_at)
      select 'orderbench' || g || '@example.com', '주문회원' || g, 'orderbench' || g, now(), now(), now()
      from generate_series(1, ${ORDER_MEMBERS}) g`);
    await fillOrderHistory(db, product!.id);
    const members = await queryRows<{ id: number }>(db, sql`select id from users where email like 'orderbench%@example.com' order by id`);
    const cookies = [];
    for (const member of members) cookies.push(await benchSessionCookie(db, member.id));
    return { productId: product!.id, stockBefore: STOCK, cookies };
  } finally {
    await database.close();
  }
}

interface Call {
  status: number;
  body: { data?: Record<string, unknown> } | null;
}

async function call(baseUrl: string, path: string, headers: Record<string, string>, json?: unknown): Promise<Call> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers,
    body: json === undefined ? null : JSON.stringify(json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Call['body']) : null };
}

/** The member's headers for writes: the session, and the request-forgery token asked for once as the client does. */
async function writerHeaders(baseUrl: string, cookie: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/csrf-token`, { headers: { ...HEADERS, Cookie: cookie } });
  await response.arrayBuffer();
  const line = response.headers.getSetCookie().find((value) => value.startsWith('XSRF-TOKEN='));
  const token = line ? decodeURIComponent(line.slice('XSRF-TOKEN='.length).split(';')[0]!) : null;
  if (!token) throw new Error(`GET /csrf-token answered ${response.status} without XSRF-TOKEN`);
  return { ...HEADERS, Cookie: `${cookie}; XSRF-TOKEN=${encodeURIComponent(token)}`, 'X-XSRF-TOKEN': token };
}

const percentile = (sorted: number[], fraction: number): number =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! * 10) / 10;

/** One member buying one unit again and again until `until`; counts paid orders from `recordFrom`. */
async function buyLoop(baseUrl: string, data: OrderBenchData, headers: Record<string, string>, recordFrom: number, until: number, tally: Tally): Promise<void> {
  let run = 0;
  while (performance.now() < until) {
    run += 1;
    const started = performance.now();
    try {
      const steps: Array<() => Promise<Call>> = [
        () => call(baseUrl, '/api/temp-cart-items', headers, { items: [{ product_id: data.productId, quantity: 1 }] }),
        () => call(baseUrl, '/api/orders', headers, { from_temp_cart: true, ...ADDRESS }),
      ];
      const answers: Call[] = [];
      for (const step of steps) answers.push(await step());
      const order = answers[1]!.body?.data as { order_number?: string; amount?: number } | undefined;
      if (order?.order_number) {
        const paymentKey = `bench_${order.order_number}_${run}`;
        answers.push(await call(baseUrl, '/api/orders/confirm', headers, { order_id: order.order_number, payment_key: paymentKey, amount: order.amount }));
      }
      const confirmed = answers.length === 3 && answers[2]!.status === 200;
      if (confirmed) tally.paidUnits += 1;
      if (started < recordFrom) continue;
      for (const answer of answers) tally.statusCodes[answer.status] = (tally.statusCodes[answer.status] ?? 0) + 1;
      if (confirmed) {
        tally.recordedPaid += 1;
        tally.latencies.push(performance.now() - started);
      }
    } catch {
      tally.errors += 1;
    }
  }
}

interface Tally {
  paidUnits: number;
  recordedPaid: number;
  latencies: number[];
  statusCodes: Record<string, number>;
  errors: number;
}

async function stockOf(baseUrl: string, productId: number): Promise<number | null> {
  const answer = await call(baseUrl, `/api/products/${productId}`, { Accept: 'application/json' });
  const stock = (answer.body?.data as { stock?: unknown } | undefined)?.stock;
  return answer.status === 200 && typeof stock === 'number' ? stock : null;
}

/** `connections` members buy at once for a warm-up and `seconds`; then the stock is checked against what was paid. */
export async function runOrderFlow(
  baseUrl: string,
  data: OrderBenchData,
  seconds: number,
  connections: number,
  sampler: MemorySampler,
): Promise<OrderFlowResult> {
  const members = data.cookies.slice(0, Math.min(connections, data.cookies.length));
  console.log(`${ORDER_FLOW}: warm-up ${WARMUP_SECONDS} s, then ${seconds} s with ${members.length} members buying at once…`);
  const headers = await Promise.all(members.map((cookie) => writerHeaders(baseUrl, cookie)));
  sampler.takePhasePeakMb();
  const before = await stockOf(baseUrl, data.productId);
  const tally: Tally = { paidUnits: 0, recordedPaid: 0, latencies: [], statusCodes: {}, errors: 0 };
  const recordFrom = performance.now() + WARMUP_SECONDS * 1000;
  const until = recordFrom + seconds * 1000;
  await Promise.all(headers.map((memberHeaders) => buyLoop(baseUrl, data, memberHeaders, recordFrom, until, tally)));
  const after = await stockOf(baseUrl, data.productId);
  const latencies = tally.latencies.sort((a, b) => a - b);
  const stockDifference = before !== null && after !== null ? before - after - tally.paidUnits : null;
  const counts = Object.entries(tally.statusCodes);
  const non2xx = counts.reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);
  return {
    target: ORDER_FLOW,
    path: '/api/temp-cart-items, /api/orders, /api/orders/confirm',
    requestsPerSecond: Math.round((tally.recordedPaid / seconds) * 10) / 10,
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP99Ms: percentile(latencies, 0.99),
    totalRequests: counts.reduce((sum, [, count]) => sum + count, 0),
    non2xx,
    errors: tally.errors,
    timeouts: 0,
    statusCodes: tally.statusCodes,
    peakRssMb: sampler.takePhasePeakMb(),
    flagged: non2xx > 0 || tally.errors > 0 || stockDifference !== 0,
    paidOrders: tally.paidUnits,
    stockDifference,
  };
}
