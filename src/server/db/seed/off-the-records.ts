import type { OffTheRecordKind } from '../schema/index.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { offTheRecordCategories, offTheRecords } from '../schema/index.ts';
import { seoulDay } from './pages.ts';

/** The covers drawn by scripts/record-images.ts, each with what it shows. */
const COVERS = {
  meditation: { url: '/images/off-the-record/meditation.webp', alt: '따뜻한 주황빛 원 둘레로 동심원이 고요하게 퍼지는 그림' },
  journal: { url: '/images/off-the-record/journal.webp', alt: '줄이 그어진 펼친 노트 위에 주황색 연필이 놓인 그림' },
  walk: { url: '/images/off-the-record/walk.webp', alt: '초록 언덕 사이로 난 오솔길 위에 해가 떠 있는 그림' },
  tea: { url: '/images/off-the-record/tea.webp', alt: '김이 오르는 따뜻한 찻잔이 받침 위에 놓인 그림' },
  dawn: { url: '/images/off-the-record/dawn.webp', alt: '겹겹의 지평선 위로 주황빛 해가 반쯤 떠오르는 새벽 그림' },
  conversation: { url: '/images/off-the-record/conversation.webp', alt: '보라색과 주황색 말풍선 두 개가 겹쳐 있는 그림' },
  sprout: { url: '/images/off-the-record/sprout.webp', alt: '흙 위로 잎 두 장을 틔운 새싹 그림' },
  books: { url: '/images/off-the-record/books.webp', alt: '책갈피를 끼운 책 세 권이 쌓여 있는 그림' },
} as const;

type Cover = keyof typeof COVERS;

const CATEGORIES = ['멤버 인터뷰', '리추얼 기록', '참여 후기', '마음 돌봄 노트'] as const;
type CategoryName = (typeof CATEGORIES)[number];

interface DemoRecord {
  category: CategoryName;
  kind: OffTheRecordKind;
  title: string;
  summary: string;
  author: string;
  cover: Cover;
  /** Days before the seed's day; null for a draft, negative for a scheduled record. */
  daysAgo: number | null;
  /** Paragraphs, a heading as `## …` and a quote as `> …`. */
  body: string[];
}

