import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import type { RitualDetail, RitualItem } from '../../src/lib/rituals.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
let guest: TestClient;
let monthly: RitualItem[] = [];

beforeAll(async () => {
  await seedDemoData(testDb().database.db, { production: false });
  guest = createTestApp(testDb().database.db).client();
  monthly = (await guest.get('/api/rituals?type=monthly&per_page=50')).body.data;
});

describe('the demo season of monthly rituals', () => {
  it('has at least twelve over the five themes, each with a cover and its alt text', () => {
    expect(monthly.length).toBeGreaterThanOrEqual(12);
    expect(new Set(monthly.map((ritual) => ritual.theme?.name))).toEqual(new Set(['마음 돌보기', '몸 깨우기', '기록하기', '관계 맺기', '배우고 성장하기']));
    for (const ritual of monthly) {
      expect(ritual.cover_image_url).toMatch(/^\/images\/rituals\/[a-z]+-\d\.webp$/);
      expect(ritual.cover_image_alt).toMatch(/[가-힣]/);
    }
  });

  it('recruits for next month now: sessions of 6 to 20 seats at 39,000 to 59,000원, some nearly full and one full', () => {
    const next = monthly.map((ritual) => ritual.next_session!);
    expect(next.every((session) => session.recruit_state === 'open' || session.recruit_state === 'full')).toBe(true);
    expect(next.every((session) => session.capacity >= 6 && session.capacity <= 20)).toBe(true);
    expect(next.every((session) => session.price >= 39_000 && session.price <= 59_000 && session.weeks === 4)).toBe(true);
    expect(next.filter((session) => session.seats_left === 0)).toHaveLength(1);
    expect(next.filter((session) => session.seats_left > 0 && session.seats_left <= 3).length).toBeGreaterThanOrEqual(2);
  });

  it('names three seasons: this month, the next and the one after', async () => {
    const titles = (await guest.get('/api/ritual-session-titles')).body.data.map((title: { title: string }) => title.title);
    expect(titles).toHaveLength(3);
    for (const title of titles) expect(title).toMatch(/^\d{4}년 \d{1,2}월 리추얼$/);
  });

  it('takes applications for the season after next only from a day to come', async () => {
    const morning = monthly.find((ritual) => ritual.title === '아침 10분 명상')!;
    const detail: RitualDetail = (await guest.get(`/api/rituals/${morning.id}`)).body.data;
    expect(detail.sessions.map((session) => session.recruit_state)).toEqual(['open', 'open', 'upcoming']);
    expect(detail.description_html).toContain('<h3>이런 분께 추천해요</h3>');
  });
});
