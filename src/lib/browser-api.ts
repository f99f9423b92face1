import { PUBLIC_API_URL } from 'astro:env/client';
import { createApiClient } from './api-client.ts';
import type { ApiClient } from './api-client.ts';
import { fetchReportingUpload } from './api/fetch-reporting-upload.ts';
import type { UploadProgress } from './api/fetch-reporting-upload.ts';

const baseURL = PUBLIC_API_URL ?? '';
const silent = { alert: () => {}, goBack: () => {} };

/** The islands' client: same origin unless PUBLIC_API_URL points elsewhere. */
export const api = createApiClient({ baseURL });

/** For error reports: a failing report must not raise an alert or move the page. */
export const quietApi = createApiClient({ baseURL, ...silent });

/** For one request that carries pictures, telling its progress (fetch has none for uploads). */
export const progressApi = (onProgress: UploadProgress, quiet: boolean): ApiClient =>
  createApiClient({ baseURL, fetch: fetchReportingUpload(onProgress), ...(quiet ? silent : {}) });
