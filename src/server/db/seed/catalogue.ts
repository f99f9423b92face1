import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { badges, businesses, envs, themes } from '../schema/index.ts';

const demoThemes = [
  { name: '마음 돌보기', description: '명상, 감사 일기, 나에게 쓰는 편지로 바쁜 하루 속 내 마음의 소리를 들어요.' },
  { name: '몸 깨우기', description: '아침 스트레칭, 만 보 걷기, 물 마시기처럼 몸이 먼저 기억하는 작은 습관을 쌓아요.' },
  { name: '기록하기', description: '하루 한 줄 회고와 사진 일기로 흘러가는 날들을 붙잡고, 나만의 기록을 남겨요.' },
  { name: '관계 맺기', description: '안부 묻기, 고마운 사람에게 마음 전하기로 가까운 사람들과의 연결을 되살려요.' },
  { name: '배우고 성장하기', description: '하루 20쪽 읽기, 새 언어 한 문장처럼 매일 조금씩 배우며 어제보다 자라요.' },
];

// Every pair reads at 5:1 or better (DESIGN.md asks for 4.5:1 at small sizes).
const demoBadges = [
  { name: 'NEW', textColor: '#ffffff', backgroundColor: '#c2410c' },
  { name: '마감임박', textColor: '#ffffff', backgroundColor: '#b91c1c' },
  { name: '인기', textColor: '#ffffff', backgroundColor: '#9a3412' },
  { name: '얼리버드', textColor: '#14532d', backgroundColor: '#dcfce7' },
];

// Fictional companies; their `.example` addresses lead nowhere on purpose.
const demoBusinesses = [
  {
    name: '주식회사 느린숲',
    summary: '아침 30분을 함께 여는 팀 리추얼로 재택과 출근이 섞인 팀의 리듬을 맞췄어요.',
    websiteUrl: 'https://slowforest.example',
    bodyHtml: `
      <h2>팀 소개</h2>
      <p>느린숲은 친환경 생활용품을 만드는 40명 규모의 팀이에요. 출근하는 날과 재택하는 날이 섞이면서 서로의 하루가 보이지 않는다는 고민이 있었어요.</p>
      <h2>함께한 리추얼</h2>
      <ul>
        <li><strong>아침 10분 명상</strong>: 4주 동안 평일 아침마다 각자의 자리에서 명상하고 한 줄 소감을 남겼어요.</li>
        <li><strong>금요일 회고</strong>: 한 주를 돌아보는 질문 세 가지에 답하며 팀원끼리 응원을 주고받았어요.</li>
      </ul>
      <p>리추얼을 마친 뒤에는 월요일 아침 회의 전에 잠깐 멈추는 시간이 팀의 문화로 남았어요.</p>`,
  },
  {
    name: '하루공방 주식회사',
    summary: '디자이너와 개발자가 함께하는 기록 리추얼로 프로젝트의 배움을 팀의 자산으로 쌓았어요.',
    websiteUrl: 'https://harugongbang.example',
    bodyHtml: `
      <h2>팀 소개</h2>
      <p>하루공방은 작은 브랜드의 웹사이트를 만드는 스튜디오예요. 프로젝트가 끝나면 배운 것이 흩어져 버린다는 점이 늘 아쉬웠어요.</p>
      <h2>함께한 리추얼</h2>
      <ul>
        <li><strong>하루 한 줄 배움 기록</strong>: 그날 새로 알게 된 것을 한 줄씩 남기고 서로의 기록에 댓글을 달았어요.</li>
        <li><strong>격주 공유회</strong>: 모인 기록 가운데 하나를 골라 15분 동안 이야기했어요.</li>
      </ul>
      <p>8주 동안 쌓인 기록은 새로 합류한 동료의 온보딩 자료가 되었어요.</p>`,
  },
];

const demoEnvs = [
  {
    name: 'ritual_apply_notice',
    value: '다음 달 리추얼 신청은 매달 20일 오전 10시에 열려요. 리추얼마다 정원이 있어 일찍 마감될 수 있어요.',
    isPublic: true,
    description: '리추얼 신청 안내 문구 (홈과 신청 화면)',
  },
  {
    name: 'customer_center_hours',
    value: '평일 10:00–18:00 (점심 12:30–13:30, 주말·공휴일 휴무)',
    isPublic: true,
    description: '고객센터 운영 시간',
  },
  {
    // Private: the API must never answer it, nor admit that it exists.
    name: 'payment_webhook_secret_hint',
    value: '결제 웹훅 서명 키는 운영 비밀 저장소의 payments/webhook 항목에 있어요.',
    isPublic: false,
    description: '운영자용 메모',
  },
];

/** Themes, badges, businesses and settings: the catalogue the home and the programmes browse by. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.insert(themes).values(demoThemes.map((theme, index) => ({ ...theme, sortOrder: index + 1 })));
  await db.insert(badges).values(demoBadges.map((badge, index) => ({ ...badge, sortOrder: index + 1 })));
  // Seeds go through the same allow-list as staff input; the source's indentation is not content.
  const published = demoBusinesses.map((business) => ({
    ...business,
    bodyHtml: sanitizeStaffHtml(business.bodyHtml.replace(/\n\s*/g, '')),
  }));
  await db.insert(businesses).values(published);
  await db.insert(envs).values(demoEnvs);
}
