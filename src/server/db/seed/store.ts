import { inArray } from 'drizzle-orm';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { badges, productBadges, productImages, productOptions, products, reviews, themes, users } from '../schema/index.ts';

type Kind = 'journal' | 'candle' | 'tea' | 'mat' | 'planner' | 'diffuser' | 'pillow' | 'mug';
type ThemeName = '마음 돌보기' | '몸 깨우기' | '기록하기' | '관계 맺기' | '배우고 성장하기';
type BadgeName = 'NEW' | '인기';

/** The pictures drawn by scripts/product-images.ts: what each kind shows, for its alt text. */
const PICTURES: Record<Kind, string> = {
  journal: '고무 밴드와 책갈피 끈이 달린 하드커버 노트',
  candle: '유리 용기에 담긴 캔들과 작은 불꽃',
  tea: '둥근 찻주전자와 김이 오르는 찻잔',
  mat: '스트랩으로 묶어 둥글게 만 요가 매트',
  planner: '한 주 일정이 펼쳐진 플래너와 펜',
  diffuser: '갈대 스틱이 꽂힌 디퓨저 병',
  pillow: '바느질 선이 보이는 눈 베개',
  mug: '받침 위에서 김이 오르는 머그잔',
};

const PALETTE_NAMES = ['살구색', '초록색', '보라색'] as const;

interface SeedOption {
  name: string;
  extra?: number;
  stock: number;
}

interface SeedProduct {
  title: string;
  summary: string;
  description: string[];
  theme: ThemeName;
  kind: Kind;
  /** 1 to 3: the picture's palette; the gallery adds the other two. */
  palette: 1 | 2 | 3;
  price: number;
  salePrice?: number;
  stock?: number;
  options?: SeedOption[];
  soldOut?: boolean;
  sales: number;
  badges?: BadgeName[];
  daysAgo: number;
  freeShippingOver?: number | null;
}

