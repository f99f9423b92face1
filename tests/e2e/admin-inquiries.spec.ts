import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { openConsole, openMenu, searchList } from './console.ts';
import { MAIL_OUTBOX, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

test('a member asks, the administrator answers in the console, and the member reads the answer', async ({ page, browser }) => {
  // A member's journey and the console's in one test: 26-30 s of the default 30 on a loaded two-core machine.
  test.slow();
  // Members whose notifications and inquiries no other spec counts (POST /register's hourly limit
  // is the account specs' to spend); each project its own, as they run at the same time.
  const email = test.info().project.name === 'mobile' ? 'member1@example.com' : 'member2@example.com';
  await signInAsMember(page, email);
  const title = `배송지 변경 문의 ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.goto('/inquiry/create');
  await waitForIsland(page, 'InquiryForm');
  await page.getByLabel('문의 유형').selectOption({ label: '주문·배송' });
  await page.getByLabel('제목', { exact: true }).fill(title);
  await page.getByLabel('문의 내용', { exact: true }).fill('어제 주문한 명상 쿠션의 배송지를 회사로 바꾸고 싶어요.');
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await expect(page).toHaveURL(/\/inquiry\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByText('답변 대기')).toBeVisible();

  // Its own context: the console's cookies apart from the member's (and axe needs a context's page).
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openConsole(staff);
  await openMenu(staff, '1:1 문의');
  await expect(staff).toHaveURL(/\/admin\/inquiries/);
  await searchList(staff, '제목, 회원 닉네임·이메일 검색', title);
  await staff.getByRole('cell', { name: title }).click();
  await expect(staff.getByText('어제 주문한 명상 쿠션의 배송지를 회사로 바꾸고 싶어요.')).toBeVisible();
  await expect(staff.getByText(email, { exact: false })).toBeVisible();

  const answer = staff.getByRole('textbox', { name: '답변' });
  await answer.fill('안녕하세요, 운영팀이에요.\n아직 출고 전이라 회사 주소로 바꿔 드렸어요.\n\n편안한 하루 보내세요.');
  await staff.getByRole('button', { name: '답변 등록' }).click();
  await expect(staff.getByText('답변을 등록했어요.', { exact: false })).toBeVisible();
  await expect(staff.getByRole('button', { name: '답변 고치기' })).toBeVisible();
  // This screen's own content; the console's frame is admin.spec.ts's to check.
  const results = await new AxeBuilder({ page: staff }).include('#main-content').analyze();
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  await staffContext.close();

  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: '운영팀 답변' })).toBeVisible();
  await expect(page.getByText('아직 출고 전이라 회사 주소로 바꿔 드렸어요.')).toBeVisible();
  await expect(page.getByText('편안한 하루 보내세요.')).toBeVisible();

  const answerMail = async () =>
    (await readOutbox(MAIL_OUTBOX, { to: email })).some((mail) => mail.subject === '[리추얼] 문의하신 내용에 답변이 등록되었어요' && mail.text.includes(title));
  await expect.poll(answerMail, { timeout: 10_000 }).toBe(true);

  await page.goto('/notification');
  const told = page.getByRole('link').filter({ hasText: title });
  await expect(told).toContainText('문의하신 내용에 운영팀 답변이 등록되었어요.');
  await expect(told).toHaveAttribute('href', new URL(detailUrl).pathname);
});
