import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

interface Category {
  id: number;
  name: string;
}

interface RecordItem {
  id: number;
  title: string;
  category: Category;
}

async function listed<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T[] }).data;
}

/**
 * The desktop and mobile projects run at once against one server: each acts on a record of its
 * own, as a demo member that the square's spec only reads with.
 */
function projectOwn() {
  return test.info().project.name === 'mobile' ? { member: 'member5@example.com', index: 1 } : { member: 'member3@example.com', index: 0 };
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('off-the-record for a guest', () => {
  test('opens the list, picks a category, reads a record with no script', async ({ page }) => {
    const [category] = await listed<Category>(page.request, '/api/off-the-record-categories');
    const [record] = await listed<RecordItem>(page.request, `/api/off-the-records?category_id=${category!.id}`);

    await page.goto('/explorer/off-the-record');
    await expect(page.getByRole('heading', { level: 1, name: '오프더레코드' })).toBeVisible();
    // The explorer's tab bar is there, with this page current.
    await expect(page.getByRole('link', { name: '오프더레코드' }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    const chips = page.getByRole('navigation', { name: '오프더레코드 카테고리' });
    await chips.getByRole('link', { name: category!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/explorer/off-the-record\\?category=${category!.id}$`));
    await expect(chips.getByRole('link', { name: category!.name })).toHaveAttribute('aria-current', 'page');

    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.getByRole('link', { name: new RegExp(record!.title) }).click();
    await expect(page).toHaveURL(new RegExp(`/explorer/off-the-record/${record!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: record!.title })).toBeVisible();
    await expect(page.locator('.record-body')).not.toBeEmpty();
    await expect(page.getByRole('link', { name: '로그인하고 저장하기' })).toHaveAttribute('href', /^\/login\?redirect=/);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /client|react|ModalHost/i.test(url))).toEqual([]);
    expect(await page.locator('astro-island').count()).toBe(0);

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = jsonLd.map((text) => JSON.parse(text) as { '@type': string; headline?: string }).find((data) => data['@type'] === 'Article');
    expect(article?.headline).toBe(record!.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/explorer/off-the-record/${record!.id}$`));
    await expectNoAxeViolations(page);
  });

  test('a draft or a scheduled record and an unknown category are not there', async ({ request }) => {
    expect((await request.get('/explorer/off-the-record/999999')).status()).toBe(404);
    expect((await request.get('/explorer/off-the-record?category=999999')).status()).toBe(404);
    expect((await request.get('/explorer/off-the-record?page=99')).status()).toBe(404);
    const titles = (await listed<RecordItem>(request, '/api/off-the-records?per_page=50')).map((record) => record.title);
    expect(titles).toHaveLength(20);
    expect(titles).not.toContain('편집 중인 인터뷰');
    expect(titles).not.toContain('다음 달 명상 리추얼 미리 보기');
  });

  test('pages through the records with plain links', async ({ page }) => {
    await page.goto('/explorer/off-the-record');
    const pages = page.getByRole('navigation', { name: '오프더레코드 페이지' });
    await pages.getByRole('link', { name: /다음/ }).click();
    await expect(page).toHaveURL(/\/explorer\/off-the-record\?page=2$/);
    await expect(page.locator('.records li').first()).toBeVisible();
  });
});

test.describe('the explorer search', () => {
  test('finds records about 명상, keeps the query and says when nothing matches', async ({ page }) => {
    await page.goto('/explorer/search');
    await expectNoAxeViolations(page);
    await page.getByLabel('검색어').fill('명상');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await expect(page).toHaveURL(/\/explorer\/search\?q=%EB%AA%85%EC%83%81$/);
    await expect(page.getByLabel('검색어')).toHaveValue('명상');
    const records = page.getByRole('region', { name: /오프더레코드/ });
    await expect(records.getByRole('link', { name: /아침 10분 명상이 바꾼 출근길/ })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page);

    await records.getByRole('link', { name: /아침 10분 명상이 바꾼 출근길/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '아침 10분 명상이 바꾼 출근길' })).toBeVisible();

    await page.goto(`/explorer/search?q=${encodeURIComponent('%_없는말')}`);
    await expect(page.getByText("'%_없는말'에 대한 검색 결과가 없어요")).toBeVisible();
    await expect(page.getByRole('list', { name: '추천 검색어' }).getByRole('link', { name: '명상' })).toBeVisible();
  });
});

test.describe('off-the-record for a member', () => {
  test('reacts, saves and comments on a record', async ({ browser }) => {
    const { member, index } = projectOwn();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsMember(page, member);
    const record = (await listed<RecordItem>(page.request, '/api/off-the-record-interviews'))[index]!;
    await page.goto(`/explorer/off-the-record/${record.id}`);

    const comment = `저도 해 보고 싶어요 ${Date.now().toString(36)}`;
    await page.getByLabel('댓글 내용').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'CommentSection');
    await page.getByLabel('댓글 내용').fill(comment);
    await page.getByRole('button', { name: '댓글 남기기' }).click();
    await expect(page.locator('.comment-content', { hasText: comment })).toBeVisible();

    await waitForIsland(page, 'ReactionBar');
    const cheer = page.getByRole('button', { name: /응원해요/ });
    const before = await cheer.getAttribute('aria-pressed');
    await cheer.click();
    await expect(cheer).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');

    await waitForIsland(page, 'RecordSaveButton');
    const save = page.getByRole('button', { name: /저장/ });
    const saved = await save.getAttribute('aria-pressed');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', saved === 'true' ? 'false' : 'true');

    await page.reload();
    await expect(page.locator('.comment-content', { hasText: comment })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
