import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { searchGrams, searchKinds } from '../../src/server/db/schema/index.ts';
import { indexSearchItem, matchingIds, rebuildSearchIndex, searchExplorer } from '../../src/server/modules/search/service.ts';
import type { ExplorerKind, SearchResultItem, SearchResults } from '../../src/lib/search.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { indexesOf, planOf } from '../helpers/query-plans.ts';
import { createRecord, createRecordCategory, createRitual } from '../helpers/record-factories.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const ids: Record<string, number> = {};

beforeAll(async () => {
  const category = await createRecordCategory(db());
  // 명상 inside a longer word of a title, and only in the body of another.
  ids.inTitle = (await createRecord(db(), category, { title: '아침명상일지 30일', contentHtml: '<p>매일 앉았어요.</p>' })).id;
  ids.inText = (
    await createRecord(db(), category, {
      title: '잠들기 전 5분',
      contentHtml: '<p>불을 끄고 <strong>호흡명상을</strong> 해 봤어요. 50% 정도는 잠들었어요.</p>',
    })
  ).id;
  // The grams of 가나다 (가나, 나다) without the word.
  ids.gramsOnly = (await createRecord(db(), category, { title: '가나 나다 라마', contentHtml: '<p>따로 쓴 말</p>' })).id;
  ids.draft = (await createRecord(db(), category, { title: '명상 초안', publishedAt: null })).id;
  ids.scheduled = (await createRecord(db(), category, { title: '명상 예고', publishedAt: new Date(Date.now() + 86_400_000) })).id;
  ids.monthly = (await createRitual(db(), { title: '아침 10분 명상', type: 'monthly' })).id;
  ids.program = (await createRitual(db(), { title: '다도 클래스', type: 'one_day', descriptionHtml: '<p>차를 마시는 명상의 시간</p>' })).id;
  ids.hidden = (await createRitual(db(), { title: '명상 준비 중', isPublished: false })).id;
  ids.walk = (await createRitual(db(), { title: '주 3회 걷기', summary: '걸으며 생각을 정리해요.' })).id;
  await rebuildSearchIndex(db());
  // Indexed by hand as if they had been published when the index was built: the search still checks.
  await indexSearchItem(db(), 'off_the_record', ids.draft, ['명상 초안']);
  await indexSearchItem(db(), 'ritual', ids.hidden, ['명상 준비 중']);
});

const groupIds = (results: SearchResults) => Object.fromEntries(results.groups.map((group) => [group.kind, group.items.map((item) => item.id)]));
const NONE = { ritual: [], program: [], off_the_record: [], product: [], square_post: [] };
const explorerItems = (results: SearchResults, kind: ExplorerKind): SearchResultItem[] => {
  const group = results.groups.find((found) => found.kind === kind);
  return group && group.kind !== 'product' && group.kind !== 'square_post' ? group.items : [];
};

