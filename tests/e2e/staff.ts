import { test as base, expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_TOTP_SECRET } from '../../src/server/db/seed/staff.ts';
import { USED_CODE } from '../../src/server/modules/admin/second-factor.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/members.ts';
import { apiHeaders } from './members.ts';
import { urlOf } from './servers.ts';

const STEP_SECONDS = 30;

/**
 * Signs the demo administrator in and past the second factor through the API. A code is good once
 * per account and the console's specs share that account: a used one is followed by the next
 * step's (taken a step early), and past that by a wait for the server to take one.
 */
async function signInAsStaff(request: APIRequestContext): Promise<void> {
  const signedIn = await request.post('/login', { headers: await apiHeaders(request), data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  for (let step = Math.floor(Date.now() / 1000 / STEP_SECONDS); ; step += 1) {
    const wait = (step - 1) * STEP_SECONDS * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const code = await generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch: step * STEP_SECONDS });
    const answer = await request.post('/api/admin/second-factor/challenge', { headers: await apiHeaders(request), data: { code } });
    if (answer.ok()) return;
    const body = (await answer.json()) as { errors?: { code?: string[] } };
    if (!body.errors?.code?.includes(USED_CODE)) throw new Error(`the code was refused: ${answer.status()} ${JSON.stringify(body)}`);
  }
}

export interface StaffFixtures {
  /** Ships and delivers an order from the console's API, as staff do once the parcel has arrived. */
  deliverOrder: (orderId: number) => Promise<void>;
}

/**
 * Specs that need an order delivered: the administrator signs in once per worker on the main
 * server, so that they take one code, not one a test.
 */
export const test = base.extend<StaffFixtures, { staffRequest: APIRequestContext }>({
  staffRequest: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: urlOf('main', '') });
      await signInAsStaff(request);
      await use(request);
      await request.dispose();
    },
    // Up to three steps of 30 s when other specs have just used the codes.
    { scope: 'worker', timeout: 120_000 },
  ],
  deliverOrder: async ({ staffRequest }, use) => {
    await use(async (orderId) => {
      const headers = await apiHeaders(staffRequest);
      const tracking = `6${String(Date.now()).slice(-11)}`;
      const shipped = await staffRequest.post(`/api/admin/orders/${orderId}/shipping`, { headers, data: { shipping_carrier: 'CJ대한통운', tracking_number: tracking } });
      expect(shipped.status(), await shipped.text()).toBe(200);
      const delivered = await staffRequest.post(`/api/admin/orders/${orderId}/delivered`, { headers });
      expect(delivered.status(), await delivered.text()).toBe(200);
    });
  },
});

export { expect };
