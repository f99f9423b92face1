import { PUBLIC_API_URL } from 'astro:env/client';
import { createApiClient } from '../../../lib/api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { fetchReportingUpload } from './fetch-reporting-upload.ts';
import type { UploadProgress } from './fetch-reporting-upload.ts';

/**
 * The islands' API client for one request that carries pictures, telling its progress. `quiet`
 * leaves 403 and 500 to the caller, which shows them beside the picture instead of an alert.
 */
export function progressApi(onProgress: UploadProgress, { quiet = false } = {}): ApiClient {
  const fetch = fetchReportingUpload(onProgress);
  const baseURL = PUBLIC_API_URL ?? '';
  return quiet ? createApiClient({ baseURL, fetch, alert: () => {}, goBack: () => {} }) : createApiClient({ baseURL, fetch });
}