const RECORDS: DemoRecord[] = [
  {
    category: '멤버 인터뷰',
    kind: 'interview',
    title: '아침 10분 명상이 바꾼 출근길',
    summary: '석 달째 아침 명상을 이어 가는 직장인 하은 님에게 작은 습관이 하루를 어떻게 바꾸는지 물었어요.',
    author: '리추얼 메이트 하은',
    cover: 'meditation',
    daysAgo: 3,
    body: [
      '하은 님은 출근 전 10분 동안 명상을 해요. 처음에는 알람을 끄고 다시 눕는 날이 더 많았다고 해요.',
      '## 처음 일주일이 가장 어려웠어요',
      '눈을 감으면 오늘 할 일부터 떠올랐어요. 그럴 때마다 숨을 세며 다시 돌아오는 연습을 했고, 사흘째부터는 10분이 조금 짧게 느껴졌어요.',
      '> 명상을 잘하려고 하지 않고, 그냥 앉아 있는 나를 봐 주기로 했어요.',
      '## 같은 시간에 앉아 있는 사람들',
      '리추얼 멤버들이 새벽에 남긴 한 줄 인증을 보면 혼자가 아니라는 생각이 들었대요. 지금은 지하철에서도 세 번 깊게 숨 쉬는 습관이 생겼어요.',
    ],
  },
  {
    category: '리추얼 기록',
    kind: 'record',
    title: '4주 동안 감사 일기를 쓰며 모은 문장들',
    summary: '매일 밤 세 줄씩 적은 감사 일기에서 가장 많이 나온 단어는 무엇이었을까요?',
    author: '리추얼 메이트 지우',
    cover: 'journal',
    daysAgo: 6,
    body: [
      '감사 일기 리추얼 12월 기수 멤버 열네 명이 4주 동안 남긴 문장을 모아 봤어요.',
      '## 가장 많이 나온 단어',
      '따뜻한 밥, 퇴근길 노을, 안부 문자. 거창한 일보다 스쳐 지나가기 쉬운 순간들이 많았어요.',
      '> 오늘은 엘리베이터를 잡아 준 이웃에게 고마웠다.',
      '마지막 주에는 나 자신에게 고마운 점을 적는 멤버가 늘었어요. 기록이 쌓이면서 시선이 안쪽으로도 향하게 된 거예요.',
    ],
  },
  {
    category: '참여 후기',
    kind: 'review',
    title: '주 3회 걷기 리추얼, 만 보보다 중요한 것',
    summary: '걸음 수를 채우려다 풍경을 보게 된 한 달. 걷기 리추얼을 완주한 도윤 님의 후기예요.',
    author: '리추얼 메이트 도윤',
    cover: 'walk',
    daysAgo: 9,
    body: [
      '처음에는 걸음 수만 봤어요. 만 보를 못 채운 날은 실패한 것 같았거든요.',
      '## 풍경 사진 한 장',
      '인증 방법이 걸은 거리와 풍경 사진이라서, 사진을 찍으려고 고개를 들기 시작했어요. 동네에 이렇게 나무가 많은 줄 몰랐어요.',
      '> 걷기는 운동이 아니라 생각을 정리하는 시간이 됐어요.',
      '완주 쿠폰으로 다음 달에는 아침 스트레칭 리추얼을 신청했어요.',
    ],
  },
  {
    category: '마음 돌봄 노트',
    kind: 'record',
    title: '잠들기 전 5분 호흡 명상 가이드',
    summary: '불을 끄고 누운 자리에서 바로 따라 할 수 있는 짧은 호흡 명상을 정리했어요.',
    author: '리추얼 에디터 서윤',
    cover: 'dawn',
    daysAgo: 12,
    body: [
      '하루 끝에 생각이 꼬리를 물 때 해 볼 수 있는 5분 호흡 명상이에요.',
      '## 이렇게 해 보세요',
      '넷을 세며 코로 들이쉬고, 넷을 세며 멈추고, 여섯을 세며 입으로 내쉬어요. 다섯 번 반복한 다음에는 숫자 없이 숨을 지켜봐요.',
      '> 잠이 오지 않아도 괜찮아요. 몸이 쉬는 시간이라는 것만 기억해요.',
      '마음 돌보기 리추얼 멤버들은 이 호흡을 하루 인증의 마지막 순서로 삼기도 해요.',
    ],
  },
  {
    category: '멤버 인터뷰',
    kind: 'interview',
    title: '새벽 독서 호스트 민준 님과의 대화',
    summary: '새벽 다섯 시에 책을 펴는 사람들. 2년째 새벽 독서 리추얼을 이끄는 호스트를 만났어요.',
    author: '리추얼 에디터 서윤',
    cover: 'books',
    daysAgo: 15,
    body: [
      '민준 님은 새벽 독서 리추얼의 호스트예요. 멤버들이 남긴 밑줄 한 줄에 매일 답글을 달아요.',
      '## 왜 새벽인가요',
      '아무도 나를 찾지 않는 유일한 시간이라서요. 하루 20쪽이면 한 달에 책 두 권을 읽을 수 있어요.',
      '> 완독보다 매일 펼치는 게 더 중요하다고 말씀드려요.',
      '## 호스트로서 지키는 것',
      '못 읽은 날을 탓하지 않는 분위기요. 다음 날 다시 펼치면 그걸로 충분해요.',
    ],
  },
  {
    category: '참여 후기',
    kind: 'review',
    title: '물 마시기 리추얼로 알게 된 내 몸의 신호',
    summary: '하루 여덟 잔을 목표로 한 달을 보낸 뒤 달라진 점을 솔직하게 적었어요.',
    author: '리추얼 메이트 수아',
    cover: 'tea',
    daysAgo: 19,
    body: [
      '오후만 되면 두통이 있었는데, 물을 챙겨 마시면서 빈도가 줄었어요.',
      '## 작은 장치들',
      '책상 위에 컵을 두고, 회의가 끝날 때마다 한 잔씩 마셨어요. 따뜻한 보리차로 바꾸니 겨울에도 쉬웠어요.',
      '> 목이 마르기 전에 마시는 게 핵심이었어요.',
    ],
  },
  {
    category: '리추얼 기록',
    kind: 'record',
    title: '하루 한 줄 회고 30일, 멤버들의 마지막 문장',
    summary: '한 달 동안 매일 밤 한 줄을 남긴 멤버들이 마지막 날 적은 문장을 모았어요.',
    author: '리추얼 에디터 서윤',
    cover: 'journal',
    daysAgo: 23,
    body: [
      '하루 한 줄 회고 리추얼은 오늘의 한 줄과 감정 단어 하나로 인증해요.',
      '## 마지막 날의 문장들',
      '“생각보다 나는 꾸준한 사람이었다.” “기분이 나쁜 날도 기록할 가치가 있었다.”',
      '> 한 줄이라서 오래 갈 수 있었어요.',
      '회고를 이어 가고 싶은 멤버들은 다음 달 기수로 함께 넘어갔어요.',
    ],
  },
  {
    category: '마음 돌봄 노트',
    kind: 'record',
    title: '걷기 명상, 발바닥에 집중하는 20분',
    summary: '앉아서 하는 명상이 어렵다면 걸으면서 시작해 보세요. 걷기 명상의 기본을 소개해요.',
    author: '리추얼 에디터 서윤',
    cover: 'walk',
    daysAgo: 27,
    body: [
      '걷기 명상은 걸음 하나하나에 주의를 두는 연습이에요.',
      '## 천천히, 더 천천히',
      '평소 속도의 절반으로 걸으며 발뒤꿈치가 닿고, 발바닥이 구르고, 발가락이 떨어지는 순간을 느껴 봐요.',
      '> 생각이 떠오르면 알아차리고, 다시 발로 돌아와요.',
    ],
  },
  {
    category: '멤버 인터뷰',
    kind: 'interview',
    title: '퇴근 후 스트레칭으로 되찾은 저녁',
    summary: '야근이 잦던 개발자 태현 님이 저녁 15분 스트레칭을 지켜 온 방법을 들었어요.',
    author: '리추얼 메이트 태현',
    cover: 'sprout',
    daysAgo: 31,
    body: [
      '태현 님은 하루 종일 모니터 앞에 있어요. 어깨가 굳어 잠을 설치는 날이 많았대요.',
      '## 15분이라는 약속',
      '퇴근하고 옷을 갈아입자마자 매트를 펴요. 길게 하려고 하면 미루게 돼서 15분으로 정했어요.',
      '> 몸이 풀리니 저녁 시간이 다시 내 것이 됐어요.',
    ],
  },
  {
    category: '참여 후기',
    kind: 'review',
    title: '고마운 사람에게 편지 쓰기, 서른한 통의 기록',
    summary: '관계 맺기 리추얼에서 한 달 동안 매일 한 사람에게 고마움을 전한 후기예요.',
    author: '리추얼 메이트 예린',
    cover: 'conversation',
    daysAgo: 36,
    body: [
      '처음에는 누구에게 써야 할지 막막했어요. 목록을 만드니 생각보다 고마운 사람이 많았어요.',
      '## 답장이 온 날',
      '10년 만에 연락한 선생님께서 긴 답장을 보내 주셨어요. 그날 인증 글에는 멤버들의 댓글이 유난히 많았어요.',
      '> 마음은 전해야 비로소 마음이 되더라고요.',
    ],
  },
  {
    category: '리추얼 기록',
    kind: 'record',
    title: '11월 아침 명상 기수 완주 기록',
    summary: '스물두 명이 함께한 11월 아침 명상 리추얼의 완주율과 멤버들의 한마디를 정리했어요.',
    author: '리추얼 에디터 서윤',
    cover: 'meditation',
    daysAgo: 41,
    body: [
      '11월 아침 명상 기수는 스물두 명이 시작해 열여덟 명이 끝까지 함께했어요.',
      '## 숫자로 본 한 달',
      '평균 완주율은 86%, 가장 많이 인증한 시간대는 오전 6시 반이었어요.',
      '> 명상 후 떠오른 한 문장을 쓰는 게 하루의 나침반이 됐어요.',
    ],
  },
  {
    category: '마음 돌봄 노트',
    kind: 'record',
    title: '불안한 날에 꺼내 보는 다섯 가지 질문',
    summary: '마음이 흔들리는 날 스스로에게 물어볼 수 있는 질문을 멤버들과 함께 골랐어요.',
    author: '리추얼 메이트 하은',
    cover: 'tea',
    daysAgo: 47,
    body: [
      '지금 내 몸은 어떤가요? 오늘 나를 가장 힘들게 한 일은 무엇이었나요?',
      '## 답을 찾지 않아도 돼요',
      '질문은 정답을 내기 위한 것이 아니라 잠시 멈추기 위한 거예요. 종이에 적어 보면 생각이 조금 느려져요.',
      '> 따뜻한 차 한 잔과 함께 읽어 보세요.',
    ],
  },
  {
    category: '멤버 인터뷰',
    kind: 'interview',
    title: '엄마가 된 뒤 다시 시작한 나만의 기록',
    summary: '아이가 잠든 밤 10분, 사진 일기로 자신을 돌보는 소연 님을 만났어요.',
    author: '리추얼 에디터 서윤',
    cover: 'journal',
    daysAgo: 53,
    body: [
      '소연 님은 육아를 하며 자신의 하루가 사라진 것 같았다고 해요.',
      '## 사진 한 장이면 충분해요',
      '하루 중 가장 좋았던 순간을 한 장 찍고, 한 문장을 붙여요. 아이 사진이 아니라 내가 본 것을 찍기로 했어요.',
      '> 기록을 보면 나도 오늘을 살았구나 싶어요.',
    ],
  },
  {
    category: '참여 후기',
    kind: 'review',
    title: '원데이 다도 클래스에서 배운 느림',
    summary: '두 시간 동안 차를 우리고 마시는 일만 했던 토요일 오후의 후기예요.',
    author: '리추얼 메이트 지우',
    cover: 'tea',
    daysAgo: 58,
    body: [
      '물을 끓이고 식히는 데만 십 분이 걸렸어요. 그 시간이 이상하게 편안했어요.',
      '## 차를 마시는 명상',
      '선생님께서 첫 모금은 맛보다 온도를 느껴 보라고 하셨어요. 다도가 일종의 명상이라는 말이 이해됐어요.',
      '> 집에 돌아와서도 주말 아침마다 차를 우려요.',
    ],
  },
  {
    category: '리추얼 기록',
    kind: 'record',
    title: '새벽 독서 멤버들이 고른 올해의 밑줄',
    summary: '한 해 동안 새벽 독서 리추얼에서 가장 많은 공감을 받은 밑줄 다섯 개를 소개해요.',
    author: '리추얼 에디터 서윤',
    cover: 'books',
    daysAgo: 64,
    body: [
      '새벽 독서 멤버들은 매일 읽은 쪽수와 밑줄 한 줄로 인증해요.',
      '## 가장 많이 공감받은 밑줄',
      '“천천히 가는 것을 두려워하지 말고, 멈춰 서는 것을 두려워하라.”',
      '> 같은 문장에 밑줄을 그은 사람이 있다는 게 위로가 됐어요.',
    ],
  },
  {
    category: '마음 돌봄 노트',
    kind: 'record',
    title: '명상이 처음이라면: 자주 묻는 질문 모음',
    summary: '자세는 어떻게 해야 하는지, 졸리면 어떻게 하는지. 명상을 시작하는 분들의 질문에 답했어요.',
    author: '리추얼 에디터 서윤',
    cover: 'meditation',
    daysAgo: 71,
    body: [
      '명상 리추얼을 시작하는 멤버들이 가장 많이 묻는 질문을 모았어요.',
      '## 꼭 가부좌를 해야 하나요?',
      '아니요. 의자에 앉아도, 누워도 괜찮아요. 허리를 편하게 세울 수 있는 자세면 충분해요.',
      '## 자꾸 졸려요',
      '눈을 살짝 뜨고 바닥의 한 점을 바라보세요. 아침보다 저녁에 졸리다면 시간을 바꿔 보는 것도 방법이에요.',
    ],
  },
  {
    category: '멤버 인터뷰',
    kind: 'interview',
    title: '회사 팀이 함께한 금요일 회고 리추얼',
    summary: '팀 전체가 4주 동안 금요일 회고를 함께한 느린숲 팀 이야기를 들었어요.',
    author: '리추얼 에디터 서윤',
    cover: 'conversation',
    daysAgo: 78,
    body: [
      '재택과 출근이 섞인 팀에서 서로의 한 주를 나누는 시간이 필요했대요.',
      '## 세 가지 질문',
      '이번 주에 잘한 일, 아쉬운 일, 다음 주의 나에게 하고 싶은 말. 답은 짧아도 괜찮았어요.',
      '> 회고가 평가가 아니라 응원이 되니까 다들 솔직해졌어요.',
    ],
  },
  {
    category: '참여 후기',
    kind: 'review',
    title: '하루 20쪽 읽기, 두 권을 끝낸 한 달',
    summary: '책을 끝까지 읽어 본 적이 없던 제가 한 달에 두 권을 읽은 이야기예요.',
    author: '리추얼 메이트 민서',
    cover: 'books',
    daysAgo: 86,
    body: [
      '늘 앞부분만 읽고 덮던 책들이 책장에 가득했어요.',
      '## 20쪽이라는 크기',
      '지하철 두 정거장이면 읽을 수 있는 분량이었어요. 부담이 작으니 빠지는 날이 거의 없었어요.',
      '> 다 읽은 책을 책장에 다시 꽂을 때 기분이 정말 좋았어요.',
    ],
  },
  {
    category: '리추얼 기록',
    kind: 'record',
    title: '봄맞이 아침 스트레칭 기수 스케치',
    summary: '서른 명의 멤버가 매일 아침 남긴 스트레칭 인증을 사진 없이 글로 스케치했어요.',
    author: '리추얼 메이트 태현',
    cover: 'sprout',
    daysAgo: 97,
    body: [
      '아침 스트레칭 기수는 매일 아침 7시 전후로 인증이 몰렸어요.',
      '## 멤버들의 한마디',
      '“목이 가벼워지니 출근길이 덜 피곤해요.” “아이와 함께 스트레칭하는 시간이 생겼어요.”',
      '> 몸이 먼저 기억하는 습관이 생겼어요.',
    ],
  },
  {
    category: '마음 돌봄 노트',
    kind: 'record',
    title: '감정 단어 사전: 오늘의 기분에 이름 붙이기',
    summary: '좋다, 싫다 말고 더 정확한 말로 감정을 적어 보면 마음이 한결 정리돼요.',
    author: '리추얼 메이트 예린',
    cover: 'dawn',
    daysAgo: 110,
    body: [
      '회고 리추얼에서는 하루를 감정 단어 하나로 마무리해요.',
      '## 자주 쓰인 감정 단어',
      '홀가분하다, 뿌듯하다, 서운하다, 막막하다. 이름을 붙이면 감정과 거리를 둘 수 있어요.',
      '> 감정을 고치려 하지 말고, 먼저 알아봐 주세요.',
    ],
  },
  {
    category: '참여 후기',
    kind: 'review',
    title: '다음 달 명상 리추얼 미리 보기',
    summary: '다음 달에 공개될 저녁 명상 리추얼의 첫 후기예요.',
    author: '리추얼 에디터 서윤',
    cover: 'meditation',
    // Scheduled: it appears on its day and not before.
    daysAgo: -5,
    body: ['저녁 명상 리추얼 베타 기수 멤버들이 남긴 첫 후기를 곧 공개할게요.'],
  },
  {
    category: '멤버 인터뷰',
    kind: 'interview',
    title: '편집 중인 인터뷰',
    summary: '아직 다듬고 있는 인터뷰예요.',
    author: '리추얼 에디터 서윤',
    cover: 'conversation',
    // A draft: no date yet.
    daysAgo: null,
    body: ['인터뷰 원고를 정리하고 있어요.'],
  },
];

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The record's body as stored HTML: headings, quotes and paragraphs. */
const bodyHtml = (body: string[]): string =>
  body
    .map((block) => {
      if (block.startsWith('## ')) return `<h2>${escapeHtml(block.slice(3))}</h2>`;
      if (block.startsWith('> ')) return `<blockquote><p>${escapeHtml(block.slice(2))}</p></blockquote>`;
      return `<p>${escapeHtml(block)}</p>`;
    })
    .join('');

