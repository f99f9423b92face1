import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page, Request, Route } from '@playwright/test';
import sharp from 'sharp';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

const UNREADABLE = '이 형식의 사진은 올릴 수 없어요. JPG나 PNG로 바꿔 주세요.';
const MB = 1024 * 1024;

/**
 * A phone's camera photo: 4,000×3,000 of fine noise (which JPEG cannot squeeze) at full quality,
 * well over the server's 10 MB, taken with the phone turned: EXIF orientation 6, so it shows
 * upright as 3,000×4,000. Made once per worker.
 */
let cameraPhoto: Promise<Buffer> | undefined;
const photo = (): Promise<Buffer> =>
  (cameraPhoto ??= sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .withMetadata({ orientation: 6 })
    .toBuffer());

/** What an iPhone hands over outside Safari: a HEIC that Chromium cannot read. */
const heic = () => ({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.concat([Buffer.from('\0\0\0\x18ftypheic'), randomBytes(4096)]) });

/** The picture under `field` in a multipart request, read back as the server would. */
async function sentPicture(request: Request, field: string): Promise<{ bytes: number; width: number; height: number }> {
  const body = request.postDataBuffer();
  if (!body) throw new Error('the request had no body');
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': request.headers()['content-type'] ?? '' } }).formData();
  const file = form.get(field);
  if (!(file instanceof File)) throw new Error(`no file under ${field}`);
  const bytes = Buffer.from(await file.arrayBuffer());
  const { width = 0, height = 0, orientation } = await sharp(bytes).metadata();
  // Drawn upright already: nothing is left for the server to turn.
  expect(orientation ?? 1).toBe(1);
  return { bytes: bytes.length, width, height };
}

/**
 * Holds the matching request until released, so that the test sees the picture on its way, and
 * hands the request over.
 */
async function holdRequest(page: Page, url: string, method: string): Promise<{ request: Promise<Request>; release: () => void }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let caught = (_request: Request): void => undefined;
  const request = new Promise<Request>((resolve) => {
    caught = resolve;
  });
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    caught(route.request());
    await released;
    return route.continue();
  });
  return { request, release };
}

test.describe('photos from a phone', () => {
  test('the square editor makes a camera photo smaller, shows it on its way and places it', async ({ page }) => {
    // A 12 MB photo is made, then decoded and encoded again by a software-rendering browser: about
    // 25 s of the default 30 on a loaded two-core machine.
    test.slow();
    expect((await photo()).length).toBeGreaterThan(10 * MB);
    await signInAsMember(page);
    await page.goto('/compose/post?category=free');
    await waitForIsland(page, 'PostForm');
    const upload = await holdRequest(page, '**/api/image-upload', 'POST');

    await page.locator('input[type="file"]').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    const tray = page.getByRole('list', { name: '올리는 사진' });
    const progress = tray.getByRole('progressbar', { name: 'camera.jpg 올리는 중' });
    await expect(progress).toBeVisible({ timeout: 15_000 });
    await expect(progress).toBeInViewport();
    await expect(tray.getByText(/^올리는 중… \d+%$/)).toBeVisible();
    // The thumbnail is the prepared picture itself.
    await expect(tray.locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(page.getByRole('button', { name: '올리기' })).toBeDisabled();

    const sent = await sentPicture(await upload.request, 'image');
    upload.release();
    expect(Math.max(sent.width, sent.height)).toBeLessThanOrEqual(2048);
    expect(sent).toMatchObject({ width: 1536, height: 2048 });
    expect(sent.bytes).toBeLessThan(10 * MB);

    await expect(tray.getByText('완료')).toBeVisible();
    await expect(progress).toHaveCount(0);
    const placed = page.getByRole('textbox', { name: '내용' }).locator('img');
    await expect(placed).toHaveCount(1);
    await expect(placed).toHaveAttribute('src', /\.webp$/);
    await expect(page.getByRole('button', { name: '올리기' })).toBeEnabled();
  });

  test('a picture whose upload was cut off is sent again with 다시 시도', async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/compose/post?category=free');
    await waitForIsland(page, 'PostForm');
    let attempts = 0;
    await page.route('**/api/image-upload', (route) => {
      attempts += 1;
      return attempts === 1 ? route.abort('connectionreset') : route.continue();
    });
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f97316' } }).png().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'walk.png', mimeType: 'image/png', buffer: small });
    const tray = page.getByRole('list', { name: '올리는 사진' });
    await expect(tray.getByRole('alert')).toHaveText('walk.png: 인터넷 연결을 확인한 뒤 다시 시도해 주세요.');
    await expect(page.getByRole('button', { name: '올리기' })).toBeEnabled();
    await tray.getByRole('button', { name: '다시 시도 (walk.png)' }).click();
    await expect(tray.getByText('완료')).toBeVisible();
    await expect(tray.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: '내용' }).locator('img')).toHaveCount(1);
    expect(attempts).toBe(2);
  });

  test('the square editor tells beside the picker, out loud, that a HEIC cannot be read', async ({ page }) => {
    await signInAsMember(page);
    await page.goto('/compose/post?category=free');
    await waitForIsland(page, 'PostForm');
    let sent = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/image-upload') sent = true;
    });

    await page.locator('input[type="file"]').setInputFiles(heic());
    const alert = page.getByRole('list', { name: '올리는 사진' }).getByRole('alert');
    await expect(alert).toHaveText(`IMG_0001.HEIC: ${UNREADABLE}`);
    await expect(alert).toBeInViewport();
    // Nothing to send again: the member is asked for another picture, and may clear this one.
    await expect(page.getByRole('button', { name: /다시 시도/ })).toHaveCount(0);
    await page.getByRole('button', { name: '빼기 (IMG_0001.HEIC)' }).click();
    await expect(page.getByRole('list', { name: '올리는 사진' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: '내용' }).locator('img')).toHaveCount(0);
    expect(sent).toBe(false);
  });
});

