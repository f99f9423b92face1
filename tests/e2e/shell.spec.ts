import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { isAuthOnly } from '../../src/lib/page-guards.ts';
import { animationsSettled } from './a11y.ts';
import { waitForBell } from './members.ts';
import { urlOf } from './servers.ts';
import { signInAsMember } from './sign-in.ts';

/** Scrolls, then lets the scroll event run, so that two scrolls are not seen as one. */
const scrollTo = (page: Page, y: number) =>
  page.evaluate(
    (top) =>
      new Promise<void>((done) => {
        window.scrollTo(0, top);
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)));
      }),
    y,
  );

const onMobile = (info: TestInfo) => info.project.name === 'mobile';
const mainNav = (page: Page, info: TestInfo) =>
  page.getByRole('navigation', { name: onMobile(info) ? '하단 메뉴' : '주요 메뉴' });

test.describe('navigation', () => {
  const highlights: Array<[string, string | null, string | null]> = [
    // path, active on desktop, active on mobile
    ['/', '가이드', '가이드'],
    ['/explorer', '프로그램', '프로그램'],
    ['/explorer/program', '프로그램', '프로그램'],
    ['/explorer/off-the-record', '프로그램', '프로그램'],
    ['/explorer/search', '프로그램', '프로그램'],
    ['/explorer/selfcare', '툴샵', '툴샵'],
    ['/square', '콘텐츠', '콘텐츠'],
    ['/mypage', null, '마이페이지'],
    ['/about', null, null],
  ];

  for (const [path, desktop, mobile] of highlights) {
    test(`highlights the right tab on ${path}`, async ({ page }, info) => {
      if (isAuthOnly(path)) await signInAsMember(page);
      await page.goto(path);
      const expected = onMobile(info) ? mobile : desktop;
      const current = mainNav(page, info).locator('[aria-current="page"]');
      if (expected === null) await expect(current).toHaveCount(0);
      else await expect(current).toHaveText(expected);
    });
  }

  test('shows My page in the bottom tab bar on mobile only, and no bottom bar on desktop', async ({ page }, info) => {
    await page.goto('/');
    const bottom = page.getByRole('navigation', { name: '하단 메뉴' });
    if (onMobile(info)) {
      await expect(bottom).toBeVisible();
      await expect(bottom.getByRole('link')).toHaveText(['가이드', '프로그램', '콘텐츠', '툴샵', '마이페이지']);
      const box = await bottom.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800);
      await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeHidden();
    } else {
      await expect(bottom).toBeHidden();
      await expect(page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link')).toHaveText([
        '가이드',
        '프로그램',
        '콘텐츠',
        '툴샵',
      ]);
    }
  });

  const secondary: Array<[string, string | null]> = [
    ['/explorer', '월간 리추얼'],
    ['/explorer/program', '원데이 프로그램'],
    ['/explorer/off-the-record', '오프더레코드'],
    ['/explorer/search', null],
    ['/explorer/selfcare', null],
    ['/', null],
  ];
  for (const [path, active] of secondary) {
    test(`shows the secondary tab bar ${active ? 'on' : 'not on'} ${path}`, async ({ page }) => {
      await page.goto(path);
      const bar = page.getByRole('navigation', { name: '프로그램 메뉴' });
      if (active === null) {
        await expect(bar).toHaveCount(0);
      } else {
        await expect(bar.getByRole('link')).toHaveText(['월간 리추얼', '원데이 프로그램', '오프더레코드']);
        await expect(bar.locator('[aria-current="page"]')).toHaveText(active);
      }
    });
  }

  test('links the banner to /explorer and the business inquiry to a new tab', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /12월 리추얼 모집 중/ })).toHaveAttribute('href', '/explorer');
    const business = page.getByRole('link', { name: /비즈니스 문의/ }).first();
    await expect(business).toHaveAttribute('href', 'https://business.ritual.example');
    await expect(business).toHaveAttribute('target', '_blank');
  });

  test('shows a guest the login label and a bell that goes to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: '로그인', exact: true })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('banner').getByRole('link', { name: /알림/ })).toHaveAttribute('href', '/login');
  });

  test('shows a member the profile picture linking to /mypage, and their own bell', async ({ page }, info) => {
    await signInAsMember(page);
    await page.goto('/');
    const profile = page.getByRole('link', { name: '마이페이지' }).first();
    await expect(profile).toHaveAttribute('href', '/mypage');
    await expect(page.getByRole('link', { name: '로그인', exact: true })).toHaveCount(0);
    const banner = page.getByRole('banner');
    await expect(banner.locator('a[href="/login"]')).toHaveCount(0);
    // Desktop: a button opening the 알림함 dropdown; a phone: a link to /notification (notifications.spec.ts).
    await waitForBell(page);
    if (onMobile(info)) await expect(banner.getByRole('link', { name: /^알림/ })).toHaveAttribute('href', '/notification');
    else await expect(banner.getByRole('button', { name: /^알림/ })).toHaveAttribute('aria-haspopup', 'dialog');
  });
});

