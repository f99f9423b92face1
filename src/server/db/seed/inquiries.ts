import { eq } from 'drizzle-orm';
import { TIME_ZONE } from '../../../lib/constants.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { inquiries, inquiryCategories, users } from '../schema/index.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const ANSWER = `<p>안녕하세요, 아침햇살님. 리추얼 커뮤니티 운영팀이에요.</p>
<p>첫 주에 출장이 잡혀 리추얼을 놓치실까 걱정하셨군요. 시작 전에 미리 알려 주셔서 고마워요.</p>
<p>리추얼은 시작일이 지난 뒤에도 그대로 참여하실 수 있어요. 출장에서 돌아오신 날 방에 들어와 그날의 기록부터 남겨 주시면 돼요. 출장지에서도 5분 정도 여유가 생기신다면, 숙소에서 짧게 호흡을 고르고 한 줄만 남겨 두셔도 충분해요.</p>
<p>완주가 걱정되실 때는 1:1 문의로 언제든 편하게 남겨 주세요. 아침햇살님의 일정에 맞는 방법을 함께 찾아 드릴게요.</p>
<p>편안한 하루 보내시길 바라요. 고맙습니다.</p>`;

/**
 * For member1@example.com, one answered and one waiting inquiry, in the categories that
 * migration 0007 puts in every database.
 */
export async function seedInquiries(db: Db, now = new Date()): Promise<void> {
  const categories = await db.select({ id: inquiryCategories.id, name: inquiryCategories.name }).from(inquiryCategories);
  const categoryId = (name: string) => categories.find((category) => category.name === name)!.id;

  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'member1@example.com'));
  if (!member) return;

  const asked = new Date(now.getTime() - 3 * DAY_MS);
  // The member asks about the month ahead, whenever the seed runs.
  const nextMonth = (Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'numeric' }).format(asked)) % 12) + 1;
  const answeredAt = new Date(asked.getTime() + 5 * HOUR_MS);
  const waitingSince = new Date(now.getTime() - 3 * HOUR_MS);
  await db.insert(inquiries).values([
    {
      userId: member.id,
      inquiryCategoryId: categoryId('리추얼 참여'),
      title: '첫 주에 출장이 있어요. 중간에 참여해도 괜찮을까요?',
      content:
        `${nextMonth}월 아침 명상 리추얼을 신청했는데, 시작하는 주에 3일 동안 출장이 잡혔어요.\n첫 주 기록을 못 하면 완주 배지를 받을 수 없는지, 나중에 참여해도 되는지 궁금합니다.`,
      answer: sanitizeStaffHtml(ANSWER),
      answeredAt,
      createdAt: asked,
      updatedAt: answeredAt,
    },
    {
      userId: member.id,
      inquiryCategoryId: categoryId('주문·배송'),
      title: '명상 쿠션 배송지를 바꾸고 싶어요',
      content: '어제 주문한 명상 쿠션의 배송지를 회사 주소로 바꾸고 싶어요.\n아직 출고 전이라면 변경이 가능할까요?',
      createdAt: waitingSince,
      updatedAt: waitingSince,
    },
  ]);
}
