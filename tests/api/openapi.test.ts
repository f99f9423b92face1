import { describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/server/http/openapi/operation.ts';
import { API_OPERATIONS } from '../../src/server/modules/openapi/operations.ts';
import { answerChecker } from '../helpers/answer-contract.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { deprecated?: boolean; description?: string; responses: Record<string, unknown> }>>;
}

/** Every method and path the app routes under /api, as the document spells them. */
function registeredRoutes(): Set<string> {
  const { app } = createTestApp(undefined as never);
  return new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${openApiPath(route.path)}`),
  );
}

async function fetchDocument(): Promise<Document> {
  const res = await createTestApp(testDb().database.db).client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.body as Document;
}

describe('GET /api/openapi.json', () => {
  it('describes every /api route the app registers, and no other', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const described = new Set(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/'))
        .flatMap(([path, item]) => Object.keys(item).filter((key) => METHODS.includes(key)).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    const routes = registeredRoutes();
    expect([...routes].filter((route) => !described.has(route)), 'routes missing from the document').toEqual([]);
    expect([...described].filter((route) => !routes.has(route)), 'operations with no route').toEqual([]);
    const keys = Object.values(API_OPERATIONS).flat().map((operation) => `${operation.method} ${operation.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index), 'operations described twice').toEqual([]);
  });

  it('lists each legacy /v1 path as a deprecated operation that names its /api counterpart', async () => {
    const document = await fetchDocument();
    const legacy = Object.entries(document.paths).filter(([path]) => path.startsWith('/v1/'));
    expect(legacy.map(([path]) => path)).toEqual(expect.arrayContaining(['/v1/badges', '/v1/rooms/{id}/posts', '/v1/payments/confirm', '/v1/square/posts/{id}']));
    for (const [path, item] of legacy) {
      for (const operation of Object.values(item)) {
        expect(operation.deprecated, path).toBe(true);
        expect(operation.description, path).toMatch(/use (GET|POST|PUT|PATCH|DELETE) \/api\//);
      }
    }
    expect(document.paths['/v1/payments/confirm']?.['post']?.description).toContain('/api/orders/confirm');
  });

  it('gives the error envelopes of API-CONVENTIONS.md: 422 with field errors, 401 for a member route', async () => {
    const { paths } = await fetchDocument();
    const create = paths['/api/square-posts']!['post']!;
    const schemaOf = (status: string) => (create.responses[status] as { content: { 'application/json': { schema: Record<string, unknown> } } }).content['application/json'].schema;
    expect(schemaOf('422')).toMatchObject({ required: ['message', 'errors'], properties: { errors: { type: 'object' } } });
    expect(schemaOf('401')).toMatchObject({ required: ['message'] });
    expect(Object.keys(paths['/api/badges']!['get']!.responses)).not.toContain('401');
  });

  it('makes the tests fail on an answer its description does not allow', () => {
    const check = answerChecker(createTestApp(undefined as never).app);
    const json = new Headers({ 'content-type': 'application/json' });
    const answer = (status: number, body: unknown) => ({ status, headers: json, body, text: JSON.stringify(body) });
    expect(() => check('GET', '/api/badges', answer(200, { data: [] }))).not.toThrow();
    expect(() => check('GET', '/api/badges', answer(201, { data: [] }))).toThrow(/status its API description does not list/);
    expect(() => check('GET', '/api/badges', answer(200, { data: {} }))).toThrow(/not as its API description says/);
    expect(() => check('POST', '/api/comments/1/like', answer(200, { data: { liked: true, likes_count: 1, extra: 1 } }))).toThrow(/extra/);
    expect(() => check('GET', '/v1/badges', answer(422, { message: '잘못된 값' }))).toThrow(/errors/);
    expect(() => check('DELETE', '/api/comments/1', answer(204, { data: null }))).toThrow(/JSON body where its API description has none/);
  });
});