test.describe('mobile top bar', () => {
  test('hides after 11 px down and comes back on the way up; the desktop header stays', async ({ page }, info) => {
    await page.goto('/');
    await page.addStyleTag({ content: 'main { min-height: 3000px; }' });
    const top = page.locator('[data-topbar]');
    const header = page.getByRole('banner');
    await scrollTo(page, 11);
    if (onMobile(info)) {
      await expect(top).toHaveClass(/is-hidden/);
      await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(-50);
      await scrollTo(page, 400);
      await scrollTo(page, 380);
      await expect(top).not.toHaveClass(/is-hidden/);
      await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    } else {
      await scrollTo(page, 400);
      await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBe(0);
    }
  });

  test('stays on a move of 10 px or less', async ({ page }) => {
    await page.goto('/');
    await page.addStyleTag({ content: 'main { min-height: 3000px; }' });
    await scrollTo(page, 10);
    await expect(page.locator('[data-topbar]')).not.toHaveClass(/is-hidden/);
  });
});

test.describe('customer chat', () => {
  const paths: Array<[string, boolean]> = [
    ['/', true],
    ['/square', true],
    ['/room/howto', true],
    ['/room/3/12', false],
    ['/room/3/thread/4', false],
    ['/compose/post', false],
    ['/compose/post-edit', false],
  ];
  for (const [path, shown] of paths) {
    test(`${shown ? 'shows' : 'hides'} the 문의하기 button on ${path}`, async ({ page }) => {
      if (isAuthOnly(path)) await signInAsMember(page);
      await page.goto(path);
      const button = page.locator('[data-chat]');
      if (shown) {
        await expect(button).toBeVisible();
        await expect(button).toHaveText('문의하기');
        await expect(button).toHaveAttribute('href', '/inquiry/create');
      } else {
        await expect(button).toHaveCount(0);
      }
    });
  }

  test('loads Channel Talk after idle instead of the button when a plugin key is set, with the tracking scripts', async ({
    page,
  }) => {
    const requested: string[] = [];
    await page.route(/cdn\.channel\.io|googletagmanager\.com|connect\.facebook\.net|daumcdn\.net/, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await page.goto(urlOf('configured', '/'));
    await expect(page.locator('[data-chat]')).toHaveCount(0);
    await expect.poll(() => requested.length, { timeout: 10_000 }).toBe(4);
    expect(requested.sort()).toEqual([
      'https://cdn.channel.io/plugin/ch-plugin-web.js',
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://t1.daumcdn.net/kas/static/kp.js',
      'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1',
    ]);
  });

  test('loads no tracking or chat script when none is configured', async ({ page }) => {
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://127.0.0.1')) external.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    expect(external).toEqual([]);
  });
});

test.describe('footer', () => {
  test('links the service pages, the company details and the configured social links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('navigation', { name: '서비스 정보' }).getByRole('link');
    await expect(links).toHaveText([
      '서비스 소개',
      /비즈니스 문의/,
      '공지사항',
      '자주 묻는 질문',
      '문의하기',
      /뉴스레터/,
      '이용약관',
      '개인정보처리방침',
    ]);
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/about',
      'https://business.ritual.example',
      '/notice',
      '/faq',
      '/inquiry/create',
      'https://newsletter.ritual.example',
      '/terms/policy',
      '/terms/privacy',
    ]);
    await expect(footer).toContainText('사업자등록번호 123-45-67890');
    await expect(footer).toContainText('통신판매업 신고');
    await expect(footer.getByRole('link', { name: /인스타그램/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/ritual.example',
    );
  });
});

test.describe('page guards', () => {
  test('send a guest from a member page to /login, remembering the page', async ({ page }) => {
    await page.goto('/mypage/coupon?tab=used');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/mypage/coupon?tab=used');
  });

  test('send a member away from /login to the member home', async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/login/email');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('sign a browser out whose session no longer exists', async ({ page, context }) => {
    await context.addCookies([{ name: 'session', value: 'gone-session-token', url: urlOf('main', '/') }]);
    await page.goto('/mypage');
    expect(new URL(page.url()).pathname).toBe('/login');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
  });
});

