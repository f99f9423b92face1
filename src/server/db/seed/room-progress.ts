import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  ritualSessionCheckIns,
  ritualSessionLetters,
  ritualSessionPosts,
  ritualSessions,
  ritualSessionUsers,
  users,
} from '../schema/index.ts';
import type { RoomPostCategory } from '../schema/index.ts';
import { seoulDate } from '../../../lib/room-progress.ts';
import type { SeededRitualSessions } from './ritual-sessions.ts';
import { seoulDay } from './pages.ts';

// Days (from today) each member checked in: member2 keeps a two-day run going into today.
const CURRENT_CHECK_INS: Record<string, number[]> = {
  member2: [-10, -9, -8, -7, -5, -4, -2, -1],
  member3: [-10, -9, -6, -3],
};
const PAST_CHECK_INS: Record<string, number[]> = {
  member2: [-38, -37, -36, -35, -34, -32, -31, -30, -29, -28, -27, -26, -24, -23, -22, -21, -20, -18, -17, -16, -15, -13, -12, -11],
  member4: [-38, -36, -35, -33, -30, -29, -25, -24, -20, -16, -13],
};

interface SeedPost {
  username: string;
  day: number;
  hour: number;
  category: RoomPostCategory;
  title: string | null;
  text: string;
}

const PAST_POSTS: SeedPost[] = [
  {
    username: 'member2',
    day: -38,
    hour: 7,
    category: 'ritual_goal',
    title: '4주 동안의 목표',
    text: '아침마다 10분, 휴대폰보다 숨을 먼저 만나기.',
  },
  {
    username: 'member2',
    day: -31,
    hour: 6,
    category: 'wakeup',
    title: null,
    text: '6시 10분 기상. 창문을 열고 명상으로 하루를 시작했어요.',
  },
  {
    username: 'member2',
    day: -24,
    hour: 21,
    category: 'weekly_goal',
    title: '셋째 주 목표',
    text: '주말에도 빠지지 않기. 토요일에는 산책 명상으로.',
  },
  {
    username: 'member2',
    day: -12,
    hour: 22,
    category: 'retrospect',
    title: '4주를 돌아보며',
    text: '빠진 날도 있었지만 다시 돌아오는 법을 배웠어요.',
  },
  {
    username: 'member4',
    day: -30,
    hour: 7,
    category: 'inspiration',
    title: '좋았던 문장',
    text: '“지금 이 숨 하나면 충분하다.”',
  },
];

const CURRENT_POSTS: SeedPost[] = [
  {
    username: 'member2',
    day: -10,
    hour: 8,
    category: 'ritual_goal',
    title: '이번 리추얼 목표',
    text: '출근 전 10분 명상, 하루도 미루지 않기.',
  },
  {
    username: 'member2',
    day: -6,
    hour: 6,
    category: 'wakeup',
    title: null,
    text: '알람보다 먼저 눈을 떴어요. 오늘은 호흡 세기부터.',
  },
];

const CURRENT_LETTER =
  '4주 뒤의 나에게.\n\n바쁜 아침에도 10분을 지켜 낸 너라면, 어떤 하루도 천천히 시작할 수 있을 거야.\n빠진 날이 있었더라도 다시 돌아온 너를 칭찬해 줘.';
const PAST_LETTER = '지난달의 나에게.\n\n처음엔 5분도 길게 느껴졌지? 끝까지 와 준 너에게 고마워. 다음 달에도 아침의 고요를 잊지 말자.';

/**
 * The rooms' progress for the demo (issue 18): check-ins and records of members 2 to 4 in the
 * running and the finished session, so the report, /mypage's numbers and its heatmap show
 * something; member2's letter in the running session (sealed), and the one from the finished
 * session, delivered. Relative to `now`, like the sessions themselves.
 */
export async function seedRoomProgress(db: Db, sessions: SeededRitualSessions, now = new Date()): Promise<void> {
  const members = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['member2', 'member3', 'member4']));
  const idOf = new Map(members.map((member) => [member.username, member.id]));
  const [past] = await db.select({ endsAt: ritualSessions.endsAt }).from(ritualSessions).where(eq(ritualSessions.id, sessions.pastId));
  if (!past) return;

  const checkIns = (sessionId: number, plan: Record<string, number[]>) =>
    Object.entries(plan).flatMap(([username, days]) => {
      const userId = idOf.get(username);
      return userId === undefined
        ? []
        : days.map((day) => ({
            ritualSessionId: sessionId,
            userId,
            day: seoulDate(seoulDay(now, day, 12)),
            createdAt: seoulDay(now, day, 7, 30),
          }));
    });
  await db
    .insert(ritualSessionCheckIns)
    .values([...checkIns(sessions.currentId, CURRENT_CHECK_INS), ...checkIns(sessions.pastId, PAST_CHECK_INS)]);

  const posts = (sessionId: number, list: SeedPost[]) =>
    list.flatMap((post) => {
      const userId = idOf.get(post.username);
      const at = seoulDay(now, post.day, post.hour);
      return userId === undefined
        ? []
        : [
            {
              ritualSessionId: sessionId,
              userId,
              category: post.category,
              title: post.title,
              contentHtml: `<p>${post.text}</p>`,
              excerpt: post.text,
              createdAt: at,
              updatedAt: at,
            },
          ];
    });
  await db.insert(ritualSessionPosts).values([...posts(sessions.currentId, CURRENT_POSTS), ...posts(sessions.pastId, PAST_POSTS)]);

  const member2 = idOf.get('member2');
  const member3 = idOf.get('member3');
  if (member3 !== undefined) {
    // One member chose to be named in the running room's completion list.
    await db
      .update(ritualSessionUsers)
      .set({ sharesProgress: true })
      .where(and(eq(ritualSessionUsers.ritualSessionId, sessions.currentId), eq(ritualSessionUsers.userId, member3)));
  }
  if (member2 === undefined) return;
  const delivered = new Date(past.endsAt.getTime() + 60_000);
  await db.insert(ritualSessionLetters).values([
    {
      ritualSessionId: sessions.currentId,
      userId: member2,
      content: CURRENT_LETTER,
      createdAt: seoulDay(now, -9, 22),
      updatedAt: seoulDay(now, -4, 23),
    },
    {
      ritualSessionId: sessions.pastId,
      userId: member2,
      content: PAST_LETTER,
      createdAt: seoulDay(now, -37, 21),
      updatedAt: seoulDay(now, -37, 21),
      deliveredAt: delivered,
    },
  ]);
}
