import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { TIME_ZONE } from '../../../lib/constants.ts';
import '../../../lib/time.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { badges, ritualBadges, ritualSessionTitles, ritualSessions, ritualSessionUsers, rituals, themes, users } from '../schema/index.ts';

type ThemeName = '마음 돌보기' | '몸 깨우기' | '기록하기' | '관계 맺기' | '배우고 성장하기';
type BadgeName = 'NEW' | '마감임박' | '인기' | '얼리버드';

interface NextSession {
  /** After the ritual's title: 새벽반, 저녁반 … */
  label?: string;
  capacity: number;
  /** Seats already taken by applicants (seedRitualApplicants). */
  taken: number;
}

interface MonthlyRitual {
  title: string;
  summary: string;
  theme: ThemeName;
  cover: string;
  coverAlt: string;
  hostName: string;
  hostIntroduction: string;
  intro: string[];
  forWhom: string[];
  steps: string[];
  price: number;
  badges: BadgeName[];
  next: NextSession[];
  /** Also opens for the season after next (recruiting later). */
  afterNext?: boolean;
  /** First season: no session before this one (the NEW badge says so too). */
  isNew?: boolean;
}

// Fictional hosts and copy; the covers are drawn by scripts/ritual-images.ts.
const MONTHLY: MonthlyRitual[] = [
  {
    title: '아침 10분 명상',
    summary: '알람을 끄고 바로 휴대폰을 보는 대신, 10분 동안 숨을 고르며 하루를 시작해요.',
    theme: '마음 돌보기',
    cover: 'mind-1',
    coverAlt: '고요한 수면에 번지는 동심원과 초승달을 그린 일러스트',
    hostName: '김하늘',
    hostIntroduction: '8년째 아침 명상을 이어 오고 있는 명상 안내자예요. 회사 생활에 지친 마음을 돌보다 명상을 시작했어요.',
    intro: [
      '아침에 눈을 뜨자마자 메시지와 뉴스를 확인하면 하루가 남의 속도로 시작돼요.',
      '4주 동안 매일 아침 10분, 호흡에 집중하는 짧은 명상으로 나의 속도를 먼저 찾아요.',
    ],
    forWhom: ['아침마다 마음이 급하고 쫓기는 느낌이 드는 분', '명상을 해 보고 싶었지만 혼자서는 이어 가기 어려웠던 분'],
    steps: [
      '매일 아침 안내 음성을 들으며 10분 동안 명상해요.',
      '명상을 마치면 리추얼 방에 오늘의 한 줄 소감을 남겨요.',
      '일요일에는 한 주 동안 달라진 점을 돌아보는 질문에 답해요.',
    ],
    price: 45_000,
    badges: ['인기'],
    next: [
      { label: '새벽반', capacity: 12, taken: 3 },
      { label: '저녁반', capacity: 10, taken: 7 },
    ],
    afterNext: true,
  },
  {
    title: '감사 일기 세 줄',
    summary: '잠들기 전 오늘 고마웠던 일 세 가지를 적으며 하루를 따뜻하게 마무리해요.',
    theme: '마음 돌보기',
    cover: 'mind-2',
    coverAlt: '보랏빛 물결 가운데 작은 점과 달이 떠 있는 일러스트',
    hostName: '이소연',
    hostIntroduction: '상담 심리를 공부하며 감사 일기의 힘을 알게 되었어요. 3년째 매일 밤 세 줄을 쓰고 있어요.',
    intro: ['하루를 돌아보면 속상했던 일이 먼저 떠오르곤 해요.', '감사한 일을 세 줄로 적는 습관은 같은 하루를 다르게 기억하게 도와줘요.'],
    forWhom: ['잠들기 전 걱정이 많아 쉽게 잠들지 못하는 분', '작은 일에도 고마움을 느끼는 사람이 되고 싶은 분'],
    steps: ['매일 밤 고마웠던 일 세 가지를 적어요.', '마음이 가는 멤버의 일기에 응원 댓글을 남겨요.', '4주째에는 가장 기억에 남는 감사를 한 문단으로 정리해요.'],
    price: 39_000,
    badges: ['NEW'],
    next: [{ capacity: 16, taken: 2 }],
    isNew: true,
  },
  {
    title: '잠들기 전 나에게 쓰는 편지',
    summary: '하루의 끝에 나에게 다정한 편지를 써서, 스스로를 다그치던 말투를 바꿔 봐요.',
    theme: '마음 돌보기',
    cover: 'mind-3',
    coverAlt: '초록빛 동심원 위로 초승달이 뜬 밤을 그린 일러스트',
    hostName: '정다운',
    hostIntroduction: '편지 쓰기 모임을 5년째 운영하고 있어요. 글로 나를 다독이는 시간을 좋아해요.',
    intro: ['다른 사람에게는 다정하면서 나에게는 유독 엄격했던 적 있나요?', '매일 밤 나에게 짧은 편지를 쓰며 나를 대하는 말투를 천천히 바꿔 가요.'],
    forWhom: ['자책하는 습관을 내려놓고 싶은 분', '하루를 조용히 정리하는 시간이 필요한 분'],
    steps: ['매일 밤 나에게 다섯 문장 이상의 편지를 써요.', '편지는 비공개로 두고, 쓴 날만 체크인해요.', '마지막 날 4주 뒤의 나에게 보내는 편지를 남겨요.'],
    price: 42_000,
    badges: ['인기'],
    next: [{ capacity: 6, taken: 6 }],
  },
  {
    title: '아침 스트레칭 15분',
    summary: '굳은 몸을 깨우는 15분 스트레칭으로 개운한 아침을 만들어요.',
    theme: '몸 깨우기',
    cover: 'body-1',
    coverAlt: '떠오르는 해를 향해 길게 뻗은 선을 그린 일러스트',
    hostName: '박지훈',
    hostIntroduction: '필라테스 강사로 10년째 일하고 있어요. 누구나 매트 한 장으로 할 수 있는 동작을 안내해요.',
    intro: ['오래 앉아 일하다 보면 아침마다 목과 어깨가 뻣뻣해요.', '매일 아침 15분, 영상을 따라 전신을 천천히 풀며 몸이 먼저 하루를 시작하게 해요.'],
    forWhom: ['운동을 시작하고 싶지만 부담스러운 분', '아침에 몸이 무겁고 쉽게 피곤한 분'],
    steps: ['매주 월요일 그 주의 스트레칭 영상이 올라와요.', '매일 아침 영상을 따라 한 뒤 체크인해요.', '주말에는 가장 시원했던 동작을 멤버들과 나눠요.'],
    price: 39_000,
    badges: ['얼리버드'],
    next: [{ capacity: 20, taken: 4 }],
    afterNext: true,
  },
  {
    title: '하루 만 보 걷기',
    summary: '출퇴근길과 점심시간을 활용해 하루 만 보를 채우고 걸음 수를 인증해요.',
    theme: '몸 깨우기',
    cover: 'body-2',
    coverAlt: '보랏빛 해가 뜨는 언덕 위로 길이 이어지는 일러스트',
    hostName: '최민준',
    hostIntroduction: '러닝 크루를 이끌다 걷기의 매력에 빠졌어요. 하루 만 보를 4년째 채우고 있어요.',
    intro: ['따로 운동할 시간을 내기 어렵다면 걷는 시간부터 늘려 보세요.', '한 정거장 먼저 내리기, 점심 산책처럼 일상 속 걸음을 모아 하루 만 보를 채워요.'],
    forWhom: ['앉아 있는 시간이 길어 몸이 찌뿌둥한 분', '혼자 걷기보다 함께 기록하며 걷고 싶은 분'],
    steps: ['매일 밤 걸음 수 화면을 캡처해 인증해요.', '걸으며 본 풍경 사진을 한 장씩 나눠요.', '한 주에 한 번, 새로운 산책길을 추천해요.'],
    price: 39_000,
    badges: [],
    next: [{ capacity: 15, taken: 2 }],
  },
  {
    title: '물 2리터 마시기',
    summary: '하루 여덟 잔, 물 마시는 시간을 정해 두고 몸의 작은 변화를 기록해요.',
    theme: '몸 깨우기',
    cover: 'body-3',
    coverAlt: '초록빛 언덕 너머로 둥근 해가 떠오르는 일러스트',
    hostName: '한서윤',
    hostIntroduction: '영양사로 일하며 가장 쉽고 효과 좋은 습관으로 물 마시기를 권해 왔어요.',
    intro: ['커피는 자주 마시는데 물은 하루 한 잔도 안 마신 날이 많지 않나요?', '시간표를 정해 두고 물을 마시며 4주 동안 몸이 어떻게 달라지는지 기록해요.'],
    forWhom: ['피부가 건조하고 쉽게 피로해지는 분', '작고 확실한 습관 하나로 시작하고 싶은 분'],
    steps: ['나만의 물 마시기 시간표를 만들어요.', '한 잔 마실 때마다 기록 앱에 표시하고 저녁에 인증해요.', '주마다 달라진 점을 한 줄로 남겨요.'],
    price: 39_000,
    badges: ['마감임박'],
    next: [{ capacity: 8, taken: 6 }],
  },
  {
    title: '하루 한 줄 회고',
    summary: '퇴근길 5분, 오늘 배운 것과 느낀 것을 한 줄로 남겨 나만의 연대기를 만들어요.',
    theme: '기록하기',
    cover: 'writing-1',
    coverAlt: '줄이 그어진 종이 위에 연필이 놓인 일러스트',
    hostName: '오지현',
    hostIntroduction: '7년째 하루 한 줄 회고를 쓰는 기획자예요. 쌓인 기록이 가장 든든한 자산이 되었어요.',
    intro: ['바쁘게 지나간 하루도 한 줄로 남기면 다시 꺼내 볼 수 있어요.', '4주 동안 매일 한 줄씩, 나만 알아볼 수 있는 작은 연대기를 만들어요.'],
    forWhom: ['일기를 쓰고 싶지만 길게 쓰기는 부담스러운 분', '하루하루가 비슷해 흐릿하게 느껴지는 분'],
    steps: ['매일 정해진 질문 하나에 한 줄로 답해요.', '원하면 공개로 올려 멤버들과 나눠요.', '4주째에는 한 달의 기록을 다시 읽고 회고를 써요.'],
    price: 39_000,
    badges: ['인기'],
    next: [{ capacity: 20, taken: 5 }],
    afterNext: true,
  },
  {
    title: '사진 한 장 일기',
    summary: '매일 사진 한 장과 짧은 글로, 그냥 지나칠 뻔한 오늘의 장면을 붙잡아요.',
    theme: '기록하기',
    cover: 'writing-2',
    coverAlt: '보랏빛 종이 더미 위에 연필이 비스듬히 놓인 일러스트',
    hostName: '윤채원',
    hostIntroduction: '사진 에세이를 쓰는 작가예요. 휴대폰 사진으로도 충분히 좋은 기록을 남길 수 있어요.',
    intro: ['휴대폰 사진첩에는 사진이 가득한데 그날의 마음은 남아 있지 않아요.', '하루 한 장을 골라 두세 문장을 붙이며 장면과 마음을 함께 기록해요.'],
    forWhom: ['글보다 사진으로 기록하는 것이 편한 분', '일상에서 작은 아름다움을 찾고 싶은 분'],
    steps: ['매일 사진 한 장과 두세 문장을 올려요.', '주마다 사진 주제가 하나씩 주어져요.', '마지막 주에는 나만의 한 달 사진첩을 만들어요.'],
    price: 45_000,
    badges: ['NEW'],
    next: [{ capacity: 12, taken: 1 }],
    isNew: true,
  },
  {
    title: '모닝 페이지 세 쪽',
    summary: '아침에 떠오르는 생각을 손으로 세 쪽 써 내려가며 머릿속을 비워요.',
    theme: '기록하기',
    cover: 'writing-3',
    coverAlt: '초록빛 바탕에 글이 적힌 종이와 연필을 그린 일러스트',
    hostName: '강유진',
    hostIntroduction: '글쓰기 워크숍을 운영하며 모닝 페이지를 5년째 써 왔어요.',
    intro: ['머릿속이 복잡할 때는 생각을 밖으로 꺼내는 것만으로도 가벼워져요.', '매일 아침 검열 없이 세 쪽을 손으로 쓰며 생각을 정리하는 힘을 길러요.'],
    forWhom: ['생각이 많아 집중하기 어려운 분', '창작의 실마리를 찾고 싶은 분'],
    steps: ['매일 아침 노트 세 쪽을 손으로 채워요.', '쓴 내용은 공개하지 않고 완료만 체크인해요.', '주말에 한 주 동안 발견한 문장 하나를 나눠요.'],
    price: 49_000,
    badges: ['마감임박'],
    next: [{ capacity: 10, taken: 8 }],
  },
  {
    title: '하루 한 번 안부 묻기',
    summary: '연락이 뜸했던 사람에게 하루 한 번 안부를 건네며 관계를 다시 이어요.',
    theme: '관계 맺기',
    cover: 'together-1',
    coverAlt: '따뜻한 색의 세 원이 겹쳐 가운데가 밝게 빛나는 일러스트',
    hostName: '서지우',
    hostIntroduction: '커뮤니티 매니저로 일하며 작은 연락이 관계를 바꾸는 순간을 많이 봤어요.',
    intro: ['“언제 밥 한번 먹자”는 말만 남기고 연락이 끊긴 사람이 있나요?', '하루 한 명, 짧은 안부 메시지로 소중한 사람들과의 연결을 되살려요.'],
    forWhom: ['바쁘다는 핑계로 연락을 미뤄 온 분', '먼저 연락하는 것이 어색한 분'],
    steps: ['매일 한 사람에게 안부를 전해요.', '누구에게 어떤 이야기를 건넸는지 짧게 기록해요.', '답장이 준 기분을 멤버들과 나눠요.'],
    price: 39_000,
    badges: [],
    next: [{ capacity: 12, taken: 3 }],
  },
  {
    title: '고마운 사람에게 마음 전하기',
    summary: '4주 동안 네 사람에게, 미처 전하지 못한 고마움을 편지와 메시지로 전해요.',
    theme: '관계 맺기',
    cover: 'together-2',
    coverAlt: '보랏빛 세 원이 포개진 가운데 작은 빛이 있는 일러스트',
    hostName: '문예린',
    hostIntroduction: '손편지 브랜드를 운영하고 있어요. 고마움을 전하는 일이 나를 가장 행복하게 한다는 걸 배웠어요.',
    intro: ['고마운 마음은 전할 때 비로소 완성돼요.', '매주 한 사람을 정해 고마웠던 순간을 떠올리고, 편지나 메시지로 진심을 전해요.'],
    forWhom: ['표현에 서툴러 마음을 전하지 못했던 분', '가까운 사람들과 더 깊이 연결되고 싶은 분'],
    steps: ['매주 월요일 마음을 전할 사람을 정해요.', '주중에는 고마웠던 순간을 매일 한 가지씩 적어요.', '주말에 편지나 메시지를 보내고 소감을 나눠요.'],
    price: 42_000,
    badges: ['NEW'],
    next: [{ capacity: 10, taken: 2 }],
    isNew: true,
  },
  {
    title: '가족과 저녁 대화 20분',
    summary: '휴대폰을 내려놓고 가족과 20분, 오늘 하루를 묻고 듣는 시간을 가져요.',
    theme: '관계 맺기',
    cover: 'together-3',
    coverAlt: '초록빛 세 원이 겹쳐 하나의 무늬를 이루는 일러스트',
    hostName: '배현우',
    hostIntroduction: '가족 상담을 공부한 두 아이의 아빠예요. 저녁 대화가 우리 집을 바꿨어요.',
    intro: ['같은 집에 살아도 서로의 하루를 모르고 지나가는 날이 많아요.', '매일 저녁 20분, 질문 카드 한 장으로 가족과 마주 앉는 시간을 만들어요.'],
    forWhom: ['가족과 대화가 줄어든 것 같아 아쉬운 분', '아이와 깊은 이야기를 나누고 싶은 분'],
    steps: ['매일 저녁 질문 카드 하나를 골라 가족과 이야기해요.', '대화에서 기억에 남는 한마디를 기록해요.', '주말에 멤버들과 대화 팁을 나눠요.'],
    price: 45_000,
    badges: [],
    next: [{ capacity: 8, taken: 1 }],
  },
  {
    title: '하루 20쪽 읽기',
    summary: '매일 20쪽씩, 4주 동안 책 한두 권을 끝까지 읽는 독서 습관을 만들어요.',
    theme: '배우고 성장하기',
    cover: 'growing-1',
    coverAlt: '계단 모양 막대 위로 새싹이 돋아난 일러스트',
    hostName: '임도현',
    hostIntroduction: '출판 편집자로 일하며 한 해 100권을 읽어요. 완독의 기쁨을 함께 나누고 싶어요.',
    intro: ['사 두고 읽지 못한 책이 책장에 쌓여 있나요?', '하루 20쪽이면 한 달에 책 두 권을 읽을 수 있어요. 매일 조금씩, 끝까지 읽는 경험을 만들어요.'],
    forWhom: ['책을 사 두고 끝까지 읽지 못하는 분', '함께 읽으며 생각을 나누고 싶은 분'],
    steps: ['4주 동안 읽을 책을 직접 골라요.', '매일 20쪽을 읽고 마음에 남은 문장을 인증해요.', '책을 다 읽으면 짧은 서평을 남겨요.'],
    price: 45_000,
    badges: ['인기', '얼리버드'],
    next: [{ capacity: 20, taken: 6 }],
    afterNext: true,
  },
  {
    title: '영어 한 문장 말하기',
    summary: '하루 한 문장을 소리 내어 말하고 녹음해, 4주 뒤 달라진 나의 영어를 들어 봐요.',
    theme: '배우고 성장하기',
    cover: 'growing-2',
    coverAlt: '보랏빛 계단 끝에서 잎사귀가 자라는 일러스트',
    hostName: '조은비',
    hostIntroduction: '10년 차 영어 강사예요. 매일 한 문장이 쌓여 말문이 트이는 순간을 함께하고 싶어요.',
    intro: ['영어 공부를 여러 번 시작했지만 입으로 말해 본 적은 많지 않아요.', '매일 일상 속 한 문장을 익히고 소리 내어 녹음하며 말하는 근육을 키워요.'],
    forWhom: ['영어로 말하는 것이 두려운 분', '짧게라도 매일 꾸준히 공부하고 싶은 분'],
    steps: ['매일 아침 오늘의 문장이 올라와요.', '문장을 응용해 나의 이야기로 말하고 녹음해 인증해요.', '주말에는 한 주의 문장으로 짧은 일기를 써요.'],
    price: 55_000,
    badges: [],
    next: [{ capacity: 15, taken: 3 }],
  },
  {
    title: '퇴근 후 30분 공부',
    summary: '미뤄 둔 자격증, 코딩, 그림까지. 퇴근 후 30분을 온전히 나의 성장에 써요.',
    theme: '배우고 성장하기',
    cover: 'growing-3',
    coverAlt: '초록빛 계단 위로 새싹이 올라오는 일러스트',
    hostName: '신재원',
    hostIntroduction: '직장을 다니며 세 개의 자격증을 딴 개발자예요. 꾸준함은 의지보다 환경에서 나온다고 믿어요.',
    intro: ['퇴근하면 지쳐서 공부는 늘 내일로 미뤄지곤 해요.', '매일 같은 시간에 모여 30분 동안 각자의 공부를 하고, 무엇을 했는지 기록해요.'],
    forWhom: ['혼자서는 공부 습관이 자리 잡지 않는 분', '작더라도 매일 성장하는 감각을 느끼고 싶은 분'],
    steps: ['4주 동안 이룰 작은 목표를 정해요.', '매일 30분 공부한 내용을 한 줄로 인증해요.', '마지막 주에 목표를 얼마나 이뤘는지 돌아봐요.'],
    price: 59_000,
    badges: ['NEW'],
    next: [{ capacity: 12, taken: 2 }],
    isNew: true,
  },
];

