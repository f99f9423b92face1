import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

// Seeded demo content (src/server/db/seed/notices.ts, faqs.ts, pages.ts) on a fresh database.
const PINNED_NOTICE = '개인정보처리방침 개정 안내';
const SECOND_PAGE_NOTICE = '고객센터 운영 시간 변경 안내';
const HIDDEN_NOTICES = ['새해 리추얼 얼리버드 모집 예고', '겨울 오프라인 모임 안내 (작성 중)'];
const FAQ_QUESTION = '어떤 결제 수단을 쓸 수 있나요?';
const FAQ_ANSWER = '카카오페이·네이버페이·토스페이 같은 간편결제';

/** The id of a seeded notice, found through the public API as any client would. */
async function noticeId(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/api/notices?per_page=50');
  expect(res.ok()).toBe(true);
  const notice = ((await res.json()) as { data: Array<{ id: number; title: string }> }).data.find((n) => n.title === title);
  if (!notice) throw new Error(`no published notice titled ${title}`);
  return notice.id;
}

/** The page's HTML as the server sends it: no script has run. */
async function html(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const body = await res.text();
  // A guest's reading page hydrates nothing.
  expect(body, path).not.toContain('<astro-island');
  return body;
}

test.describe('content is in the HTML before any script runs', () => {
  test('/notice lists the published notices with the pinned label and dates', async ({ request }) => {
    const body = await html(request, '/notice');
    expect(body).toContain(PINNED_NOTICE);
    expect(body).toMatch(/<span[^>]*class="notice-badge"[^>]*>공지<\/span>/);
    expect(body).toMatch(/>\d{4}\.\d{2}\.\d{2}<\/time>/);
    expect(body).toMatch(/<a href="\/notice\?page=2"/);
    for (const hidden of HIDDEN_NOTICES) expect(body).not.toContain(hidden);
  });

  test('a notice shows its title, date and body', async ({ request }) => {
    const id = await noticeId(request, PINNED_NOTICE);
    const body = await html(request, `/notice/${id}`);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${PINNED_NOTICE}</h1>`));
    expect(body).toMatch(/<time[^>]*>\d{4}\.\d{2}\.\d{2}<\/time>/);
    expect(body).toContain('수집 항목에 휴대전화번호와 국가 번호를 추가했어요');
    expect(body).toContain('목록으로');
    expect(body).toContain('<meta property="og:type" content="article"');
    expect(body).toMatch(/"@type":"(News)?Article"/);
  });

  test('/faq has every question and its answer', async ({ request }) => {
    const body = await html(request, '/faq');
    expect(body).toContain(FAQ_QUESTION);
    expect(body).toContain(FAQ_ANSWER);
    expect(body).toContain('<details');
    expect(body).toContain('href="/inquiry/create"');
  });

  test('/terms/policy and /terms/privacy have their full text and effective date', async ({ request }) => {
    const policy = await html(request, '/terms/policy');
    expect(policy).toContain('제1조 (목적)');
    expect(policy).toContain('제16조 (청약철회 등)');
    expect(policy).toMatch(/시행일 <time[^>]*>\d{4}\.\d{2}\.\d{2}<\/time>/);
    expect(policy).toContain('href="/terms/privacy"');

    const privacy = await html(request, '/terms/privacy');
    expect(privacy).toContain('대금결제 및 재화 등의 공급에 관한 기록');
    expect(privacy).toContain('개인정보 보호책임자');
    expect(privacy).toMatch(/시행일 <time[^>]*>\d{4}\.\d{2}\.\d{2}<\/time>/);
    expect(privacy).toContain('href="/terms/policy"');
  });

  test('/explorer/selfcare/guide/shipping has the shipping guide', async ({ request }) => {
    const body = await html(request, '/explorer/selfcare/guide/shipping');
    expect(body).toContain('배송 안내');
    expect(body).toContain('50,000원 이상 주문');
    expect(body).toContain('도서산간 지역 추가 배송비');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an FAQ answer opens when its question is clicked', async ({ page }) => {
    await page.goto('/faq');
    const answer = page.getByText(FAQ_ANSWER);
    await expect(answer).toBeHidden();
    await page.getByText(FAQ_QUESTION).click();
    await expect(answer).toBeVisible();
  });

  test('the FAQ category links show one category', async ({ page }) => {
    await page.goto('/faq');
    const categories = page.getByRole('navigation', { name: '질문 분류' });
    await categories.getByRole('link', { name: '계정', exact: true }).click();
    await expect(page).toHaveURL(/\/faq\?category=account$/);
    await expect(categories.getByRole('link', { name: '계정', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(categories.getByRole('link', { name: '전체' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('비밀번호를 잊어버렸어요.')).toBeVisible();
    await expect(page.getByText(FAQ_QUESTION)).toHaveCount(0);
  });

  test('the notice list pages to page 2 and back', async ({ page }) => {
    await page.goto('/notice');
    const pages = page.getByRole('navigation', { name: '공지사항 페이지' });
    await expect(pages.getByRole('link', { name: '페이지 1' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(SECOND_PAGE_NOTICE)).toHaveCount(0);
    await pages.getByRole('link', { name: '페이지 2' }).click();
    await expect(page).toHaveURL(/\/notice\?page=2$/);
    await expect(pages.getByRole('link', { name: '페이지 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: SECOND_PAGE_NOTICE })).toBeVisible();
    await expect(page.getByText(PINNED_NOTICE)).toHaveCount(0);
    await pages.getByRole('link', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(/\/notice$/);
  });

  test('a notice links to its neighbours and back to the list', async ({ page, request }) => {
    const id = await noticeId(request, PINNED_NOTICE);
    await page.goto(`/notice/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PINNED_NOTICE);
    const neighbours = page.getByRole('navigation', { name: '다른 공지사항' });
    await expect(neighbours.getByRole('link', { name: /이전 글/ })).toContainText('리추얼 참여자 모집 안내');
    await neighbours.getByRole('link', { name: /다음 글/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('서비스 정기 점검 안내');
    await page.getByRole('link', { name: '목록으로' }).click();
    await expect(page).toHaveURL(/\/notice$/);
  });
});

test.describe('pages that do not exist', () => {
  for (const path of ['/notice/999999', '/notice/not-a-number', '/terms/refund', '/pages/no-such-page', '/explorer/selfcare/guide/no-such-guide', '/faq?category=no-such-category']) {
    test(`${path} answers the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없어요');
    });
  }

  test('a draft or scheduled notice is not found either', async ({ request }) => {
    const res = await request.get('/api/notices?per_page=50');
    const ids = ((await res.json()) as { data: Array<{ id: number }> }).data.map((n) => n.id);
    // Seeded ids run from 1; the two missing from the published list are the scheduled one and the draft.
    const hidden = Array.from({ length: ids.length + 2 }, (_, index) => index + 1).filter((id) => !ids.includes(id));
    expect(hidden).toHaveLength(2);
    for (const id of hidden) expect((await request.get(`/notice/${id}`)).status()).toBe(404);
  });
});

test.describe('accessibility', () => {
  const serious = async (page: Page) => {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };

  for (const path of ['/notice', '/faq', '/terms/policy']) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      expect(await serious(page)).toEqual([]);
    });
  }

  test('a notice has no serious or critical violation', async ({ page, request }) => {
    await page.goto(`/notice/${await noticeId(request, PINNED_NOTICE)}`);
    expect(await serious(page)).toEqual([]);
  });

  test('an open FAQ answer has no serious or critical violation', async ({ page }) => {
    await page.goto('/faq');
    await page.getByText(FAQ_QUESTION).click();
    expect(await serious(page)).toEqual([]);
  });
});