test.describe('maintenance', () => {
  test('/maintenance renders alone, without header and footer', async ({ page }) => {
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('더 나은 서비스를 위해 점검하고 있어요');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('[data-chat]')).toHaveCount(0);
  });

  test('MAINTENANCE_MODE sends every page there and makes the API answer 503', async ({ page, request }) => {
    const response = await page.goto(urlOf('maintenance', '/square'));
    expect(page.url()).toBe(urlOf('maintenance', '/maintenance'));
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('banner')).toHaveCount(0);
    const api = await request.get(urlOf('maintenance', '/api/banners/current?type=header_text_banner'));
    expect(api.status()).toBe(503);
    expect(await api.json()).toEqual({ message: '서비스 점검 중입니다. 잠시 후 다시 이용해 주세요.' });
    expect((await request.get(urlOf('maintenance', '/healthz'))).status()).toBe(200);
  });
});

test.describe('error pages and the composer style', () => {
  test('answers an unknown page with the Korean 404 inside the shell', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없어요');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('puts the full-screen editor class on /compose pages only', async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/compose/post');
    await expect(page.locator('html')).toHaveClass(/editor-fullscreen/);
    // Writing takes the whole screen.
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.locator('.bottom-tab-bar')).toBeHidden();
    await page.getByRole('link', { name: '나가기' }).click();
    await expect(page).toHaveURL(/\/square$/);
    await expect(page.locator('.site-footer')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/editor-fullscreen/);
    await page.goBack();
    await expect(page.locator('html')).toHaveClass(/editor-fullscreen/);
  });
});

test.describe('the global modal', () => {
  const openConfirm = (page: Page) =>
    page.evaluate(() => {
      document.dispatchEvent(
        new CustomEvent('modal:confirm', { cancelable: true, detail: { title: '정말 나갈까요?', message: '작성 중인 내용이 사라져요.' } }),
      );
    });

  test('shows one modal with 확인 and 취소, and closes it when the route changes', async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/');
    await openConfirm(page);
    const dialog = page.getByRole('alertdialog', { name: '정말 나갈까요?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['취소', '확인']);
    await openConfirm(page);
    await expect(page.getByRole('alertdialog')).toHaveCount(1);

    await page.goto('/square');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await openConfirm(page);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('keeps the input modal open until its field is filled', async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/');
    const answer = page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          document.dispatchEvent(
            new CustomEvent('modal:input', { detail: { title: '비밀번호 입력', label: '비밀번호', respond: resolve } }),
          );
        }),
    );
    const dialog = page.getByRole('dialog', { name: '비밀번호 입력' });
    await dialog.getByRole('button', { name: '확인' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('내용을 입력해 주세요.');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('비밀번호').fill('1234');
    await dialog.getByRole('button', { name: '확인' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await answer).toBe('1234');
  });
});

test.describe('weight and accessibility', () => {
  test("a guest's home ships no React and under 15 KB of script", async ({ page }) => {
    const scripts: Array<{ url: string; bytes: number }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const size = (await response.request().sizes()).responseBodySize;
      scripts.push({ url: response.url(), bytes: size });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.map((s) => s.url).filter((url) => /client|react|ModalHost/i.test(url))).toEqual([]);
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThan(15 * 1024);
  });

  test("a member's home polls the bell and reads the cart count without loading React", async ({ page }) => {
    await signInAsMember(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const poll = page.waitForResponse((response) => response.url().includes('/api/notifications/new'));
    const count = page.waitForResponse((response) => response.url().includes('/api/cart-items/count'));
    await page.goto('/');
    expect((await poll).status()).toBe(200);
    expect((await count).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts.filter((url) => /\/_astro\/(?:client|react|react-dom|jsx-runtime)\.|ModalHost|bell-list/i.test(url))).toEqual([]);
  });

  for (const path of ['/', '/explorer', '/no-such-page', '/maintenance']) {
    test(`has no serious or critical accessibility violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }

  test("has no serious or critical accessibility violation on a member's page with the modal open", async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/');
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('modal:confirm', { detail: { title: '확인해 주세요' } })));
    await expect(page.getByRole('alertdialog')).toBeVisible();
    // Contrast is judged once the 0.7 s slide has ended, not on a half-faded dialog.
    await animationsSettled(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  });
});