/** The ritual whose running session members 1 to 3 share, member1 hosting (ritual-sessions.ts). */
const RUNNING_RITUAL = '아침 10분 명상';

/** The people whose applications take the seats below; they never sign in (no password). */
const APPLICANTS = ['바람결', '차한잔', '봄날의숲', '달빛산책', '초록노트', '고요한밤', '햇살한줌', '작은등대'];

export interface SeededRituals {
  /** The ritual and season of the session running now, for seedRitualSessions. */
  running: { ritualId: number; titleId: number };
  /** How many seats of each upcoming session applicants took, for seedRitualApplicants. */
  seatsTaken: Array<{ sessionId: number; taken: number }>;
}

const seoul = (now: Date): Dayjs => dayjs(now).tz(TIME_ZONE);
const firstMondayFrom = (day: Dayjs): Dayjs => day.startOf('day').add((8 - day.day()) % 7, 'day');
const later = (a: Dayjs, b: Dayjs): Dayjs => (a.isAfter(b) ? a : b);
const seasonTitle = (month: Dayjs) => `${month.year()}년 ${month.month() + 1}월 리추얼`;

const descriptionOf = (ritual: MonthlyRitual) =>
  sanitizeStaffHtml(
    `${ritual.intro.map((line) => `<p>${line}</p>`).join('')}<h3>이런 분께 추천해요</h3><ul>${ritual.forWhom.map((line) => `<li>${line}</li>`).join('')}</ul>`,
  );

