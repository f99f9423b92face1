import { inArray, sql } from 'drizzle-orm';
import { seoulDayKey } from '../../../lib/program-calendar.ts';
import type { Db } from '../client.ts';
import {
  comments,
  reactions,
  ritualSessionCheckIns,
  ritualSessionCheckInTexts,
  ritualSessionPostReads,
  ritualSessionPosts,
  ritualSessionThreads,
  users,
} from '../schema/index.ts';
import type { RoomPostCategory } from '../schema/index.ts';
import { seoulDay } from './pages.ts';

const CHECK_IN_TEXTS = [
  '오늘도 해냈어요',
  '조금 늦었지만 시작했어요',
  '어제보다 한 걸음 더',
  '몸도 마음도 가벼워요',
  '쉽지 않았지만 지켜냈어요',
  '함께라서 힘이 나요',
];

interface SeedPost {
  author: 'member1' | 'member2' | 'member3';
  category: RoomPostCategory;
  title: string | null;
  text: string;
  /** Seoul days before today, and the hour. */
  daysAgo: number;
  hour: number;
  isPublic?: boolean;
}

// The running session started ten days ago (ritual-sessions.ts): its posts fall within those days.
const POSTS: SeedPost[] = [
  { author: 'member1', category: 'notice', title: '아침 10분 명상에 오신 걸 환영해요', text: '매일 아침 체크인하고, 하루 한 번 기록을 남겨 주세요. 서로의 기록에 응원 한마디면 충분해요.', daysAgo: 10, hour: 7 },
  { author: 'member2', category: 'ritual_goal', title: '이번 리추얼 목표', text: '4주 동안 하루도 빠짐없이 아침 10분 앉아 있기. 못 한 날에도 다음 날 다시 시작하기.', daysAgo: 10, hour: 8 },
  { author: 'member3', category: 'ritual_goal', title: '흔들려도 돌아오기', text: '출근 전 10분, 휴대폰보다 호흡을 먼저 만나는 아침을 만들고 싶어요.', daysAgo: 9, hour: 9 },
  { author: 'member2', category: 'wakeup', title: null, text: '6시 30분 기상! 창문을 열고 바로 앉았어요.', daysAgo: 8, hour: 6 },
  { author: 'member3', category: 'weekly_goal', title: '첫 주의 목표', text: '이번 주는 알람 없이 일어나 보기, 명상 후 물 한 잔 마시기.', daysAgo: 7, hour: 8 },
  { author: 'member2', category: 'inspiration', title: '호흡을 세는 방법', text: '들숨에 하나, 날숨에 둘. 열까지 세고 다시 하나로. 생각이 떠오르면 다시 하나부터 세요.', daysAgo: 6, hour: 21, isPublic: true },
  { author: 'member1', category: 'notice', title: '이번 주 토요일 온라인 모임', text: '토요일 아침 8시에 20분 동안 함께 앉아요. 링크는 당일 아침에 올릴게요.', daysAgo: 5, hour: 12 },
  { author: 'member3', category: 'wakeup', title: null, text: '조금 늦은 7시 기상이지만 10분 채웠어요.', daysAgo: 4, hour: 7 },
  { author: 'member2', category: 'retrospect', title: '첫 주 회고', text: '아침이 조용해졌어요. 10분이 짧게 느껴지는 날도 생겼어요.', daysAgo: 3, hour: 22 },
  { author: 'member2', category: 'wakeup', title: null, text: '비 오는 아침, 빗소리와 함께 명상했어요.', daysAgo: 1, hour: 6 },
  { author: 'member3', category: 'inspiration', title: '좋았던 문장', text: '“지금 이 순간이 내가 가진 전부다.” 오늘 아침 이 문장을 떠올리며 앉았어요.', daysAgo: 1, hour: 20 },
];

const THREADS = [
  { author: 'member3' as const, title: '명상할 때 듣는 음악 있으세요?', text: '조용한 게 좋다가도 가끔은 음악이 필요하더라고요. 추천해 주세요.', daysAgo: 6 },
  { author: 'member2' as const, title: '자꾸 졸릴 때는 어떻게 하세요?', text: '아침에 앉으면 다시 잠이 와요. 다들 어떻게 버티시나요?', daysAgo: 3 },
];

