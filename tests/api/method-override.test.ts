import { describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { bodyOf } from '../../src/server/http/context.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

/** Echo routes for each method, the way later domains will register PUT and DELETE routes. */
function echoRoutes(app: App) {
  for (const method of ['post', 'put', 'patch', 'delete'] as const) {
    app[method]('/api/echo', (c) => {
      const body = bodyOf(c);
      const files = Object.fromEntries(
        Object.entries(body.files).map(([name, list]) => [name, list.map((f) => `${f.name}:${f.size}`)]),
      );
      return c.json({ method: c.req.method, kind: body.kind, fields: body.fields, files });
    });
  }
}

describe('_method override', () => {
  const client = () => createTestApp(testDb().database.db, {}, echoRoutes).client();

  it('routes a multipart POST with _method=DELETE as DELETE, files and fields intact', async () => {
    const form = new FormData();
    form.append('_method', 'DELETE');
    form.append('reason', '더 이상 사용하지 않아요');
    form.append('images[]', new File(['a'.repeat(10)], 'one.png', { type: 'image/png' }));
    form.append('images[]', new File(['b'.repeat(20)], 'two.png', { type: 'image/png' }));
    const res = await client().post('/api/echo', { multipart: form });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      method: 'DELETE',
      kind: 'multipart',
      fields: { reason: '더 이상 사용하지 않아요' },
      files: { images: ['one.png:10', 'two.png:20'] },
    });
  });

  it('reads a multipart body whose boundary has capitals, as browsers send it', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEfGh12345678';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="_method"',
      '',
      'PUT',
      `--${boundary}`,
      'Content-Disposition: form-data; name="nickname"',
      '',
      '새벽별',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await client().post('/api/echo', {
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'PUT', kind: 'multipart', fields: { nickname: '새벽별' } });
  });

  it('routes JSON and urlencoded bodies with _method=PUT or patch (any case)', async () => {
    const json = await client().post('/api/echo', { json: { _method: 'PUT', nickname: '새벽' } });
    expect(json.body).toMatchObject({ method: 'PUT', kind: 'json', fields: { nickname: '새벽' } });
    const form = await client().post('/api/echo', { form: { _method: 'patch', 'ids[]': '1' } });
    expect(form.body).toMatchObject({ method: 'PATCH', kind: 'form', fields: { ids: ['1'] } });
  });

  it('accepts a real DELETE, and leaves a POST without _method a POST', async () => {
    expect((await client().request('DELETE', '/api/echo')).body.method).toBe('DELETE');
    expect((await client().post('/api/echo', { json: { a: 1 } })).body).toMatchObject({ method: 'POST', fields: { a: 1 } });
  });

  it('answers 422 to an unknown _method, naming the field, and logs it', async () => {
    const { client: make, logs } = createTestApp(testDb().database.db, {}, echoRoutes);
    for (const value of ['GET', 'TRACE', 'CONNECT', 'DROP TABLE users']) {
      const res = await make().post('/api/echo', { form: { _method: value } });
      expect(res.status).toBe(422);
      expect(res.body.errors._method[0]).toContain('PUT, PATCH, DELETE');
    }
    expect(logs.filter((l) => l.status === 422 && String(l.reason).includes('_method'))).toHaveLength(4);
  });

  it('routes by the override, so a path without a DELETE route answers 404', async () => {
    const res = await createTestApp(testDb().database.db)
      .client()
      .post('/api/front-error-logs', { json: { _method: 'DELETE', message: 'x' } });
    expect(res.status).toBe(404);
  });
});
