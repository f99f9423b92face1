import { inArray } from 'drizzle-orm';
import { seoulMonthOf, shiftMonth } from '../../../lib/program-calendar.ts';
import type { SeoulMonth } from '../../../lib/program-calendar.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import { inOrder } from '../client.ts';
import type { Db } from '../client.ts';
import { badges, programEvents, ritualBadges, ritualSessions, ritualSessionUsers, rituals, themes, users } from '../schema/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Slot {
  /** 0 for the seed's Seoul month, 1 for the next, 2 for the one after. */
  monthOffset: 0 | 1 | 2;
  /** Day of the month; past the month's end it is its last day. */
  day: number;
  /** Seoul wall clock, `14:00`. */
  time: string;
  hours: number;
  capacity: number;
  /** Demo members seated in it (never member5: the square's specs need a member who joined nothing). */
  seated?: string[];
  /** Seats taken by the rituals' applicants as well (seedRitualApplicants), who cannot sign in. */
  applicants?: number;
}

interface DemoProgram {
  title: string;
  /** What an event of it is called, before its half of the day (`다도 명상 오후반`). */
  eventName: string;
  summary: string;
  descriptionHtml: string;
  howItGoesHtml: string;
  cover: string;
  coverAlt: string;
  theme: string;
  badges: string[];
  hostName: string;
  hostIntroduction: string;
  place: string;
  price: number;
  slots: Slot[];
}

