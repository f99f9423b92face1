import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { comments, inquiries } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { legacyRouteOf } from '../../src/server/modules/legacy/map.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { insertNotifications } from '../helpers/notification-factories.ts';
import {
  HOSTILE_SEGMENTS,
  DEEP_BODIES,
  HOSTILE_VALUES,
  fieldNamesOf,
  fillPath,
  hostileJson,
  hostileSegment,
  hostileText,
  pathParams,
} from '../helpers/route-fuzz.ts';
import { createCategory, createPost } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { RequestOptions, TestApp, TestResponse } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

/**
 * Every route the app registers, called with hostile values in each path segment, query value and
 * body field, as a guest and as a member, in JSON, urlencoded and multipart: no answer may be a
 * 5xx. A request is a valid one (every field the API knows, filled in right, as the author of the
 * rows it names) with some values made hostile, so that a hostile value gets past the other
 * fields' checks to the code behind. First a sweep: each field the route reads, alone, with each
 * known kind of hostile value; then fast-check explores mixes of them.
 */

// Random cases per route after the sweep; each one is a request, so this bounds the test's time.
const RUNS = 25;
const PASSWORD = 'Passw0rd!';

// Answer schemas describe what the API sends, not fields it reads.
const serverModules = import.meta.glob(['../../src/server/modules/**/*.ts', '!../../src/server/modules/**/*answer-schema.ts'], { eager: true });

/** Names the routes read from the URL themselves, outside any schema (signed links, OAuth). */
const URL_ONLY = { expires: '1893456000', signature: 'a'.repeat(64), code: 'code', state: 'state', redirect: '/square' };

const testDb = useTestDatabase();

interface Fixture {
  author: { id: number };
  /** Who calls the console's routes: an administrator past the second factor. */
  staff: { id: number };
  ids: Record<string, string>;
  valid: Record<string, unknown>;
}

let testApp: TestApp;
let passwordHash: string;
let fixture: Fixture;

/** Fresh rows for each route, so that a route deleting them leaves the next one its own. */
beforeEach(async () => {
  const { db } = testDb().database;
  testApp ??= createTestApp(db);
  passwordHash ??= await hashPassword(PASSWORD);
  const author = await createMember(db, { passwordHash });
  const category = await createCategory(db);
  const post = await createPost(db, author, category);
  const [comment] = await db
    .insert(comments)
    .values({ modelType: 'square_post', modelId: post.id, userId: author.id, content: '좋은 글이에요' })
    .returning();
  const [inquiry] = await db
    .insert(inquiries)
    .values({ userId: author.id, inquiryCategoryId: 1, title: '배송 문의', content: '언제 오나요?' })
    .returning();
  const [notification] = await insertNotifications(db, author.id, 1);
  const staff = await createMember(db, { role: 'admin', totpSecret: 'sealed', totpEnabledAt: new Date() });
  fixture = {
    author,
    staff,
    ids: {
      id: String(post.id),
      userId: String(author.id),
      attachmentId: '1',
      hash: 'a'.repeat(40),
      provider: 'kakao',
      slug: 'about',
      name: 'store',
      '*': 'images/2026/11/1-x.webp',
      postal_code: '63100',
    },
    valid: {
      ...URL_ONLY,
      agree_marketing: false,
      agree_privacy: true,
      agree_terms: true,
      category: category.slug,
      category_id: undefined,
      faq_category_id: undefined,
      check_in_text_id: undefined,
      checked_in_at: new Date().toISOString(),
      content: '<p>오늘도 물 한 잔 마시고 걸었어요.</p>',
      context: { page: '/square' },
      country_code: '82',
      cursor: undefined,
      detail: '광고 링크가 반복돼요',
      email: author.email,
      files: undefined,
      ids: [],
      image: undefined,
      images: undefined,
      inquiry_category_id: 1,
      introduction: '천천히 꾸준히',
      is_anonymous: false,
      is_notice: false,
      is_only_image: false,
      is_public: false,
      items: [{ ritual_session_id: 1 }],
      keep_attachment_ids: [],
      message: 'TypeError: undefined is not a function',
      model_id: post.id,
      model_type: 'square_post',
      month: 12,
      nickname: '새벽걷기',
      page: 1,
      parent_id: comment!.id,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      per_page: 10,
      phone: '01012345678',
      product_id: 1,
      product_option_id: undefined,
      profile_image: undefined,
      q: '명상',
      quantity: 1,
      reaction_type: 'like',
      reason: '잠시 쉬어 가려고요',
      ritualSessionId: undefined,
      ritual_session_title_id: 1,
      remember: false,
      remove_password: false,
      sort: 'newest',
      reviewable_id: 1,
      reviewable_type: 'ritual',
      shares_progress: true,
      square_post_category_id: category.id,
      square_post_id: post.id,
      stack: 'at main (app.js:1:1)',
      tab: 'check',
      theme_id: undefined,
      title: '오늘의 기록',
      token: 'a'.repeat(43),
      type: 'header_text_banner',
      url: 'http://localhost:4321/square',
      user_agent: 'fuzz',
      username: 'dawn_walker',
      verification_code: '123456',
      year: 2026,
      // The checkout's: an order is placed from the cart (none here, so it answers 422) and confirmed.
      address: '서울 중구 세종대로 110',
      address_detail: '3층',
      amount: 15_000,
      cart_item_ids: [1],
      coupon_user_id: undefined,
      from_temp_cart: false,
      memo: '문 앞에 두세요',
      order_id: '1',
      payment_key: 'test_ok_fuzz',
      postal_code: '04524',
      recipient_name: '김리추',
      recipient_phone: '01012345678',
      // A review names a line of the member's order (none here, so it answers 422).
      order_item_id: 1,
      rating: 5,
      photo_image: undefined,
      // The console's.
      body_html: '<p>새 시즌 안내</p>',
      is_pinned: false,
      published_at: '2026-12-01T00:00:00.000Z',
      order: 'desc',
      actor_id: undefined,
      summary: '잠자리에 숲 향을 더해요',
      description_html: '<p>편백 칩을 넣은 커버예요.</p>',
      price: 32_000,
      sale_price: 28_000,
      stock: 5,
      status: 'on_sale',
      shipping_fee: 3000,
      free_shipping_over: 50_000,
      name: '라지',
      extra_price: 0,
      sort_order: 0,
      alt: '초록색 베개 커버',
      region: '가상 섬',
      postal_code_from: '99990',
      postal_code_to: '99999',
      extra_fee: 5000,
      // The console's orders and coupons.
      shipping_carrier: 'CJ대한통운',
      tracking_number: '612345678901',
      user_ids: [],
      emails: [],
      // The console's inquiry answer.
      answer: '확인해 보니 내일 출고돼요.',
      // Push subscriptions, notification settings and reminders.
      endpoint: 'https://push.example.com/send/fuzz',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      push: true,
      email_digest: false,
      muted_ritual_session_ids: [],
      enabled: true,
      time: '08:00',
      channels: ['push'],
      // The console's square categories.
      write_scope: 'member',
      allows_anonymous: false,
      is_active: true,
    },
  };
  // Routes name these ids by other names too.
  fixture.ids['notification'] = String(notification);
  fixture.ids['inquiry'] = String(inquiry!.id);
  fixture.ids['comment'] = String(comment!.id);
});

