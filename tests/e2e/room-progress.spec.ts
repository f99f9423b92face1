import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

const DAY_MS = 86_400_000;
const seoulDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(at));

/** The demo's running room, read as member2: their newest post is in it (the seed's own data). */
async function runningRoomId(page: Page): Promise<number> {
  await signInAsMember(page, 'member2@example.com');
  const me = (await (await page.request.get('/api/me')).json()) as { data: { id: number } };
  const posts = await page.request.get(`/api/ritual-session-posts/users/${me.data.id}?per_page=1`);
  const [newest] = ((await posts.json()) as { data: { ritual_session_id: number }[] }).data;
  return newest!.ritual_session_id;
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test.describe('the room report', () => {
  test("member2's report shows yesterday's check-in as a day done, the streak and the room's rates", async ({ page }) => {
    const roomId = await runningRoomId(page);
    await page.goto(`/room/${roomId}/report`);
    await expect(page.getByRole('heading', { level: 1, name: '나의 리추얼 리포트' })).toBeVisible();
    const calendar = page.getByRole('table');
    const yesterday = calendar.locator(`td[data-date="${seoulDate(Date.now() - DAY_MS)}"]`);
    await expect(yesterday).toHaveClass(/done/);
    await expect(yesterday).toContainText('완료');
    await expect(page.getByText('연속 기록')).toBeVisible();
    await expect(page.getByRole('list', { name: '멤버별 완료율' }).getByText('나', { exact: true })).toBeVisible();
    const share = page.getByRole('checkbox', { name: '방 멤버에게 내 닉네임과 완료율 보여 주기' });
    // The toggle hydrates when it is scrolled to.
    await share.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ShareProgressToggle');
    await expect(share).toBeEnabled();
    await expect(share).not.toBeChecked();
    await expectNoSeriousViolations(page);
  });

  test('a member of the room sees another member and their posts there', async ({ page }) => {
    const roomId = await runningRoomId(page);
    await page.goto(`/room/${roomId}/users/member2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('느린걸음님의 기록');
    await expect(page.getByRole('heading', { name: '이 방에 쓴 글' })).toBeVisible();
    await expect(page.getByText('기상선언').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('a member of another room is refused the report, the letter and the member pages', async ({ page }) => {
    const roomId = await runningRoomId(page);
    await page.context().clearCookies();
    await signInAsMember(page, 'member4@example.com');
    for (const path of [`/room/${roomId}/report`, `/room/${roomId}/letter`, `/room/${roomId}/users/member2`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('이 리추얼 방의 멤버만 볼 수 있어요');
    }
    await expectNoSeriousViolations(page);
  });

  test('a guest is sent to sign in', async ({ page }) => {
    const roomId = await runningRoomId(page);
    await page.context().clearCookies();
    await page.goto(`/room/${roomId}/report`);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/room/${roomId}/report`)}`);
  });
});

test.describe('the letter to myself', () => {
  test('is written, then shown sealed, and stays sealed after a reload', async ({ page }) => {
    const roomId = await runningRoomId(page);
    // The projects run at once: each writes as its own member.
    if (test.info().project.name === 'desktop') {
      await page.context().clearCookies();
      await signInAsMember(page, 'member3@example.com');
    }
    await page.goto(`/room/${roomId}/letter`);
    await expect(page.getByRole('heading', { level: 1, name: '나에게 쓰는 편지' })).toBeVisible();
    await waitForIsland(page, 'LetterEditor');
    const open = page.getByRole('button', { name: '편지 열어 고쳐 쓰기' });
    if (await open.isVisible()) await open.click();
    const text = `끝나는 날의 나에게, ${test.info().project.name}에서 남겨요.`;
    await page.getByRole('textbox', { name: '리추얼이 끝나는 날의 나에게' }).fill(text);
    await page.getByRole('button', { name: /봉인하기/ }).click();
    await expect(page.getByRole('heading', { name: '봉인된 편지' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '편지를 봉투에 넣어 두었어요.' })).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
    await expectNoSeriousViolations(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: '봉인된 편지' })).toBeVisible();
    await waitForIsland(page, 'LetterEditor');
    await page.getByRole('button', { name: '편지 열어 고쳐 쓰기' }).click();
    await expect(page.getByRole('textbox', { name: '리추얼이 끝나는 날의 나에게' })).toHaveValue(text);
  });

  test('an empty letter is refused with its message under the field', async ({ page }) => {
    const roomId = await runningRoomId(page);
    await page.context().clearCookies();
    await signInAsMember(page, test.info().project.name === 'desktop' ? 'member1@example.com' : 'member5@example.com');
    await page.goto(`/room/${roomId}/letter`);
    if (test.info().project.name === 'mobile') {
      // member5 is in no room.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('이 리추얼 방의 멤버만 볼 수 있어요');
      return;
    }
    await waitForIsland(page, 'LetterEditor');
    const open = page.getByRole('button', { name: '편지 열어 고쳐 쓰기' });
    if (await open.isVisible()) await open.click();
    await page.getByRole('textbox', { name: '리추얼이 끝나는 날의 나에게' }).fill('   ');
    await page.getByRole('button', { name: /봉인하기/ }).click();
    await expect(page.getByText('편지 내용을 입력해 주세요.')).toBeVisible();
  });

  test("last month's delivered letter is shown in its room", async ({ page }) => {
    await signInAsMember(page, 'member2@example.com');
    const me = (await (await page.request.get('/api/me')).json()) as { data: { id: number } };
    const posts = (await (await page.request.get(`/api/ritual-session-posts/users/${me.data.id}?per_page=50`)).json()) as {
      data: { ritual_session_id: number }[];
    };
    const pastRoom = posts.data.at(-1)!.ritual_session_id;
    await page.goto(`/room/${pastRoom}/letter`);
    await expect(page.getByRole('heading', { name: '리추얼을 함께한 내가 보낸 편지' })).toBeVisible();
    await expect(page.getByText('지난달의 나에게.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test('/mypage shows the ritual numbers and a year of ritual days', async ({ page }) => {
  await signInAsMember(page, 'member2@example.com');
  await page.goto('/mypage');
  const section = page.getByRole('region', { name: '나의 리추얼' });
  await expect(section.getByText('리추얼 한 날')).toBeVisible();
  await expect(section.getByText(/최근 1년 동안 리추얼을 한 날 \d+일/)).toBeVisible();
  const heatmap = section.getByRole('img', { name: /체크인하거나 기록을 남겼어요/ });
  await expect(heatmap).toBeVisible();
  expect(await heatmap.locator('.cell.level-0').count()).toBeGreaterThan(0);
  expect(await heatmap.locator('.cell:not(.level-0)').count()).toBeGreaterThanOrEqual(30);
  await expectNoSeriousViolations(page);
});

test('/room/howto is open to a guest, with no script of its own', async ({ page }) => {
  const response = await page.goto('/room/howto');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL('/room/howto');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('함께하는 멤버들과 매일 조금씩');
  for (const name of ['체크인', '여섯 가지 글', '나에게 쓰는 편지', '나의 리포트', '방 안의 이야기는 방 안에서']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByText('이주의 목표', { exact: true })).toBeVisible();
  expect(await page.locator('astro-island').count()).toBe(0);
  await expectNoSeriousViolations(page);
});