test.describe('the profile picture from a phone', () => {
  // A demo member of each project's own, whose picture no other spec looks at.
  const member = () => (test.info().project.name === 'mobile' ? 'member5@example.com' : 'member4@example.com');

  test('a camera photo is made smaller, sent with its progress and shown once saved', async ({ page }) => {
    // A 12 MB photo is made, then decoded and encoded again by a software-rendering browser: about
    // 25 s of the default 30 on a loaded two-core machine.
    test.slow();
    await signInAsMember(page, member());
    await page.goto('/mypage/profile');
    await waitForIsland(page, 'ProfileForm');
    const picker = page.getByLabel('프로필 사진 선택');
    await picker.setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(page.getByRole('img', { name: '새 프로필 사진 미리보기' })).toHaveAttribute('src', /^blob:/, { timeout: 15_000 });
    await expect(page.getByText(/선택한 사진: camera\.webp/)).toBeVisible();

    const save = await holdRequest(page, '**/api/me', 'POST');
    await page.getByRole('button', { name: '저장하기' }).click();
    // Beside the picture, and on the button just pressed, far below it on a phone.
    await expect(page.getByRole('progressbar', { name: 'camera.webp 올리는 중' })).toBeAttached();
    await expect(page.getByText(/^올리는 중… \d+%$/)).toBeAttached();
    await expect(page.getByRole('button', { name: /^사진 올리는 중… \d+%$/ })).toBeInViewport();

    const sent = await sentPicture(await save.request, 'profile_image');
    save.release();
    expect(sent).toMatchObject({ width: 1536, height: 2048 });
    expect(sent.bytes).toBeLessThan(10 * MB);

    await expect(page.getByRole('status').filter({ hasText: '프로필을 저장했어요.' })).toBeVisible();
    await expect(page.getByText(/^완료/)).toBeVisible();
    const current = page.getByRole('img', { name: '현재 프로필 사진' });
    await expect(current).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
    await expect.poll(() => current.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test('a HEIC the browser cannot read is refused beside the picker, out loud', async ({ page }) => {
    await signInAsMember(page, member());
    await page.goto('/mypage/profile');
    await waitForIsland(page, 'ProfileForm');
    const picker = page.getByLabel('프로필 사진 선택');
    await picker.setInputFiles(heic());
    const alert = page.getByRole('alert').filter({ hasText: UNREADABLE });
    await expect(alert).toBeVisible();
    await expect(alert).toBeInViewport();
    await expect(picker).toHaveAccessibleDescription(new RegExp(UNREADABLE.replace(/\./g, '\\.')));
    await expect(page.getByRole('img', { name: '새 프로필 사진 미리보기' })).toHaveCount(0);
  });
});

test('an inquiry attaches a camera photo made smaller beside a PDF, each with its progress', async ({ page }) => {
  // A 12 MB photo is made, then decoded and encoded again by a software-rendering browser: about
  // 25 s of the default 30 on a loaded two-core machine.
  test.slow();
  const member = test.info().project.name === 'mobile' ? 'member5@example.com' : 'member4@example.com';
  await signInAsMember(page, member);
  await page.goto('/inquiry/create');
  await waitForIsland(page, 'InquiryForm');
  await page.getByLabel('문의 유형').selectOption({ label: '오류 신고' });
  await page.getByLabel('제목', { exact: true }).fill(`사진 첨부 ${test.info().project.name} ${Date.now().toString(36)}`);
  await page.getByLabel('문의 내용', { exact: true }).fill('카메라로 찍은 사진을 첨부해요.');
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await page.getByLabel('파일 첨부', { exact: true }).setInputFiles([
    { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await photo() },
    { name: '영수증.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  const files = page.getByRole('list', { name: '첨부한 파일' });
  await expect(files.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await expect(files.getByText('camera.webp')).toBeVisible();

  const send = await holdRequest(page, '**/api/inquiries', 'POST');
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await expect(files.getByRole('progressbar', { name: 'camera.webp 올리는 중' })).toBeVisible();
  await expect(files.getByRole('progressbar', { name: '영수증.pdf 올리는 중' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^파일 올리는 중… \d+%$/ })).toBeInViewport();
  const sent = await sentPicture(await send.request, 'files[]');
  send.release();
  expect(sent).toMatchObject({ width: 1536, height: 2048 });
  await expect(page).toHaveURL(/\/inquiry\/\d+$/);
  await expect(page.getByRole('img', { name: '첨부 이미지 camera.webp' })).toBeVisible();
});