interface Route {
  method: string;
  path: string;
  /** The /api route a legacy /v1 path reaches. */
  counterpart?: string;
}

interface Call {
  member: boolean;
  segments?: Record<string, string | null>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  encoding?: 'json' | 'form' | 'multipart';
  ip?: string;
  /** The body as given, without the fixture's valid fields: an empty update, or unknown fields only. */
  bare?: boolean;
  /** JSON text sent as it is. */
  rawJson?: string;
}

/** The fixture's id for a path parameter: the route's own kind of row where the name says which. */
function realId(route: Route, name: string): string {
  const path = route.counterpart ?? route.path;
  if (name === 'id' && path.startsWith('/api/notifications')) return fixture.ids['notification']!;
  if (name === 'id' && path.startsWith('/api/inquiries')) return fixture.ids['inquiry']!;
  if (name === 'id' && path.startsWith('/api/comments')) return fixture.ids['comment']!;
  return fixture.ids[name] ?? fixture.ids['id']!;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function optionsFor(route: Route, call: Call): RequestOptions {
  if (route.method === 'GET') return {};
  if (call.rawJson !== undefined) return { body: call.rawJson, headers: { 'Content-Type': 'application/json' } };
  const defined = Object.entries(call.bare ? (call.body ?? {}) : { ...fixture.valid, ...call.body }).filter(([, value]) => value !== undefined);
  const encoding = call.encoding ?? 'json';
  if (encoding === 'json') return { json: Object.fromEntries(defined) };
  if (encoding === 'form') return { form: Object.fromEntries(defined.map(([name, value]) => [name, asText(value)])) };
  const multipart = new FormData();
  for (const [name, value] of defined) multipart.append(Array.isArray(value) ? `${name}[]` : name, asText(value));
  multipart.append('images[]', new File([new Uint8Array([0xff, 0xd8, 0x00, 0x01])], 'x\u0000.jpg', { type: 'image/jpeg' }));
  return { multipart };
}

/** One request as a guest or as the author of the fixture's rows (on a session of its own). */
async function send(route: Route, call: Call): Promise<TestResponse> {
  const client = testApp.client({ ip: call.ip ?? `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (call.member) {
    const forConsole = route.path.startsWith('/api/admin/');
    const { token } = await createSession(
      testDb().database.db,
      forConsole ? { userId: fixture.staff.id, data: { second_factor_at: new Date().toISOString() } } : { userId: fixture.author.id },
      { lifetimeMinutes: 60, rememberDays: 1 },
    );
    client.cookies.set('session', token);
  }
  const path = fillPath(route.path, (name) => call.segments?.[name] ?? realId(route, name));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...fixture.valid, ...call.query })) {
    if (value !== undefined && typeof value !== 'object') query.set(name, asText(value));
  }
  return client.request(route.method, `${path}?${query.toString()}`, optionsFor(route, call));
}

function expectNoServerError(res: TestResponse, what: string): void {
  if (res.status >= 500) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) expect(typeof res.body?.message, what).toBe('string');
}

/**
 * The fields a route reads: a value of the wrong type in every field makes each of its schemas
 * name its fields in the 422 (objects for the body, overlong text for the query).
 */
async function fieldsRead(route: Route): Promise<string[]> {
  const wrong = Object.fromEntries(Object.keys(fixture.valid).map((name) => [name, { wrong: true }]));
  const overlong = Object.fromEntries(Object.keys(fixture.valid).map((name) => [name, 'x'.repeat(5000)]));
  const found = new Set<string>();
  for (const call of [{ member: true, body: wrong }, { member: true, query: overlong }]) {
    const res = await send(route, call);
    for (const name of Object.keys(res.body?.errors ?? {})) found.add(name.split('.')[0]!);
  }
  return [...found].filter((name) => name in fixture.valid);
}

/** Bodies that change nothing, and bodies no schema reads: an update answers them without a 5xx. */
const UPDATE_BODIES: { what: string; body: Record<string, unknown> }[] = [
  { what: 'an empty body', body: {} },
  { what: 'unknown fields only', body: { unknown_field: '값', another: 1, nested: { a: [1, 2] } } },
];

const { app } = createTestApp(undefined as never);
const apiRoutes: Route[] = [
  ...new Map(app.routes.filter((route) => route.method !== 'ALL').map((route) => [`${route.method} ${route.path}`, route])).values(),
];
// The legacy /v1 paths are no routes of their own: each is fuzzed beside the route it reaches.
const routes: Route[] = apiRoutes.flatMap((route) => {
  const legacy = legacyRouteOf(route.path);
  return legacy ? [route, { method: route.method, path: legacy, counterpart: route.path }] : [route];
});

describe('route fuzz: no input answers 5xx', () => {
  it('knows a valid value for every field of every schema, so each can be made hostile alone', () => {
    const names = [...fieldNamesOf(serverModules)];
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => !(name in fixture.valid))).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_, route) => {
    const fields = await fieldsRead(route);
    const member = route.path !== '/api/me' || route.method !== 'DELETE';
    if (route.counterpart) expect((await send(route, { member })).headers.get('deprecation'), `reaches ${route.counterpart}`).not.toBeNull();
    if (route.method !== 'GET') {
      for (const { what, body } of UPDATE_BODIES) {
        for (const encoding of ['json', 'form', 'multipart'] as const) {
          expectNoServerError(await send(route, { member, body, bare: true, encoding }), `${what} (${encoding})`);
        }
      }
      for (const [what, body] of Object.entries(DEEP_BODIES)) {
        const res = await send(route, { member, rawJson: body });
        expectNoServerError(res, what);
        expect(res.status, what).toBe(422);
      }
    }
    for (const name of pathParams(route.path)) {
      for (const segment of HOSTILE_SEGMENTS) {
        expectNoServerError(await send(route, { member, segments: { [name]: segment } }), `${name}=${segment.slice(0, 40)}`);
      }
    }
    for (const name of route.method === 'GET' ? [...fields, ...Object.keys(URL_ONLY)] : fields) {
      for (const value of HOSTILE_VALUES) {
        const call = route.method === 'GET' ? { member, query: { [name]: asText(value) } } : { member, body: { [name]: value } };
        expectNoServerError(await send(route, call), `${name}=${asText(value).slice(0, 40)}`);
      }
    }
    const pick = <T>(value: fc.Arbitrary<T>) =>
      fc.dictionary(fc.constantFrom(...(fields.length > 0 ? fields : Object.keys(fixture.valid))), value, { maxKeys: 3 });
    const params = pathParams(route.path);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          member: fc.boolean(),
          // null: the fixture's real id.
          segments: fc.record(Object.fromEntries(params.map((name) => [name, fc.option(hostileSegment, { freq: 2 })]))),
          query: pick(hostileText),
          body: pick(hostileJson),
          encoding: fc.constantFrom('json' as const, 'form' as const, 'multipart' as const),
          ip: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.9.${a}.${b}`),
        }),
        async (call) => expectNoServerError(await send(route, call), JSON.stringify(call).slice(0, 500)),
      ),
      { numRuns: RUNS },
    );
    // The database's own refusals are answered 422 too, but each is a check the edge is missing.
    expect(testApp.logs.filter((line) => line.msg === 'the database refused a value that validation let through')).toEqual([]);
  });
});
