import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

// One member (member1) writes, edits and deletes in both projects; each project's post has a
// title of its own, so the two never touch each other's post.
test.describe.configure({ mode: 'serial' });

const picture = async (): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 249, g: 115, b: 22 } } })
    .png()
    .toBuffer();

async function openComposer(page: Page, search = ''): Promise<void> {
  await page.goto(`/compose/post${search}`);
  await waitForIsland(page, 'PostForm');
}

test.describe('the composer', () => {
  let postPath = '';

  test.beforeEach(async ({ page }) => {
    await signInAsMember(page);
  });

  test('writes a post with a picture and lands on it', async ({ page }, testInfo) => {
    const title = `에디터 테스트 글 (${testInfo.project.name})`;
    await openComposer(page, '?category=free');
    await expect(page.locator('html')).toHaveClass(/editor-fullscreen/);
    await expect(page.getByRole('combobox', { name: '게시판' })).toHaveValue(/\d+/);
    await expect(page.getByRole('combobox', { name: '게시판' }).locator('option:checked')).toHaveText('자유 광장');
    await page.getByRole('textbox', { name: '제목', exact: true }).fill(title);
    await expect(page.getByText(`${title.length}/100`)).toBeVisible();

    const body = page.getByRole('textbox', { name: '내용' });
    await body.click();
    await page.getByRole('button', { name: '굵게' }).click();
    await expect(page.getByRole('button', { name: '굵게' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('오늘의 작은 기록');
    await page.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('아침 산책을 하고 물을 두 잔 마셨어요.');

    // A file that is not a picture is refused before any upload.
    await page.locator('input[type="file"]').setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('메모') });
    await expect(page.getByText('memo.txt: JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.')).toBeVisible();

    await page.locator('input[type="file"]').setInputFiles({ name: 'walk.png', mimeType: 'image/png', buffer: await picture() });
    const placed = body.locator('img');
    await expect(placed).toHaveCount(1);
    await expect(placed).toHaveAttribute('src', /\.webp$/);
    await expect(page.getByText('memo.txt:')).toHaveCount(0);

    await page.getByRole('button', { name: '올리기' }).click();
    await page.waitForURL(/\/square\/free\/\d+$/);
    postPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const shown = page.locator('main img[src$=".webp"]').first();
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('html')).not.toHaveClass(/editor-fullscreen/);
  });

  test('edits the title of its own post', async ({ page }, testInfo) => {
    expect(postPath).not.toBe('');
    const id = postPath.split('/').pop();
    await page.goto(`/compose/post-edit?id=${id}`);
    await waitForIsland(page, 'PostForm');
    await expect(page.locator('html')).toHaveClass(/editor-fullscreen/);
    const titleField = page.getByRole('textbox', { name: '제목', exact: true });
    await expect(titleField).toHaveValue(`에디터 테스트 글 (${testInfo.project.name})`);
    await expect(page.getByRole('textbox', { name: '내용' }).locator('img')).toHaveCount(1);
    const edited = `고친 에디터 테스트 글 (${testInfo.project.name})`;
    await titleField.fill(edited);
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL((url) => url.pathname === postPath);
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
  });

  test('deletes the post from its page', async ({ page }) => {
    expect(postPath).not.toBe('');
    await page.goto(postPath);
    await waitForIsland(page, 'PostActions');
    await page.getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '삭제하기' }).click();
    await page.waitForURL((url) => url.pathname !== postPath);
    const gone = await page.request.get(`/api/square-posts/${postPath.split('/').pop()}`);
    expect(gone.status()).toBe(404);
  });

  test("someone else's post is not offered for editing", async ({ page }) => {
    // member1 never wrote the first post of the seed's other members; find one through the API.
    const list = await page.request.get('/api/square-posts?category=free&per_page=50');
    const { data } = (await list.json()) as { data: { id: number; author: { username: string | null } | null }[] };
    const me = (await (await page.request.get('/api/me')).json()) as { data: { username: string } };
    const other = data.find((post) => post.author !== null && post.author.username !== me.data.username);
    expect(other).toBeDefined();
    const response = await page.goto(`/compose/post-edit?id=${other?.id}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: '수정할 수 없는 글이에요' })).toBeVisible();
    await expect(page.getByText('내가 쓴 글만 수정할 수 있어요.')).toBeVisible();
    await expect(page.getByRole('toolbar')).toHaveCount(0);
  });

  test('says what is missing before sending anything', async ({ page }) => {
    await openComposer(page);
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/square-posts') sent = true;
    });
    await page.getByRole('button', { name: '올리기' }).click();
    await expect(page.getByText('제목을 입력해 주세요.')).toBeVisible();
    await expect(page.getByText('내용을 입력해 주세요.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '제목', exact: true })).toBeFocused();
    await expect(page.getByRole('textbox', { name: '내용' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });

  test('a post that does not exist answers 404', async ({ page }) => {
    const response = await page.goto('/compose/post-edit?id=2147483647');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '글을 찾을 수 없어요' })).toBeVisible();
  });

  test('a member sees why instead of the editor in a staff-only board', async ({ page }) => {
    await page.goto('/compose/post?category=notice');
    await expect(page.getByRole('heading', { name: '공지에는 글을 쓸 수 없어요' })).toBeVisible();
    await expect(page.getByText('운영진만 글을 쓸 수 있는 게시판이에요.')).toBeVisible();
    await expect(page.getByRole('toolbar', { name: '본문 서식' })).toHaveCount(0);
    await expect(page.locator('astro-island[component-export="PostForm"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '게시판으로 돌아가기' })).toHaveAttribute('href', '/square/notice');
  });

  test('warns before leaving a draft, and leaving drops the full-screen style', async ({ page }) => {
    await openComposer(page);
    await expect(page.locator('html')).toHaveClass(/editor-fullscreen/);
    await page.getByRole('textbox', { name: '제목', exact: true }).fill('보내지 않은 초안');
    const asked = page.waitForEvent('dialog');
    const leaving = page.getByRole('link', { name: '나가기' }).click();
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    await leaving;
    await page.waitForURL(/\/square$/);
    await expect(page.locator('html')).not.toHaveClass(/editor-fullscreen/);
  });

  test('the composer has no serious accessibility violations', async ({ page }) => {
    await openComposer(page);
    await expect(page.getByRole('toolbar', { name: '본문 서식' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]), null, 2)).toEqual([]);
  });
});