const demoPrograms: DemoProgram[] = [
  {
    title: '찻잔 앞에서 멈추는 시간, 다도 명상 클래스',
    eventName: '다도 명상',
    summary: '따뜻한 차 한 잔을 천천히 우리고 마시며 호흡과 감각에 머무는 두 시간의 명상 클래스예요.',
    descriptionHtml: `
      <p>바쁜 하루 속에서 잠시 멈추고 싶을 때, 차를 우리는 느린 손길이 좋은 명상이 되어 줘요. 물이 끓는 소리, 찻잎이 풀리는 향, 잔의 온기에 하나씩 주의를 기울이며 지금 여기로 돌아오는 연습을 해요.</p>
      <p>명상이 처음이어도 괜찮아요. 차를 마셔 본 적이 있다면 누구나 함께할 수 있어요.</p>`,
    howItGoesHtml: `
      <ol>
        <li><strong>마음 열기 (20분)</strong>: 자기소개 대신 오늘의 기분을 한 단어로 나눠요.</li>
        <li><strong>차 우리기 (40분)</strong>: 녹차와 보이차를 우리며 감각 하나하나에 머물러요.</li>
        <li><strong>마시는 명상 (40분)</strong>: 말없이 차를 마시며 호흡을 따라가요.</li>
        <li><strong>나누기 (20분)</strong>: 떠오른 생각을 짧게 적고 원하는 만큼 나눠요.</li>
      </ol>
      <p>다구와 차는 모두 준비되어 있어요. 편한 옷차림으로 오세요.</p>`,
    cover: '/images/programs/tea-meditation.webp',
    coverAlt: '따뜻한 주황빛 배경에 김이 오르는 찻잔과 둥근 찻주전자가 놓인 그림',
    theme: '마음 돌보기',
    badges: ['인기'],
    hostName: '김다온',
    hostIntroduction: '10년째 차를 공부하며 명상 모임을 이끌고 있어요. 차 한 잔의 여유를 나누는 일을 좋아해요.',
    place: '서울 마포구 연남동 리추얼 라운지',
    price: 35_000,
    slots: [
      { monthOffset: 0, day: 8, time: '14:00', hours: 2, capacity: 10, seated: ['member2'] },
      { monthOffset: 1, day: 6, time: '14:00', hours: 2, capacity: 6, seated: ['member1', 'member2', 'member3', 'member4'], applicants: 2 },
      { monthOffset: 1, day: 20, time: '19:00', hours: 2, capacity: 10, seated: ['member3'] },
      { monthOffset: 2, day: 10, time: '14:00', hours: 2, capacity: 10 },
    ],
  },
  {
    title: '나를 만나는 저널링 워크숍',
    eventName: '저널링 워크숍',
    summary: '질문 카드와 함께 지난 계절을 돌아보고, 다음 계절의 나에게 편지를 쓰는 세 시간의 글쓰기 워크숍이에요.',
    descriptionHtml: `
      <p>일기를 쓰고 싶지만 무엇을 써야 할지 막막했다면, 좋은 질문 하나가 시작이 되어 줄 거예요. 이 워크숍에서는 스무 장의 질문 카드로 지난 석 달을 돌아보고, 나에게 중요한 것이 무엇이었는지 적어 봐요.</p>
      <p>쓴 글은 누구에게도 보여 주지 않아도 괜찮아요. 나누고 싶은 만큼만 나눠요.</p>`,
    howItGoesHtml: `
      <ol>
        <li><strong>질문 카드 고르기 (30분)</strong>: 마음이 가는 질문 다섯 장을 골라요.</li>
        <li><strong>자유 글쓰기 (80분)</strong>: 타이머를 맞추고 멈추지 않고 써 내려가요.</li>
        <li><strong>다음 계절의 나에게 (40분)</strong>: 석 달 뒤의 나에게 짧은 편지를 써요.</li>
        <li><strong>나누기 (30분)</strong>: 한 문장씩 소리 내어 읽어요.</li>
      </ol>
      <p>노트와 펜, 질문 카드를 드려요. 쓰던 노트가 있다면 가져오셔도 좋아요.</p>`,
    cover: '/images/programs/journaling.webp',
    coverAlt: '연한 베이지 배경에 펼쳐진 노트와 연필, 작은 잎사귀가 놓인 그림',
    theme: '기록하기',
    badges: ['NEW'],
    hostName: '이서하',
    hostIntroduction: '매일 세 쪽의 아침 일기를 7년째 쓰고 있는 글쓰기 코치예요.',
    place: '서울 종로구 서촌 리추얼 스튜디오',
    price: 30_000,
    slots: [
      { monthOffset: 0, day: 15, time: '13:00', hours: 3, capacity: 12, seated: ['member1', 'member4'] },
      { monthOffset: 1, day: 13, time: '13:00', hours: 3, capacity: 12 },
      { monthOffset: 2, day: 17, time: '13:00', hours: 3, capacity: 12 },
    ],
  },
  {
    title: '몸을 깨우는 아침 요가 데이',
    eventName: '아침 요가',
    summary: '숲이 보이는 스튜디오에서 해가 뜨는 시간에 맞춰 몸을 깨우는 두 시간의 요가와 아침 차담이에요.',
    descriptionHtml: `
      <p>주말 아침을 조금 일찍 시작해 보면 어떨까요? 굳은 어깨와 허리를 천천히 풀어 주는 하타 요가로 몸을 깨우고, 따뜻한 차와 함께 한 주를 여는 이야기를 나눠요.</p>
      <p>요가가 처음인 분도 따라 할 수 있는 동작으로 구성했어요.</p>`,
    howItGoesHtml: `
      <ol>
        <li><strong>호흡 (15분)</strong>: 누워서 배로 숨 쉬는 연습부터 시작해요.</li>
        <li><strong>하타 요가 (70분)</strong>: 척추와 골반을 깨우는 동작을 천천히 이어가요.</li>
        <li><strong>아침 차담 (35분)</strong>: 따뜻한 차를 마시며 이번 주에 하고 싶은 일을 나눠요.</li>
      </ol>
      <p>매트는 준비되어 있어요. 움직이기 편한 옷을 입고 오세요.</p>`,
    cover: '/images/programs/morning-yoga.webp',
    coverAlt: '떠오르는 해와 부드러운 언덕 위로 팔을 뻗은 사람의 실루엣을 그린 그림',
    theme: '몸 깨우기',
    badges: ['얼리버드'],
    hostName: '박하람',
    hostIntroduction: '출근 전 아침 요가로 삶의 리듬을 되찾은 뒤 요가 강사가 되었어요.',
    place: '서울 성동구 서울숲 요가 스튜디오 숲결',
    price: 25_000,
    slots: [
      { monthOffset: 0, day: 2, time: '07:30', hours: 2, capacity: 16, seated: ['member1', 'member2', 'member3'] },
      { monthOffset: 0, day: 29, time: '07:30', hours: 2, capacity: 16, seated: ['member1', 'member2'] },
      { monthOffset: 1, day: 27, time: '07:30', hours: 2, capacity: 16 },
      { monthOffset: 2, day: 24, time: '07:30', hours: 2, capacity: 16 },
    ],
  },
  {
    title: '마음을 전하는 손편지 쓰는 오후',
    eventName: '손편지 모임',
    summary: '고마웠지만 전하지 못한 마음을 예쁜 편지지에 꾹꾹 눌러 담는 두 시간 반의 편지 쓰기 모임이에요.',
    descriptionHtml: `
      <p>메시지 한 줄로는 다 전하지 못한 마음이 있지요. 좋아하는 편지지와 펜을 고르고, 떠오르는 사람에게 천천히 손편지를 써요.</p>
      <p>다 쓴 편지는 그 자리에서 우표를 붙여 보낼 수 있어요.</p>`,
    howItGoesHtml: `
      <ol>
        <li><strong>떠올리기 (30분)</strong>: 고마운 사람 세 명과 그 이유를 적어요.</li>
        <li><strong>편지 쓰기 (80분)</strong>: 편지지와 펜을 골라 한 통을 완성해요.</li>
        <li><strong>보내기 (40분)</strong>: 봉투를 꾸미고 우표를 붙여 함께 우체통에 넣어요.</li>
      </ol>`,
    cover: '/images/programs/letter-writing.webp',
    coverAlt: '복숭앗빛 배경에 봉투와 하트 모양 스티커, 만년필이 놓인 그림',
    theme: '관계 맺기',
    badges: [],
    hostName: '최온유',
    hostIntroduction: '해방촌에서 작은 문구점을 운영하며 한 달에 한 번 편지 쓰는 날을 열어요.',
    place: '서울 용산구 해방촌 문구점 온유 2층 작업실',
    price: 28_000,
    slots: [
      { monthOffset: 1, day: 10, time: '15:00', hours: 2.5, capacity: 8 },
      { monthOffset: 2, day: 14, time: '15:00', hours: 2.5, capacity: 8 },
    ],
  },
  {
    title: '한 권을 깊이 읽는 하루, 북 리추얼 데이',
    eventName: '북 리추얼',
    summary: '한 권의 책을 함께 정하고, 조용히 읽고, 밑줄 그은 문장을 나누는 세 시간의 독서 모임이에요.',
    descriptionHtml: `
      <p>읽고 싶은 책은 쌓여 가는데 끝까지 읽기 어려웠다면, 함께 읽는 힘을 빌려 보세요. 그날의 책 한 권을 세 시간 동안 깊이 읽고, 마음에 남은 문장을 나눠요.</p>
      <p>책은 모임 2주 전에 안내해 드려요. 미리 읽지 않아도 괜찮아요.</p>`,
    howItGoesHtml: `
      <ol>
        <li><strong>책 소개 (20분)</strong>: 호스트가 오늘의 책과 읽는 방법을 소개해요.</li>
        <li><strong>조용히 읽기 (100분)</strong>: 각자 밑줄을 그으며 읽어요.</li>
        <li><strong>문장 나누기 (60분)</strong>: 밑줄 그은 문장 하나와 그 이유를 이야기해요.</li>
      </ol>`,
    cover: '/images/programs/book-day.webp',
    coverAlt: '연두빛 배경에 펼쳐진 책과 책갈피, 따뜻한 스탠드 불빛을 그린 그림',
    theme: '배우고 성장하기',
    badges: ['인기'],
    hostName: '정윤슬',
    hostIntroduction: '동네 책방에서 5년째 독서 모임을 열고 있는 책방지기예요.',
    place: '서울 중구 을지로 리추얼 북라운지',
    price: 32_000,
    slots: [
      { monthOffset: 0, day: 22, time: '14:00', hours: 3, capacity: 8, seated: ['member3', 'member4'] },
      { monthOffset: 1, day: 14, time: '14:00', hours: 3, capacity: 8, seated: ['member4'] },
      { monthOffset: 2, day: 18, time: '14:00', hours: 3, capacity: 8 },
    ],
  },
  {
    title: '나만의 향을 찾는 아로마 블렌딩 클래스',
    eventName: '아로마 블렌딩',
    summary: '열두 가지 에센셜 오일을 맡아 보고, 지금의 나에게 맞는 향을 블렌딩해 롤온으로 가져가는 클래스예요.',
    descriptionHtml: `
      <p>향은 기분을 바꾸는 가장 빠른 길이에요. 열두 가지 오일을 하나씩 맡아 보며 끌리는 향과 그 이유를 적고, 나만의 블렌딩을 완성해요.</p>
      <p>만든 롤온은 잠들기 전이나 일하다 지칠 때 쓸 수 있어요.</p>`,
    howItGoesHtml: `
      <ol>
        <li><strong>향 탐색 (40분)</strong>: 열두 가지 오일의 향을 맡고 느낌을 기록해요.</li>
        <li><strong>블렌딩 (50분)</strong>: 세 가지 향을 골라 비율을 맞춰 섞어요.</li>
        <li><strong>마무리 (30분)</strong>: 롤온에 담고 이름을 붙여요.</li>
      </ol>
      <p>재료비가 포함되어 있어요. 향에 민감하다면 미리 알려 주세요.</p>`,
    cover: '/images/programs/aroma-blending.webp',
    coverAlt: '라벤더빛 배경에 작은 유리병 세 개와 흩날리는 꽃잎을 그린 그림',
    theme: '마음 돌보기',
    badges: ['마감임박'],
    hostName: '한소리',
    hostIntroduction: '아로마테라피스트로 일하며 향으로 마음을 돌보는 법을 알려 드려요.',
    place: '서울 강남구 신사동 리추얼 아틀리에',
    price: 45_000,
    slots: [
      { monthOffset: 0, day: 12, time: '11:00', hours: 2, capacity: 6 },
      { monthOffset: 1, day: 21, time: '11:00', hours: 2, capacity: 6, seated: ['member1', 'member2'] },
      { monthOffset: 2, day: 28, time: '19:00', hours: 2, capacity: 6 },
    ],
  },
];