/**
 * Off-the-record: four categories and 22 records of the three kinds, dated over the last months
 * from the seed's day so a fresh start looks current; one draft and one scheduled, which nobody reads.
 */
export async function seedOffTheRecords(db: Db, now = new Date()): Promise<void> {
  const categories = await db
    .insert(offTheRecordCategories)
    .values(CATEGORIES.map((name, index) => ({ name, sortOrder: index + 1 })))
    .returning({ id: offTheRecordCategories.id, name: offTheRecordCategories.name });
  const categoryId = new Map(categories.map((category) => [category.name, category.id]));
  await db.insert(offTheRecords).values(
    RECORDS.map((record) => {
      const publishedAt = record.daysAgo === null ? null : seoulDay(now, -record.daysAgo, 9, 30);
      // A scheduled record was written before its day, not on it.
      const written = publishedAt !== null && publishedAt < now ? publishedAt : now;
      return {
        offTheRecordCategoryId: categoryId.get(record.category)!,
        kind: record.kind,
        title: record.title,
        summary: record.summary,
        contentHtml: sanitizeStaffHtml(bodyHtml(record.body)),
        coverImageUrl: COVERS[record.cover].url,
        coverImageAlt: COVERS[record.cover].alt,
        authorName: record.author,
        publishedAt,
        createdAt: written,
        updatedAt: written,
      };
    }),
  );
}
