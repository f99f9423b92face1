import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

const FILE_TYPE = '이미지(JPG, PNG, WEBP, GIF) 또는 PDF 파일만 첨부할 수 있어요.';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The desktop and mobile projects run at the same time, each as its own demo member, so that one
 * project's inquiries never show in the other's list (member1 to member3 belong to other specs).
 */
const demoMember = () => (test.info().project.name === 'mobile' ? 'member5@example.com' : 'member4@example.com');

/** A title of this test, project and run, so that parallel tests and reruns never mistake each other's. */
const uniqueTitle = (tag: string) => `${tag} ${test.info().project.name} ${Date.now().toString(36)}`;

const screenshot = async () => ({
  name: 'screenshot.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f97316' } }).png().toBuffer(),
});

async function openForm(page: Page): Promise<void> {
  await signInAsMember(page, demoMember());
  await page.goto('/inquiry/create');
  await waitForIsland(page, 'InquiryForm');
}

const CONTENT = '오늘 아침 인증 사진을 올리면 계속 실패해요.\n확인 부탁드려요.';

async function fillText(page: Page, title: string): Promise<void> {
  await page.getByLabel('문의 유형').selectOption({ label: '오류 신고' });
  await page.getByLabel('제목', { exact: true }).fill(title);
  await page.getByLabel('문의 내용', { exact: true }).fill(CONTENT);
}

const filePicker = (page: Page) => page.getByLabel('파일 첨부', { exact: true });

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('a guest on /inquiry/create is sent to sign in first', async ({ page }) => {
  await page.goto('/inquiry/create');
  await expect(page).toHaveURL(/\/login\?redirect=%2Finquiry%2Fcreate$/);
});

test('asks with a picture, reads it in the detail and the list, edits it and deletes it', async ({ page, playwright }) => {
  const title = uniqueTitle('인증 사진 문의');
  await openForm(page);
  await fillText(page, title);
  await expect(page.getByText(`${CONTENT.length}/3000`)).toBeVisible();
  await filePicker(page).setInputFiles(await screenshot());
  const files = page.getByRole('list', { name: '첨부한 파일' });
  await expect(files.getByText('screenshot.png')).toBeVisible();
  await page.getByRole('button', { name: '문의 보내기' }).click();

  await expect(page).toHaveURL(/\/inquiry\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('답변 대기')).toBeVisible();
  await expect(page.getByText('오늘 아침 인증 사진을 올리면 계속 실패해요.')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: '첨부 이미지 screenshot.png' });
  await expect(thumbnail).toHaveAttribute('width', '120');
  await expect(thumbnail).toHaveAttribute('height', '120');
  // Attachments are private: the page reads them through the owner's API path.
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/inquiries\/\d+\/attachments\/\d+$/);
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
  const attachmentPath = (await thumbnail.getAttribute('src'))!;
  const stranger = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await stranger.get(attachmentPath)).status()).toBe(401);
  await stranger.dispose();
  await expectAccessible(page);

  await page.goto('/inquiry');
  const item = page.getByRole('link', { name: new RegExp(title) });
  await expect(item).toContainText('답변 대기');
  await expect(item).toContainText('오류 신고');
  await expect(item).toContainText('첨부 1개');
  await item.click();
  await expect(page).toHaveURL(detailUrl);

  await page.getByRole('link', { name: '수정', exact: true }).click();
  await waitForIsland(page, 'InquiryForm');
  await expect(page.getByLabel('제목', { exact: true })).toHaveValue(title);
  await expectAccessible(page);
  const edited = `${title} (수정)`;
  await page.getByLabel('제목', { exact: true }).fill(edited);
  await page.getByRole('button', { name: 'screenshot.png 첨부 삭제' }).click();
  await filePicker(page).setInputFiles({ name: '오류 화면.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('list', { name: '첨부한 파일' }).getByText('오류 화면.pdf')).toBeVisible();
  await page.getByRole('button', { name: '수정 완료' }).click();

  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  await expect(page.getByRole('img', { name: /첨부 이미지/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /오류 화면\.pdf/ })).toHaveAttribute('download', '오류 화면.pdf');

  await waitForIsland(page, 'DeleteInquiryButton');
  await page.getByRole('button', { name: '삭제', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: '문의를 삭제할까요?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '삭제하기' }).click();
  await expect(page).toHaveURL(/\/inquiry\?deleted=1$/);
  await expect(page.getByRole('status')).toHaveText('문의를 삭제했어요.');
  await expect(page.getByText(edited)).toHaveCount(0);
  expect((await page.request.get(detailUrl)).status()).toBe(404);
});

test('refuses a file that is neither an image nor a PDF, in Korean, next to the picker', async ({ page }) => {
  await openForm(page);
  await fillText(page, uniqueTitle('잘못된 첨부'));

  // A plain text file is caught before anything is sent.
  await filePicker(page).setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('메모') });
  await expect(page.getByText(`‘memo.txt’ 파일은 첨부할 수 없어요. ${FILE_TYPE}`)).toBeVisible();
  await expect(page.getByRole('list', { name: '첨부한 파일' })).toHaveCount(0);

  // One that claims to be a picture is read by the browser, which tells at once, out loud.
  await filePicker(page).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('이건 그림이 아니에요') });
  const alert = page.getByRole('alert').filter({ hasText: '‘notes.png’: 이 형식의 사진은 올릴 수 없어요. JPG나 PNG로 바꿔 주세요.' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await expect(filePicker(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('list', { name: '첨부한 파일' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/inquiry\/create$/);
});

for (const path of ['/inquiry/create', '/inquiry']) {
  test(`${path} passes the accessibility checks`, async ({ page }) => {
    await signInAsMember(page, demoMember());
    await page.goto(path);
    if (path === '/inquiry/create') await waitForIsland(page, 'InquiryForm');
    await expectAccessible(page);
  });
}