// Fictional tools and copy for the demo shop; the shipping rule follows the store's 배송 안내 page.
const PRODUCTS: SeedProduct[] = [
  {
    title: '하루 한 줄 5년 다이어리',
    summary: '같은 날짜의 다섯 해를 한 쪽에서 만나는 한 줄 일기장',
    description: ['하루에 한 줄이면 충분해요. 같은 날의 작년과 올해를 나란히 읽다 보면 내가 자란 만큼이 보여요.', '중성지 120g 내지와 천 양장 표지로 5년을 버티도록 만들었어요.'],
    theme: '기록하기',
    kind: 'journal',
    palette: 1,
    price: 28_000,
    salePrice: 24_000,
    options: [
      { name: '살구', stock: 40 },
      { name: '세이지', stock: 25 },
      { name: '라벤더', stock: 0 },
    ],
    sales: 312,
    badges: ['인기'],
    daysAgo: 60,
  },
  {
    title: '감사 일기 100일 노트',
    summary: '매일 밤 세 줄, 고마운 일을 적는 100일 가이드 노트',
    description: ['하루 세 가지 감사와 내일의 작은 다짐을 적는 칸이 있어요.', '10일마다 돌아보기 질문이 있어 100일을 끝까지 이어 가도록 도와줘요.'],
    theme: '마음 돌보기',
    kind: 'journal',
    palette: 2,
    price: 16_000,
    stock: 80,
    sales: 210,
    daysAgo: 45,
  },
  {
    title: '무지 도트 노트 A5',
    summary: '만년필에도 번지지 않는 도트 내지의 가벼운 노트',
    description: ['5mm 도트 160쪽, 펼치면 평평하게 눕는 사철 제본이에요.', '불렛 저널, 필사, 습관 기록 어디에나 잘 어울려요.'],
    theme: '기록하기',
    kind: 'journal',
    palette: 3,
    price: 12_000,
    stock: 120,
    sales: 95,
    daysAgo: 30,
  },
  {
    title: '라벤더 소이 캔들 200g',
    summary: '잠들기 전 10분, 은은한 라벤더 향의 천연 소이 캔들',
    description: ['100% 소이 왁스와 면 심지로 그을음이 적어요. 약 40시간 동안 타요.', '처음에는 표면 전체가 녹을 때까지 2시간쯤 켜 두면 끝까지 고르게 타요.'],
    theme: '마음 돌보기',
    kind: 'candle',
    palette: 1,
    price: 32_000,
    salePrice: 25_600,
    options: [
      { name: '라벤더', stock: 30 },
      { name: '우디 시더', extra: 2000, stock: 12 },
      { name: '화이트 티', stock: 0 },
    ],
    sales: 402,
    badges: ['인기'],
    daysAgo: 90,
  },
  {
    title: '명상 티라이트 캔들 12개입',
    summary: '짧은 명상 한 번에 하나씩, 무향 티라이트 세트',
    description: ['한 개가 약 4시간 타요. 향이 없어 다른 향과 함께 써도 좋아요.', '알루미늄 컵 대신 재활용 가능한 폴리카보네이트 컵이에요.'],
    theme: '마음 돌보기',
    kind: 'candle',
    palette: 2,
    price: 9_800,
    stock: 0,
    sales: 150,
    daysAgo: 75,
  },
  {
    title: '새벽 숲 향초 캔들',
    summary: '편백과 이끼 향으로 아침을 여는 캔들',
    description: ['편백, 이끼, 베르가못을 섞은 맑은 향이에요.', '뚜껑이 있는 유리 용기라 다 쓴 뒤에는 소품 통으로 쓸 수 있어요.'],
    theme: '몸 깨우기',
    kind: 'candle',
    palette: 3,
    price: 29_000,
    stock: 18,
    sales: 64,
    badges: ['NEW'],
    daysAgo: 4,
  },
  {
    title: '캐모마일 블렌딩 티 20티백',
    summary: '카페인 없이 저녁을 편안하게, 캐모마일과 레몬밤',
    description: ['캐모마일, 레몬밤, 페퍼민트를 한 번에 우리기 좋게 담았어요.', '뜨거운 물 200ml에 3분, 저녁 루틴의 시작으로 추천해요.'],
    theme: '마음 돌보기',
    kind: 'tea',
    palette: 2,
    price: 14_000,
    salePrice: 11_900,
    stock: 200,
    sales: 520,
    badges: ['인기'],
    daysAgo: 120,
  },
  {
    title: '다도 입문 세트',
    summary: '1인용 찻주전자와 잔 두 개, 녹차 50g으로 시작하는 다도',
    description: ['손에 쥐기 좋은 300ml 찻주전자와 잔 두 개, 하동 녹차가 함께 들어 있어요.', '차를 우리는 5분 동안 호흡에 머무는 방법을 적은 안내 카드를 넣었어요.'],
    theme: '마음 돌보기',
    kind: 'tea',
    palette: 1,
    price: 58_000,
    salePrice: 49_000,
    options: [
      { name: '백자', stock: 6 },
      { name: '청자', extra: 4000, stock: 3 },
    ],
    sales: 88,
    daysAgo: 50,
    freeShippingOver: 50_000,
  },
  {
    title: '아침 루이보스 티 30티백',
    summary: '아침 물 한 잔 대신 따뜻한 루이보스 한 잔',
    description: ['남아프리카산 유기농 루이보스만 담았어요.', '카페인이 없어 아침 공복에도 부담이 적어요.'],
    theme: '몸 깨우기',
    kind: 'tea',
    palette: 3,
    price: 15_000,
    stock: 90,
    sales: 133,
    daysAgo: 20,
  },
  {
    title: '친환경 TPE 요가 매트 6mm',
    summary: '미끄럽지 않고 가벼운 6mm 요가 매트, 스트랩 포함',
    description: ['양면 논슬립 TPE로 무릎이 편하고 냄새가 적어요.', '183 × 61cm, 1kg이 안 돼서 들고 다니기 좋아요.'],
    theme: '몸 깨우기',
    kind: 'mat',
    palette: 3,
    price: 45_000,
    salePrice: 36_000,
    options: [
      { name: '라벤더', stock: 14 },
      { name: '올리브', stock: 9 },
      { name: '테라코타', stock: 0 },
    ],
    sales: 276,
    badges: ['인기'],
    daysAgo: 100,
  },
  {
    title: '접이식 여행용 요가 매트',
    summary: '네 번 접어 가방에 쏙, 1.5mm 천연고무 매트',
    description: ['출장이나 여행지에서도 아침 스트레칭을 이어 가도록 만든 얇은 매트예요.', '천연고무 바닥이라 호텔 카펫 위에서도 밀리지 않아요.'],
    theme: '몸 깨우기',
    kind: 'mat',
    palette: 1,
    price: 52_000,
    stock: 0,
    sales: 41,
    soldOut: true,
    daysAgo: 80,
  },
  {
    title: '요가 매트 스트랩',
    summary: '매트를 묶고 스트레칭 보조로도 쓰는 면 스트랩',
    description: ['길이 조절 고리로 매트 두께에 맞게 묶어요.', '풀면 250cm, 다리 뒤쪽을 늘이는 스트레칭에 써요.'],
    theme: '몸 깨우기',
    kind: 'mat',
    palette: 2,
    price: 9_000,
    stock: 60,
    sales: 57,
    daysAgo: 12,
  },
  {
    title: '12주 습관 플래너',
    summary: '분기마다 새로 시작하는 날짜 없는 습관 플래너',
    description: ['한 주에 두 쪽, 습관 체크 칸과 주간 회고 칸이 나란히 있어요.', '날짜가 없어 언제 시작해도 빈 쪽이 남지 않아요.'],
    theme: '배우고 성장하기',
    kind: 'planner',
    palette: 1,
    price: 19_800,
    salePrice: 15_800,
    stock: 75,
    sales: 340,
    badges: ['인기'],
    daysAgo: 70,
  },
  {
    title: '2027 먼슬리 플래너',
    summary: '한 달을 한눈에, 리추얼 기록 칸이 있는 2027년 플래너',
    description: ['월간 달력 옆에 이번 달 리추얼과 다짐을 적는 칸을 두었어요.', '2026년 12월부터 2027년 12월까지 13개월이에요.'],
    theme: '기록하기',
    kind: 'planner',
    palette: 2,
    price: 22_000,
    options: [
      { name: '소프트커버', stock: 50 },
      { name: '하드커버', extra: 3000, stock: 20 },
    ],
    sales: 118,
    badges: ['NEW'],
    daysAgo: 2,
  },
  {
    title: '독서 기록 플래너',
    summary: '읽은 책과 밑줄 친 문장을 모아 두는 1년 독서 노트',
    description: ['책마다 한 쪽, 밑줄 문장과 생각을 적는 칸이 있어요.', '연말에는 올해의 책을 골라 보는 돌아보기 쪽이 있어요.'],
    theme: '배우고 성장하기',
    kind: 'planner',
    palette: 3,
    price: 17_000,
    stock: 40,
    sales: 73,
    daysAgo: 35,
  },
  {
    title: '숙면 라벤더 디퓨저 200ml',
    summary: '침실에 두는 라벤더와 베티버 향의 리드 디퓨저',
    description: ['약 두 달 동안 은은하게 향이 퍼져요.', '스틱을 일주일에 한 번 뒤집어 주면 향이 다시 살아나요.'],
    theme: '마음 돌보기',
    kind: 'diffuser',
    palette: 3,
    price: 34_000,
    salePrice: 27_200,
    stock: 26,
    sales: 190,
    daysAgo: 55,
  },
  {
    title: '집중 로즈마리 디퓨저 100ml',
    summary: '책상 위에 두는 로즈마리와 레몬 향',
    description: ['공부나 일을 시작하기 전, 맑은 향으로 마음을 정리해요.', '작은 병이라 좁은 책상에도 잘 맞아요.'],
    theme: '배우고 성장하기',
    kind: 'diffuser',
    palette: 2,
    price: 24_000,
    stock: 0,
    sales: 66,
    daysAgo: 40,
  },
  {
    title: '룸 스프레이 포레스트',
    summary: '환기 후 한 번, 숲 향으로 방을 새로 여는 스프레이',
    description: ['편백 오일과 유칼립투스를 담은 100ml 룸 스프레이예요.', '침구와 커튼에 뿌려도 얼룩이 남지 않아요.'],
    theme: '몸 깨우기',
    kind: 'diffuser',
    palette: 1,
    price: 18_000,
    stock: 45,
    sales: 22,
    badges: ['NEW'],
    daysAgo: 6,
  },
  {
    title: '온열 아이 필로우',
    summary: '전자레인지에 30초, 눈가를 데우는 팥 아이 필로우',
    description: ['국산 팥과 라벤더를 넣은 면 주머니예요. 데우거나 차갑게 써요.', '덮개는 분리해서 빨 수 있어요.'],
    theme: '마음 돌보기',
    kind: 'pillow',
    palette: 3,
    price: 26_000,
    salePrice: 19_500,
    options: [
      { name: '라벤더 향', stock: 20 },
      { name: '무향', stock: 8 },
    ],
    sales: 230,
    badges: ['인기'],
    daysAgo: 85,
  },
  {
    title: '실크 수면 안대',
    summary: '빛을 막고 피부에 닿는 느낌이 부드러운 실크 안대',
    description: ['멀버리 실크 19맘메, 머리 뒤 밴드는 조이지 않는 너비예요.', '낮잠 루틴이나 비행기에서도 써요.'],
    theme: '마음 돌보기',
    kind: 'pillow',
    palette: 1,
    price: 23_000,
    stock: 33,
    sales: 101,
    daysAgo: 28,
  },
  {
    title: '명상 방석 쿠션',
    summary: '허리를 세워 앉게 돕는 메밀 속 명상 방석',
    description: ['메밀 껍질을 넣어 앉는 모양대로 받쳐 줘요. 높이는 속을 덜어 맞춰요.', '지름 35cm, 손잡이가 있어 옮기기 쉬워요.'],
    theme: '마음 돌보기',
    kind: 'pillow',
    palette: 2,
    price: 48_000,
    stock: 0,
    soldOut: true,
    sales: 77,
    daysAgo: 65,
  },
  {
    title: '리추얼 세라믹 머그 350ml',
    summary: '아침 물 한 잔을 위한 손잡이가 넉넉한 머그',
    description: ['손으로 빚어 하나하나 모양이 조금씩 달라요.', '식기세척기와 전자레인지에 써도 괜찮아요.'],
    theme: '몸 깨우기',
    kind: 'mug',
    palette: 1,
    price: 21_000,
    options: [
      { name: '크림', stock: 15 },
      { name: '세이지', stock: 0 },
      { name: '라일락', stock: 7 },
    ],
    sales: 144,
    daysAgo: 48,
  },
  {
    title: '보온 텀블러 480ml',
    summary: '따뜻한 차를 여섯 시간 따뜻하게, 산책용 텀블러',
    description: ['이중 진공 구조로 뜨거운 차가 여섯 시간 동안 따뜻해요.', '거름망이 있어 잎차를 바로 우릴 수 있어요.'],
    theme: '몸 깨우기',
    kind: 'mug',
    palette: 2,
    price: 36_000,
    salePrice: 32_400,
    stock: 22,
    sales: 58,
    daysAgo: 15,
  },
  {
    title: '마음 편지 카드 세트',
    summary: '고마운 사람에게 건네는 엽서 12장과 봉투',
    description: ['계절 그림 엽서 12장과 봉투, 스티커가 들어 있어요.', '한 달에 한 장, 안부를 전하는 리추얼에 써 보세요.'],
    theme: '관계 맺기',
    kind: 'mug',
    palette: 3,
    price: 11_000,
    stock: 70,
    sales: 39,
    daysAgo: 10,
  },
];