describe('searchExplorer', () => {
  it('finds a two-syllable word inside a title and inside a text, grouped by kind', async () => {
    const results = await searchExplorer(db(), '명상');
    expect(results.status).toBe('ok');
    expect(results.groups.map((group) => [group.kind, group.label, group.total])).toEqual([
      ['ritual', '월간 리추얼', 1],
      ['program', '원데이 프로그램', 1],
      ['off_the_record', '오프더레코드', 2],
      ['product', '툴샵', 0],
      ['square_post', '콘텐츠 광장', 0],
    ]);
    expect(groupIds(results)).toEqual({ ...NONE, ritual: [ids.monthly], program: [ids.program], off_the_record: [ids.inText, ids.inTitle] });
    expect(explorerItems(results, 'off_the_record').find((item) => item.id === ids.inTitle)).toMatchObject({
      title: '아침명상일지 30일',
      url: `/explorer/off-the-record/${ids.inTitle}`,
    });
    expect(explorerItems(results, 'ritual')[0]!.url).toBe(`/explorer/ritual/${ids.monthly}`);
  });

  it('normalises the query and needs every word', async () => {
    expect(groupIds(await searchExplorer(db(), '  ＡＢＣ 명상  '))).toEqual(NONE);
    expect(groupIds(await searchExplorer(db(), '아침 명상'))).toEqual({ ...NONE, ritual: [ids.monthly], off_the_record: [ids.inTitle] });
    expect(groupIds(await searchExplorer(db(), '호흡명상'))).toEqual({ ...NONE, off_the_record: [ids.inText] });
  });

  it('checks the text: grams alone are not a match', async () => {
    expect(groupIds(await searchExplorer(db(), '가나다')).off_the_record).toEqual([]);
    expect(groupIds(await searchExplorer(db(), '가나')).off_the_record).toEqual([ids.gramsOnly]);
  });

  it('asks for two characters and says nothing for a blank query', async () => {
    expect(await searchExplorer(db(), '명')).toEqual({ query: '명', status: 'too_short', groups: [] });
    expect(await searchExplorer(db(), '   ')).toEqual({ query: '', status: 'blank', groups: [] });
  });

  it('treats wildcards, quotes, backslashes and patterns as plain text', async () => {
    for (const q of ['%', '_', '%%', "'", "' or '1'='1", '\\', '\\%', '.*', '[가-힣]+', '명_', '(명상', "명상'; drop table search_grams; --"]) {
      const results = await searchExplorer(db(), q);
      const found = results.groups.flatMap((group) => group.items.map((item) => item.id));
      // Symbols are not words: at most the words in them are searched, never "anything".
      expect(found.filter((id) => ![ids.monthly, ids.program, ids.inText, ids.inTitle].includes(id)), q).toEqual([]);
      if (!/명상/.test(q)) expect(found, q).toEqual([]);
    }
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(searchGrams))[0]!.n).toBeGreaterThan(0);
    expect((await searchExplorer(db(), '50%')).status).toBe('ok');
  });

  it('gives the ids of one kind to a list', async () => {
    expect(await matchingIds(db(), 'ritual', '명상')).toEqual([ids.monthly]);
    expect(await matchingIds(db(), 'program', '명상')).toEqual([ids.program]);
    expect(await matchingIds(db(), 'ritual', '걷기')).toEqual([ids.walk]);
    expect(await matchingIds(db(), 'ritual', '명')).toEqual([]);
  });
});

describe('GET /api/explorer-search', () => {
  it('answers the grouped results for a guest', async () => {
    const res = await guestClient(db()).get(`/api/explorer-search?q=${encodeURIComponent('명상')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.query).toBe('명상');
    expect(res.body.data.groups.map((group: { total: number }) => group.total)).toEqual([1, 1, 2, 0, 0]);
  });

  it('refuses a query longer than 50 characters and NUL with 422 in Korean', async () => {
    const guest = guestClient(db());
    const long = await guest.get(`/api/explorer-search?q=${encodeURIComponent('명상'.repeat(500))}`);
    expect(long.status).toBe(422);
    expect(long.body.errors.q[0]).toBe('검색어는 50자 이하로 입력해 주세요.');
    expect((await guest.get(`/api/explorer-search?q=${encodeURIComponent('가'.repeat(50))}`)).status).toBe(200);
    const nul = await guest.get('/api/explorer-search?q=%E2%80%A6%00');
    expect(nul.status).toBe(422);
    expect(nul.body.errors.q).toBeDefined();
    for (const q of ['%', '_', "'", '\\', '.*', '(?:x)']) {
      const res = await guest.get(`/api/explorer-search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data.groups.every((group: { total: number }) => group.total === 0), q).toBe(true);
    }
  });
});

describe('the gram lookup', () => {
  it('reads the primary key of search_grams, not the content tables, for every kind', async () => {
    // Enough grams that reading them all would show: 2,000 items of their own in each of three kinds.
    await db().execute(sql`
      insert into search_grams (gram, kind, item_id)
      select g, k, 100000 + i
      from generate_series(1, 2000) i, unnest(array['리추', '추얼', '기록', '하루']) g, unnest(array['off_the_record', 'product', 'square_post']) k`);
    await db().execute(sql`analyze search_grams`);
    const counter = countQueries(db(), testDb().kind);
    const statements = await counter.during(() => searchExplorer(counter.db, '명상 기록'));
    const lookups = statements.filter((statement) => /from "search_grams"/.test(statement.sql));
    expect(lookups.map((statement) => statement.params.find((param) => (searchKinds as readonly unknown[]).includes(param))).sort()).toEqual(
      [...searchKinds].sort(),
    );
    for (const statement of lookups) {
      expect(statement.sql).not.toMatch(/like/i);
      const plan = await planOf(db(), statement, ['enable_seqscan = off']);
      expect(indexesOf(plan), statement.sql).toEqual(['search_grams_gram_kind_item_id_pk']);
      // The grams are the index's condition, not a filter over all of it.
      const scan = plan.find((node) => node['Index Name']) as { 'Index Cond'?: string } | undefined;
      expect(scan?.['Index Cond'], statement.sql).toMatch(/gram/);
    }
  });
});
