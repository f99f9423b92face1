import type { Page } from '@playwright/test';

/** Signs a demo member in through the API, in the page's own cookie jar, as the login form will. */
export async function signInAsMember(page: Page, email = 'member1@example.com'): Promise<void> {
  const token = await page.request.get('/csrf-token');
  const { csrf_token: csrfToken } = (await token.json()) as { csrf_token: string };
  const res = await page.request.post('/login', {
    headers: { 'X-XSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    data: { email, password: 'Passw0rd!' },
  });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