interface SeedReview {
  product: string;
  rating: number;
  text: string;
  /** The product picture of this palette stands in for the buyer's photo. */
  photo?: 1 | 2 | 3;
  daysAgo: number;
}

const REVIEWS: SeedReview[] = [
  { product: '하루 한 줄 5년 다이어리', rating: 5, text: '작년 오늘 뭐 했는지 보는 재미가 있어요. 종이가 두꺼워서 만년필도 괜찮아요.', photo: 2, daysAgo: 20 },
  { product: '하루 한 줄 5년 다이어리', rating: 5, text: '선물용으로 하나 더 샀어요. 표지 색이 사진보다 차분해요.', daysAgo: 14 },
  { product: '하루 한 줄 5년 다이어리', rating: 4, text: '한 줄이라 부담이 없어요. 다만 칸이 조금 좁게 느껴져요.', photo: 3, daysAgo: 6 },
  { product: '라벤더 소이 캔들 200g', rating: 5, text: '자기 전에 켜 두면 방이 편안해져요. 향이 강하지 않아서 좋아요.', photo: 1, daysAgo: 30 },
  { product: '라벤더 소이 캔들 200g', rating: 4, text: '우디 시더로 샀는데 생각보다 달콤해요. 그래도 만족해요.', daysAgo: 12 },
  { product: '라벤더 소이 캔들 200g', rating: 5, text: '그을음이 거의 없어요. 두 번째 구매예요.', photo: 2, daysAgo: 3 },
  { product: '캐모마일 블렌딩 티 20티백', rating: 5, text: '저녁마다 한 잔씩 마셔요. 레몬밤 향이 은은해요.', daysAgo: 25 },
  { product: '캐모마일 블렌딩 티 20티백', rating: 4, text: '맛있어요. 티백이 조금 작아서 두 개씩 넣어요.', photo: 3, daysAgo: 9 },
  { product: '친환경 TPE 요가 매트 6mm', rating: 5, text: '가볍고 미끄럽지 않아요. 아침 스트레칭이 즐거워졌어요.', photo: 3, daysAgo: 18 },
  { product: '친환경 TPE 요가 매트 6mm', rating: 3, text: '처음에 냄새가 조금 있었는데 이틀 펴 두니 괜찮아졌어요.', daysAgo: 8 },
  { product: '12주 습관 플래너', rating: 5, text: '날짜가 없어서 중간에 쉬어도 다시 시작하기 쉬워요.', photo: 1, daysAgo: 11 },
  { product: '온열 아이 필로우', rating: 5, text: '눈이 피곤한 날 데워서 올리면 금방 잠들어요.', photo: 3, daysAgo: 16 },
  { product: '온열 아이 필로우', rating: 4, text: '무향으로 샀어요. 팥 냄새가 살짝 나지만 좋아요.', daysAgo: 5 },
  { product: '다도 입문 세트', rating: 5, text: '안내 카드대로 차를 우리니 자연스럽게 천천히 마시게 돼요.', photo: 1, daysAgo: 22 },
];