const howItGoesOf = (ritual: MonthlyRitual) =>
  sanitizeStaffHtml(
    `<ol>${ritual.steps.map((line) => `<li>${line}</li>`).join('')}</ol><p>모든 활동은 리추얼 방에서 온라인으로 진행돼요. 4주 동안 같은 멤버들과 함께해요.</p>`,
  );

/**
 * Three seasons of monthly rituals from `now` in Seoul: this month's (running), next month's
 * (recruiting now, from the first Monday at least a week away) and the one after (recruiting
 * from the 20th of next month). One-day programmes are seeded with their own events elsewhere.
 */
export async function seedRituals(db: Db, now = new Date()): Promise<SeededRituals> {
  const today = seoul(now).startOf('day');
  const thisMonth = today.startOf('month');
  const nextStart = firstMondayFrom(later(thisMonth.add(1, 'month'), today.add(7, 'day')));
  const afterNextStart = firstMondayFrom(later(thisMonth.add(2, 'month'), nextStart.add(28, 'day')));
  const runningStart = today.subtract(10, 'day');

  const [current, next, afterNext] = await db
    .insert(ritualSessionTitles)
    .values([
      { title: seasonTitle(thisMonth), startsAt: thisMonth.toDate() },
      { title: seasonTitle(thisMonth.add(1, 'month')), startsAt: nextStart.toDate() },
      { title: seasonTitle(thisMonth.add(2, 'month')), startsAt: afterNextStart.toDate() },
    ])
    .returning({ id: ritualSessionTitles.id });

  const themeRows = await db.select({ id: themes.id, name: themes.name }).from(themes);
  const themeId = new Map(themeRows.map((theme) => [theme.name, theme.id]));
  const badgeRows = await db.select({ id: badges.id, name: badges.name }).from(badges);
  const badgeId = new Map(badgeRows.map((badge) => [badge.name, badge.id]));

  const inserted = await db
    .insert(rituals)
    .values(
      MONTHLY.map((ritual, index) => ({
        type: 'monthly' as const,
        title: ritual.title,
        summary: ritual.summary,
        descriptionHtml: descriptionOf(ritual),
        howItGoesHtml: howItGoesOf(ritual),
        coverImageUrl: `/images/rituals/${ritual.cover}.webp`,
        coverImageAlt: ritual.coverAlt,
        themeId: themeId.get(ritual.theme) ?? null,
        hostName: ritual.hostName,
        hostIntroduction: ritual.hostIntroduction,
        sortOrder: index + 1,
      })),
    )
    .returning({ id: rituals.id, title: rituals.title });
  const ritualId = new Map(inserted.map((row) => [row.title, row.id]));

  const links = MONTHLY.flatMap((ritual) =>
    ritual.badges.flatMap((name) => {
      const id = badgeId.get(name);
      return id === undefined ? [] : [{ ritualId: ritualId.get(ritual.title)!, badgeId: id }];
    }),
  );
  if (links.length > 0) await db.insert(ritualBadges).values(links);

  const fourWeeksFrom = (start: Dayjs, hour: number) => ({
    startsAt: start.hour(hour).toDate(),
    endsAt: start.add(27, 'day').hour(23).minute(59).toDate(),
  });
  const sessionRows: Array<typeof ritualSessions.$inferInsert & { taken: number }> = [];
  for (const ritual of MONTHLY) {
    const id = ritualId.get(ritual.title)!;
    const base = { ritualId: id, price: ritual.price };
    // Rituals that ran before are running their this-month session (the one members 1 to 3 share
    // is made by seedRitualSessions).
    if (!ritual.isNew && ritual.title !== RUNNING_RITUAL) {
      sessionRows.push({
        ...base,
        ...fourWeeksFrom(runningStart, 0),
        ritualSessionTitleId: current!.id,
        title: `${thisMonth.month() + 1}월 ${ritual.title}`,
        capacity: ritual.next[0]!.capacity,
        recruitStartsAt: runningStart.subtract(24, 'day').hour(10).toDate(),
        recruitEndsAt: runningStart.subtract(3, 'day').hour(23).minute(59).toDate(),
        taken: 0,
      });
    }
    for (const [index, session] of ritual.next.entries()) {
      sessionRows.push({
        ...base,
        ...fourWeeksFrom(nextStart, index === 0 ? 0 : 12),
        ritualSessionTitleId: next!.id,
        title: `${nextStart.month() + 1}월 ${ritual.title}${session.label ? ` ${session.label}` : ''}`,
        capacity: session.capacity,
        recruitStartsAt: today.subtract(4, 'day').hour(10).toDate(),
        recruitEndsAt: nextStart.subtract(3, 'day').hour(23).minute(59).toDate(),
        taken: session.taken,
      });
    }
    if (ritual.afterNext) {
      sessionRows.push({
        ...base,
        ...fourWeeksFrom(afterNextStart, 0),
        ritualSessionTitleId: afterNext!.id,
        title: `${afterNextStart.month() + 1}월 ${ritual.title}`,
        capacity: ritual.next[0]!.capacity,
        recruitStartsAt: thisMonth.add(1, 'month').date(20).hour(10).toDate(),
        recruitEndsAt: afterNextStart.subtract(3, 'day').hour(23).minute(59).toDate(),
        taken: 0,
      });
    }
  }
  const sessions = await db
    .insert(ritualSessions)
    .values(sessionRows.map(({ taken: _taken, ...row }) => row))
    .returning({ id: ritualSessions.id });

  return {
    running: { ritualId: ritualId.get(RUNNING_RITUAL)!, titleId: current!.id },
    seatsTaken: sessions.map((session, index) => ({ sessionId: session.id, taken: sessionRows[index]!.taken })).filter((row) => row.taken > 0),
  };
}

/**
 * The applicants who took seats of next month's sessions: members who cannot sign in, made last
 * so that no other demo content (posts, comments, notifications) is written as them.
 */
export async function seedRitualApplicants(db: Db, seatsTaken: SeededRituals['seatsTaken'], now = new Date()): Promise<void> {
  const most = Math.max(0, ...seatsTaken.map((row) => row.taken));
  if (most === 0) return;
  const applicants = await db
    .insert(users)
    .values(
      APPLICANTS.slice(0, most).map((nickname, index) => ({
        email: `applicant${index + 1}@example.com`,
        username: `applicant${index + 1}`,
        nickname,
        emailVerifiedAt: now,
        agreedTermsAt: now,
        agreedPrivacyAt: now,
      })),
    )
    .returning({ id: users.id });
  const rows = seatsTaken.flatMap(({ sessionId, taken }) =>
    applicants.slice(0, taken).map((applicant) => ({ ritualSessionId: sessionId, userId: applicant.id, role: 'member' as const, joinedAt: now })),
  );
  await db.insert(ritualSessionUsers).values(rows);
}
