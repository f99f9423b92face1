import type { ApiClient } from '../api-client.ts';
import { api, progressApi, quietApi } from '../browser-api.ts';
import type { UploadProgress } from './fetch-reporting-upload.ts';

export type { UploadProgress } from './fetch-reporting-upload.ts';

/**
 * How a call is sent. `quiet` leaves 403 and 500 to the caller, which tells them where they
 * happened instead of the loud client's alert; `onProgress` follows a body with pictures byte by
 * byte (the islands show it beside the picture).
 */
export interface SendOptions {
  quiet?: boolean;
  onProgress?: UploadProgress | undefined;
}

export const clientFor = ({ quiet = false, onProgress }: SendOptions = {}): ApiClient =>
  onProgress ? progressApi(onProgress, quiet) : quiet ? quietApi : api;