const pad = (value: number): string => String(value).padStart(2, '0');
const lastDayOf = ({ year, month }: SeoulMonth): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The instant of a slot's start in Seoul (+09:00 all year). */
function startOf(slot: Slot, thisMonth: SeoulMonth): Date {
  const month = shiftMonth(thisMonth, slot.monthOffset);
  const day = Math.min(slot.day, lastDayOf(month));
  return new Date(`${month.year}-${pad(month.month)}-${pad(day)}T${slot.time}:00+09:00`);
}

const halfOfDay = (time: string): string => {
  const hour = Number(time.slice(0, 2));
  return hour < 12 ? '오전반' : hour < 17 ? '오후반' : '저녁반';
};

/**
 * Six one-day programmes with two to four events each over the seed's Seoul month and the two
 * after it (some already past), one of them full; a handful of bulk statements in all.
 */
/** Seeds the one-day programmes; answers the seats their applicants take, for seedRitualApplicants. */
export async function seedPrograms(db: Db, now = new Date()): Promise<Array<{ sessionId: number; taken: number }>> {
  const thisMonth = seoulMonthOf(now);
  // The seed runs in one transaction: on PostgreSQL its statements go one after another.
  const [themeRows, badgeRows, memberRows] = await inOrder(db, [
    () => db.select({ id: themes.id, name: themes.name }).from(themes),
    () => db.select({ id: badges.id, name: badges.name }).from(badges),
    () => db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['member1', 'member2', 'member3', 'member4'])),
  ]);
  const themeId = new Map(themeRows.map((row) => [row.name, row.id]));
  const badgeId = new Map(badgeRows.map((row) => [row.name, row.id]));
  const memberId = new Map(memberRows.map((row) => [row.username, row.id]));

  const ritualRows = await db
    .insert(rituals)
    .values(
      demoPrograms.map((program, index) => ({
        type: 'one_day' as const,
        title: program.title,
        summary: program.summary,
        descriptionHtml: sanitizeStaffHtml(program.descriptionHtml.replace(/\n\s*/g, '')),
        howItGoesHtml: sanitizeStaffHtml(program.howItGoesHtml.replace(/\n\s*/g, '')),
        coverImageUrl: program.cover,
        coverImageAlt: program.coverAlt,
        themeId: themeId.get(program.theme) ?? null,
        hostName: program.hostName,
        hostIntroduction: program.hostIntroduction,
        sortOrder: index + 1,
      })),
    )
    .returning({ id: rituals.id });

  const ritualBadgeRows = demoPrograms.flatMap((program, index) =>
    program.badges.flatMap((name) => {
      const id = badgeId.get(name);
      return id === undefined ? [] : [{ ritualId: ritualRows[index]!.id, badgeId: id }];
    }),
  );
  if (ritualBadgeRows.length > 0) await db.insert(ritualBadges).values(ritualBadgeRows);

  const slots = demoPrograms.flatMap((program, index) =>
    program.slots.map((slot) => {
      const startsAt = startOf(slot, thisMonth);
      // Applications open six weeks ahead and close two days before.
      return { program, ritualId: ritualRows[index]!.id, slot, startsAt, recruitStartsAt: new Date(startsAt.getTime() - 42 * DAY_MS) };
    }),
  );
  const sessionRows = await db
    .insert(ritualSessions)
    .values(
      slots.map(({ program, ritualId, slot, startsAt, recruitStartsAt }) => ({
        ritualId,
        title: `${program.eventName} ${halfOfDay(slot.time)}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + slot.hours * HOUR_MS),
        capacity: slot.capacity,
        price: program.price,
        recruitStartsAt,
        recruitEndsAt: new Date(startsAt.getTime() - 2 * DAY_MS),
        place: program.place,
        createdAt: new Date(Math.min(now.getTime(), startsAt.getTime()) - 30 * DAY_MS),
      })),
    )
    .returning({ id: ritualSessions.id });

  await db.insert(programEvents).values(
    slots.map(({ program, slot }, index) => ({
      ritualSessionId: sessionRows[index]!.id,
      title: `${program.eventName} ${halfOfDay(slot.time)}`,
      place: program.place,
    })),
  );

  // Nobody joins before applications open: a seat is taken a week into the window, or by now.
  const seats = slots.flatMap(({ slot, recruitStartsAt }, index) =>
    recruitStartsAt > now
      ? []
      : (slot.seated ?? []).flatMap((username) => {
          const userId = memberId.get(username);
          const joinedAt = new Date(Math.min(now.getTime(), recruitStartsAt.getTime() + 7 * DAY_MS));
          return userId === undefined ? [] : [{ ritualSessionId: sessionRows[index]!.id, userId, role: 'member' as const, joinedAt }];
        }),
  );
  if (seats.length > 0) await db.insert(ritualSessionUsers).values(seats);
  return slots.flatMap(({ slot, recruitStartsAt }, index) =>
    recruitStartsAt > now || !slot.applicants ? [] : [{ sessionId: sessionRows[index]!.id, taken: slot.applicants }],
  );
}
