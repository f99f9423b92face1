import { ofetch } from 'ofetch';
import type { FetchOptions } from 'ofetch';
import { toApiError } from './api-errors.ts';
import type { ApiError } from './api-errors.ts';

export { ApiError, isApiError, validationMessages, NETWORK_ERROR_STATUS } from './api-errors.ts';
export type { ValidationErrors } from './api-errors.ts';

export const FORBIDDEN_MESSAGE = '권한이 없습니다.';
export const SERVER_ERROR_MESSAGE = '오류가 발생했습니다. 관리자에게 문의해 주세요.';

export type ApiBody = Record<string, unknown> | FormData | URLSearchParams;
export type ApiQuery = Record<string, unknown>;
/**
 * `handles`: statuses the caller answers itself, where the error catalogue's answer would be wrong
 * (a wrong post password is a 403 shown under the field, not "no permission" and a step back).
 */
export type ApiRequestOptions = FetchOptions<'json'> & { handles?: readonly number[] };
/** `headers`: a call's own, such as the Idempotency-Key of a write a phone may send again. */
export type ApiCallOptions = Pick<ApiRequestOptions, 'handles' | 'headers'>;
type OverrideMethod = 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** '' for the pages' own origin. */
  baseURL?: string;
  alert?: (message: string) => void;
  goBack?: () => void;
  /** The raw (still URL-encoded) value of a readable cookie. */
  readCookie?: (name: string) => string | undefined;
  fetch?: typeof globalThis.fetch;
}

export interface ApiClient {
  <T = unknown>(url: string, options?: ApiRequestOptions): Promise<T>;
  get: <T = unknown>(url: string, query?: ApiQuery) => Promise<T>;
  post: <T = unknown>(url: string, body?: ApiBody, options?: ApiCallOptions) => Promise<T>;
  put: <T = unknown>(url: string, body?: ApiBody, options?: ApiCallOptions) => Promise<T>;
  patch: <T = unknown>(url: string, body?: ApiBody, options?: ApiCallOptions) => Promise<T>;
  del: <T = unknown>(url: string, body?: ApiBody, options?: ApiCallOptions) => Promise<T>;
  /** Asks the API for a fresh request-forgery token and returns the one to send. */
  refreshCsrfToken: () => Promise<string>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const CSRF_TOKEN_PATH = '/csrf-token';
const CSRF_MISMATCH_STATUS = 419;
const FORBIDDEN_STATUS = 403;
const SERVER_ERROR_STATUS = 500;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

const browserAlert = (message: string): void => {
  if (typeof window !== 'undefined') window.alert(message);
};

const browserGoBack = (): void => {
  if (typeof window !== 'undefined') window.history.back();
};

export const readBrowserCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
};

const decodeCookie = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const readTokenBody = (body: unknown): string | undefined => {
  const token = (body as { csrf_token?: unknown } | null | undefined)?.csrf_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

// Copies, so that a caller may send the same body twice without collecting two `_method` fields.
const withMethod = (method: OverrideMethod, body?: ApiBody): ApiBody => {
  if (body instanceof FormData) {
    const copy = new FormData();
    for (const [name, value] of body) copy.append(name, value);
    copy.append('_method', method);
    return copy;
  }
  if (body instanceof URLSearchParams) {
    const copy = new URLSearchParams(body);
    copy.set('_method', method);
    return copy;
  }
  return { ...body, _method: method };
};

export const createApiClient = (options: ApiClientOptions = {}): ApiClient => {
  const {
    baseURL = '',
    alert = browserAlert,
    goBack = browserGoBack,
    readCookie = readBrowserCookie,
    fetch = globalThis.fetch,
  } = options;

  const base = ofetch.create(
    {
      baseURL,
      credentials: 'include',
      // ofetch would repeat failed GETs on its own; the error catalogue decides retries here.
      retry: false,
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    },
    { fetch },
  );

  // The cookie is unreadable when the API lives on another host; the body's copy then serves.
  let memoryToken: string | undefined;
  let pendingToken: Promise<string> | undefined;

  const currentToken = (): string | undefined => {
    const cookie = readCookie(XSRF_COOKIE);
    return cookie ? decodeCookie(cookie) : memoryToken;
  };

  // Shared while in flight, so that several failing calls ask for one token only.
  const refreshCsrfToken = (): Promise<string> => {
    pendingToken ??= base<unknown>(CSRF_TOKEN_PATH)
      .then((body) => {
        memoryToken = readTokenBody(body) ?? memoryToken;
        return currentToken() ?? '';
      })
      .finally(() => {
        pendingToken = undefined;
      });
    return pendingToken;
  };

  const send = async <T>(url: string, { handles: _handles, ...init }: ApiRequestOptions): Promise<T> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (!SAFE_METHODS.has(method)) {
      const token = currentToken() ?? (await refreshCsrfToken());
      if (token) headers.set(XSRF_HEADER, token);
    }
    return base<T>(url, { ...init, method, headers });
  };

  const reject = (failure: unknown, handles: readonly number[] = []): ApiError => {
    const error = toApiError(failure);
    if (handles.includes(error.status)) return error;
    if (error.status === FORBIDDEN_STATUS) {
      alert(FORBIDDEN_MESSAGE);
      goBack();
    } else if (error.status === SERVER_ERROR_STATUS) {
      alert(SERVER_ERROR_MESSAGE);
    }
    return error;
  };

  const request = async <T = unknown>(url: string, init: ApiRequestOptions = {}): Promise<T> => {
    try {
      return await send<T>(url, init);
    } catch (failure) {
      if (toApiError(failure).status !== CSRF_MISMATCH_STATUS) throw reject(failure, init.handles);
    }
    // The token went stale with the session: one fresh token and one more try, never a loop.
    try {
      await refreshCsrfToken();
      return await send<T>(url, init);
    } catch (failure) {
      throw reject(failure, init.handles);
    }
  };

  const override =
    (method: OverrideMethod) =>
    <T = unknown>(url: string, body?: ApiBody, options?: ApiCallOptions): Promise<T> =>
      request<T>(url, { ...options, method: 'POST', body: withMethod(method, body) });

  return Object.assign(request, {
    get: <T = unknown>(url: string, query?: ApiQuery) => request<T>(url, { method: 'GET', query }),
    post: <T = unknown>(url: string, body?: ApiBody, options?: ApiCallOptions) => request<T>(url, { ...options, method: 'POST', body }),
    put: override('PUT'),
    patch: override('PATCH'),
    del: override('DELETE'),
    refreshCsrfToken,
  });
};
