import { TIME_ZONE } from '../../../lib/constants.ts';
import type { Db } from '../client.ts';
import { mainBanners, mains } from '../schema/index.ts';

const DAY_MS = 24 * 3600_000;

/** The illustrations under public/images/home (scripts/home-images.ts), wide variant. */
const picture = (name: string, alt: string) => ({
  imageUrl: `/images/home/${name}-1440.webp`,
  imageAlt: alt,
  imageWidth: 1440,
  imageHeight: 560,
});

const DECEMBER_PICTURE = picture('ritual-december', '낮게 뜬 겨울 해와 완만한 언덕을 그린 일러스트');

/** Month numbers as Seoul counts them, so the copy names the month a newcomer is about to join. */
function seoulMonths(now: Date): { current: number; next: number; afterNext: number } {
  const current = Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'numeric' }).format(now));
  return { current, next: (current % 12) + 1, afterNext: ((current + 1) % 12) + 1 };
}

/**
 * Three versions of the home: last month's (replaced), this one (current), and next month's,
 * scheduled ahead, which must not show until its time.
 */
export async function seedHome(db: Db, now = new Date()): Promise<void> {
  const month = seoulMonths(now);
  const [previous, current, scheduled] = await db
    .insert(mains)
    .values([
      { title: `${month.current}월 메인`, publishedAt: new Date(now.getTime() - 30 * DAY_MS) },
      { title: `${month.next}월 리추얼 모집 메인`, publishedAt: new Date(now.getTime() - DAY_MS) },
      { title: `${month.afterNext}월 새해 메인 (예약)`, publishedAt: new Date(now.getTime() + 10 * DAY_MS) },
    ])
    .returning({ id: mains.id });

  const banners: Array<typeof mainBanners.$inferInsert> = [
    {
      mainId: previous!.id,
      title: `${month.current}월 리추얼 멤버를 모집해요`,
      subtitle: '지난 모집이에요. 이 배너는 보이지 않아야 해요.',
      ...DECEMBER_PICTURE,
      linkUrl: '/explorer',
      backgroundColor: '#fff1e6',
    },
    {
      mainId: current!.id,
      title: `${month.next}월 리추얼 멤버를 모집해요`,
      subtitle: '아침 10분 명상부터 감사 일기까지, 4주 동안 같은 목표를 가진 멤버들과 함께해요.',
      ...DECEMBER_PICTURE,
      linkUrl: '/explorer',
      backgroundColor: '#fff1e6',
      sortOrder: 1,
    },
    {
      mainId: current!.id,
      title: '하루에 만나는 원데이 클래스',
      subtitle: '주말 오후 두 시간, 향 블렌딩과 드로잉 저널링을 직접 배워 보세요.',
      ...picture('oneday-class', '아치형 창과 작은 새싹이 있는 작업실 일러스트'),
      linkUrl: '/explorer/program',
      backgroundColor: '#fdf0e1',
      sortOrder: 2,
    },
    {
      mainId: current!.id,
      title: '나를 돌보는 셀프케어 도구',
      subtitle: '리추얼을 꾸준히 이어 가도록 돕는 저널, 캔들, 차를 골랐어요.',
      ...picture('selfcare-tools', '선반 위에 놓인 초와 병, 잎사귀를 그린 일러스트'),
      linkUrl: '/explorer/selfcare',
      backgroundColor: '#f7efe6',
      sortOrder: 3,
    },
    {
      mainId: scheduled!.id,
      title: `${month.afterNext}월 새해 리추얼 얼리버드`,
      subtitle: '예약된 메인이에요. 공개 시각 전에는 보이지 않아야 해요.',
      ...DECEMBER_PICTURE,
      linkUrl: '/explorer',
      backgroundColor: '#fff1e6',
    },
  ];
  await db.insert(mainBanners).values(banners);
}
