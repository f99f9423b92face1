import { PUBLIC_API_URL } from 'astro:env/client';
import { createApiClient } from './api-client.ts';

const baseURL = PUBLIC_API_URL ?? '';

/** The islands' client: same origin unless PUBLIC_API_URL points elsewhere. */
export const api = createApiClient({ baseURL });

/** For error reports: a failing report must not raise an alert or move the page. */
export const quietApi = createApiClient({ baseURL, alert: () => {}, goBack: () => {} });
