import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isApiError } from '../../src/lib/api-client.ts';
import { fetchReportingUpload } from '../../src/lib/api/fetch-reporting-upload.ts';

interface Answer {
  status: number;
  body: string;
  headers?: string;
}

/** XMLHttpRequest as the browser has it, reduced to what the fetch uses; it answers from a script. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: (request: FakeXhr) => Answer | 'network-error' = () => ({ status: 200, body: '{}' });

  method = '';
  url = '';
  withCredentials = false;
  headers = new Map<string, string>();
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaderText = '';
  private listeners = new Map<string, (() => void)[]>();
  readonly upload = {
    listeners: [] as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
    addEventListener(_type: 'progress', listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void) {
      this.listeners.push(listener);
    },
  };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  getAllResponseHeaders() {
    return this.responseHeaderText;
  }

  abort() {
    for (const listener of this.listeners.get('abort') ?? []) listener();
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    queueMicrotask(() => {
      const answer = FakeXhr.answer(this);
      if (answer === 'network-error') {
        for (const listener of this.listeners.get('error') ?? []) listener();
        return;
      }
      for (const loaded of [0, 500, 1000]) for (const listener of this.upload.listeners) listener({ lengthComputable: true, loaded, total: 1000 });
      this.status = answer.status;
      this.responseText = answer.body;
      this.responseHeaderText = answer.headers ?? 'content-type: application/json\r\n';
      for (const listener of this.listeners.get('load') ?? []) listener();
    });
  }
}

const client = (onProgress: (sent: number, total: number) => void) =>
  createApiClient({ baseURL: 'http://site.test', fetch: fetchReportingUpload(onProgress), readCookie: () => 'token%3D1', alert: () => {}, goBack: () => {} });

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('the API client over XMLHttpRequest', () => {
  it('sends the form as it is, with the session and the token, reports the upload and reads the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = () => ({ status: 201, body: '{"data":{"url":"/uploads/a.webp","width":2048,"height":1536}}' });
    const progress: [number, number][] = [];
    const body = new FormData();
    body.append('image', new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' }));

    const answer = await client((sent, total) => progress.push([sent, total])).post<{ data: { width: number } }>('/api/image-upload', body);

    expect(answer.data.width).toBe(2048);
    expect(progress).toEqual([
      [0, 1000],
      [500, 1000],
      [1000, 1000],
    ]);
    const [request] = FakeXhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://site.test/api/image-upload');
    expect(request?.withCredentials).toBe(true);
    expect(request?.headers.get('x-xsrf-token')).toBe('token=1');
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(request?.body).toBeInstanceOf(FormData);
    expect((request?.body as FormData).get('image')).toBeInstanceOf(File);
  });

  it("turns the server's refusal into the API's error, with its Korean messages", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = () => ({ status: 422, body: '{"message":"invalid","errors":{"image":["JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요."]}}' });
    const failure = await client(() => {})
      .post('/api/image-upload', new FormData())
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(422);
    expect(isApiError(failure) && failure.errors).toEqual({ image: ['JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.'] });
  });

  it('answers a lost connection as no answer at all (status 0), as fetch would', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = () => 'network-error';
    const failure = await client(() => {})
      .post('/api/image-upload', new FormData())
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(0);
  });

  it('takes an answer without a body (204)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = () => ({ status: 204, body: '', headers: '' });
    await expect(client(() => {}).del('/api/x')).resolves.toBeUndefined();
  });
});
