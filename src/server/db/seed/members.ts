import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/password.ts';

export const DEMO_PASSWORD = 'Passw0rd!';

const demoMembers = [
  { nickname: '아침햇살', introduction: '매일 아침 10분 명상으로 하루를 엽니다.' },
  { nickname: '느린걸음', introduction: '천천히, 그래도 꾸준히 걷는 사람입니다.' },
  { nickname: '새벽서재', introduction: '새벽 독서 리추얼 3개월째 이어가는 중이에요.' },
  { nickname: '오늘의기록', introduction: '하루 한 줄 회고를 씁니다.' },
  { nickname: '숲속산책', introduction: '주말마다 숲길을 걸으며 생각을 정리해요.' },
];

/** member1@example.com to member5@example.com, verified, all with the password Passw0rd!. */
export async function seedDemoMembers(db: Db): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const rows = await db
    .insert(users)
    .values(
      demoMembers.map((member, index) => ({
        email: `member${index + 1}@example.com`,
        passwordHash,
        nickname: member.nickname,
        username: `member${index + 1}`,
        introduction: member.introduction,
        emailVerifiedAt: now,
        agreedTermsAt: now,
        agreedPrivacyAt: now,
        inviteCode: `DEMO${index + 1}00`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}
