import type { Db } from '../client.ts';
import { banners } from '../schema/index.ts';

export async function seedBanners(db: Db): Promise<void> {
  await db.insert(banners).values([
    {
      type: 'header_text_banner',
      text: '12월 리추얼 모집 중 · 한 해를 차분히 마무리하는 습관, 지금 함께 시작해요',
      link: '/explorer',
      sortOrder: 10,
    },
    {
      type: 'header_text_banner',
      text: '지난 시즌 배너는 보이지 않아요',
      link: '/explorer',
      isActive: false,
    },
  ]);
}