const DAY_MS = 86_400_000;
const STANDARD_FEE = 3000;
// The 배송 안내 page: free from 50,000원.
const FREE_SHIPPING_OVER = 50_000;

const pictureOf = (kind: Kind, palette: number) => ({
  url: `/images/products/${kind}-${palette}.webp`,
  alt: `${PALETTE_NAMES[palette - 1]} 배경에 놓인 ${PICTURES[kind]} 그림`,
});

/** The demo shop: about two dozen tools with options, pictures, a few sold out, and reviews with photos. */
export async function seedStore(db: Db): Promise<void> {
  const now = Date.now();
  const themeRows = await db.select({ id: themes.id, name: themes.name }).from(themes);
  const badgeRows = await db
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .where(inArray(badges.name, ['NEW', '인기']));
  const themeId = new Map(themeRows.map((row) => [row.name, row.id]));
  const badgeId = new Map(badgeRows.map((row) => [row.name, row.id]));

  const created = await db
    .insert(products)
    .values(
      PRODUCTS.map((product) => ({
        title: product.title,
        summary: product.summary,
        descriptionHtml: sanitizeStaffHtml(product.description.map((paragraph) => `<p>${paragraph}</p>`).join('')),
        themeId: themeId.get(product.theme) ?? null,
        price: product.price,
        salePrice: product.salePrice ?? product.price,
        stock: product.options ? 0 : (product.stock ?? 0),
        status: product.soldOut ? ('sold_out' as const) : ('on_sale' as const),
        shippingFee: STANDARD_FEE,
        freeShippingOver: product.freeShippingOver === undefined ? FREE_SHIPPING_OVER : product.freeShippingOver,
        salesCount: product.sales,
        createdAt: new Date(now - product.daysAgo * DAY_MS),
        updatedAt: new Date(now - product.daysAgo * DAY_MS),
      })),
    )
    .returning({ id: products.id, title: products.title });
  const idOf = new Map(created.map((row) => [row.title, row.id]));

  const options = PRODUCTS.flatMap((product) =>
    (product.options ?? []).map((option, index) => ({
      productId: idOf.get(product.title)!,
      name: option.name,
      extraPrice: option.extra ?? 0,
      stock: option.stock,
      sortOrder: index,
    })),
  );
  await db.insert(productOptions).values(options);

  // The gallery: the product's own picture first, then the same tool in the two other palettes.
  await db.insert(productImages).values(
    PRODUCTS.flatMap((product) =>
      [product.palette, ...[1, 2, 3].filter((palette) => palette !== product.palette)].map((palette, index) => ({
        productId: idOf.get(product.title)!,
        ...pictureOf(product.kind, palette),
        width: 800,
        height: 800,
        sortOrder: index,
      })),
    ),
  );

  const badgeLinks = PRODUCTS.flatMap((product) =>
    (product.badges ?? []).flatMap((name) => {
      const id = badgeId.get(name);
      return id === undefined ? [] : [{ productId: idOf.get(product.title)!, badgeId: id }];
    }),
  );
  if (badgeLinks.length > 0) await db.insert(productBadges).values(badgeLinks);

  // Written by the demo members. The orders they came from are the checkout's (issue 20): until it
  // lands, a seeded review names no order item.
  const writers = await db.select({ id: users.id }).from(users).where(inArray(users.email, ['member1@example.com', 'member2@example.com', 'member3@example.com', 'member4@example.com', 'member5@example.com']));
  if (writers.length === 0) return;
  await db.insert(reviews).values(
    REVIEWS.map((review, index) => {
      const product = PRODUCTS.find((candidate) => candidate.title === review.product)!;
      return {
        userId: writers[index % writers.length]!.id,
        reviewableType: 'product' as const,
        reviewableId: idOf.get(review.product)!,
        rating: review.rating,
        contentHtml: sanitizeStaffHtml(`<p>${review.text}</p>`),
        photoImageUrl: review.photo ? pictureOf(product.kind, review.photo).url : null,
        createdAt: new Date(now - review.daysAgo * DAY_MS),
      };
    }),
  );
}