// Who checked in which of the last days (0 = today): member2 every day but one, member3 most, the host often.
const CHECK_IN_DAYS: Record<'member1' | 'member2' | 'member3', number[]> = {
  member1: [1, 2, 4, 5, 7, 9],
  member2: [1, 2, 3, 4, 6, 7, 8, 9, 10],
  member3: [1, 3, 4, 7, 9],
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The running room of members 1 to 3 (member1 hosting) as it looks ten days in: check-in texts,
 * posts of every category with comments, reactions and reads, two threads, and check-ins over the
 * past days. Everything is dated relative to `now`, so the room looks the same whenever it is seeded.
 */
export async function seedRooms(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db.insert(ritualSessionCheckInTexts).values(CHECK_IN_TEXTS.map((text, index) => ({ text, sortOrder: index + 1 })));
  const texts = await db.select({ id: ritualSessionCheckInTexts.id }).from(ritualSessionCheckInTexts).orderBy(ritualSessionCheckInTexts.sortOrder);

  const members = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['member1', 'member2', 'member3']));
  const idOf = new Map(members.map((member) => [member.username, member.id]));
  const id = (name: string) => idOf.get(name);
  if (members.length < 3) return;

  const posts = await db
    .insert(ritualSessionPosts)
    .values(
      POSTS.map((post) => {
        const at = seoulDay(now, -post.daysAgo, post.hour, 10);
        return {
          ritualSessionId: sessionId,
          userId: id(post.author)!,
          category: post.category,
          title: post.title,
          contentHtml: `<p>${escape(post.text)}</p>`,
          excerpt: post.text,
          isPublic: post.isPublic ?? false,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: ritualSessionPosts.id, userId: ritualSessionPosts.userId, createdAt: ritualSessionPosts.createdAt });

  const threads = await db
    .insert(ritualSessionThreads)
    .values(
      THREADS.map((thread) => {
        const at = seoulDay(now, -thread.daysAgo, 13, 0);
        return { ritualSessionId: sessionId, userId: id(thread.author)!, title: thread.title, contentHtml: `<p>${escape(thread.text)}</p>`, excerpt: thread.text, createdAt: at, updatedAt: at };
      }),
    )
    .returning({ id: ritualSessionThreads.id, userId: ritualSessionThreads.userId, createdAt: ritualSessionThreads.createdAt });

  // Everyone else in the room reads each post; each record gets an answer and a cheer from another member.
  const others = (userId: number) => members.map((member) => member.id).filter((memberId) => memberId !== userId);
  const hour = 3_600_000;
  await db.insert(ritualSessionPostReads).values(
    posts.flatMap((post) => others(post.userId).map((userId, index) => ({ ritualSessionPostId: post.id, userId, readAt: new Date(post.createdAt.getTime() + (index + 1) * hour) }))),
  );
  const answers = ['오늘도 멋져요!', '저도 내일 따라 해 볼게요.', '읽기만 해도 마음이 차분해져요.'];
  await db.insert(comments).values([
    ...posts.map((post, index) => ({
      modelType: 'ritual_session_post',
      modelId: post.id,
      userId: others(post.userId)[index % 2]!,
      content: answers[index % answers.length]!,
      createdAt: new Date(post.createdAt.getTime() + 2 * hour),
      updatedAt: new Date(post.createdAt.getTime() + 2 * hour),
    })),
    ...threads.map((thread, index) => ({
      modelType: 'ritual_session_thread',
      modelId: thread.id,
      userId: others(thread.userId)[0]!,
      content: index === 0 ? '빗소리 백색소음을 자주 들어요.' : '찬물로 세수하고 앉으면 덜 졸려요.',
      createdAt: new Date(thread.createdAt.getTime() + 3 * hour),
      updatedAt: new Date(thread.createdAt.getTime() + 3 * hour),
    })),
  ]);
  const kinds = ['cheer', 'like', 'empathy', 'awesome', 'thanks'] as const;
  await db.insert(reactions).values(
    posts.flatMap((post, index) =>
      others(post.userId).map((userId, offset) => ({
        modelType: 'ritual_session_post',
        modelId: post.id,
        userId,
        reactionType: kinds[(index + offset) % kinds.length]!,
        createdAt: new Date(post.createdAt.getTime() + (offset + 1) * hour),
      })),
    ),
  );

  // The counters as the services would have kept them.
  await db.execute(sql`
    update ${ritualSessionPosts} p set
      comments_count = (select count(*) from ${comments} c where c.model_type = 'ritual_session_post' and c.model_id = p.id),
      reactions_count = (select count(*) from ${reactions} r where r.model_type = 'ritual_session_post' and r.model_id = p.id),
      reads_count = (select count(*) from ${ritualSessionPostReads} r where r.ritual_session_post_id = p.id)
    where p.ritual_session_id = ${sessionId}`);
  await db.execute(sql`
    update ${ritualSessionThreads} t set
      comments_count = (select count(*) from ${comments} c where c.model_type = 'ritual_session_thread' and c.model_id = t.id)
    where t.ritual_session_id = ${sessionId}`);

  await db.insert(ritualSessionCheckIns).values(
    Object.entries(CHECK_IN_DAYS).flatMap(([name, days]) =>
      days.map((daysAgo, index) => {
        const at = seoulDay(now, -daysAgo, 7, 5);
        return { ritualSessionId: sessionId, userId: id(name)!, day: seoulDayKey(at), checkInTextId: texts[index % texts.length]!.id, createdAt: at };
      }),
    ),
  );
}
