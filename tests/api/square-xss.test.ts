import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, squarePosts } from '../../src/server/db/schema/index.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { createCategory, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { executableParts, isOwnImage } from '../helpers/xss.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const payloads = xssPayloads;

describe('stored XSS through posts and comments', () => {
  it('keeps no executable construct of any payload in a post’s HTML: stored, answered on writing and on reading', async () => {
    const category = await createCategory(db(), { allowsAnonymous: true });
    let writer = await signedInMember(db());
    const failures: { payload: string; where: string; problems: string[] }[] = [];
    for (const [index, payload] of payloads.entries()) {
      // The writing limit is per member: a new one now and then keeps the corpus flowing.
      if (index > 0 && index % 25 === 0) writer = await signedInMember(db());
      const res = await writer.client.post('/api/square-posts', {
        json: { square_post_category_id: category.id, title: payload.slice(0, 100), content: `<p>본문 ${index}</p>${payload}` },
      });
      expect(res.status, payload).toBe(201);
      const post = res.body.data;
      const [stored] = await db().select().from(squarePosts).where(eq(squarePosts.id, post.id));
      const fetched = await writer.client.get(`/api/square-posts/${post.id}`);
      for (const [where, html] of [
        ['stored', stored!.contentHtml],
        ['created', post.content_html],
        ['fetched', fetched.body.data.content_html],
      ] as const) {
        const problems = executableParts(html, isOwnImage);
        if (problems.length > 0) failures.push({ payload, where, problems });
      }
      // Titles are text: answered exactly as typed, for the pages to escape like any text.
      expect(post.title).toBe(payload.slice(0, 100).replace(/[\r\n]+/g, ' ').trim());
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('stores comments as the text they are, for the page to escape', async () => {
    const category = await createCategory(db());
    const author = await signedInMember(db());
    const post = (await author.client.post('/api/square-posts', {
      json: { square_post_category_id: category.id, title: '댓글 시험', content: '<p>본문</p>' },
    })).body.data;
    let commenter = await signedInMember(db());
    for (const [index, payload] of payloads.entries()) {
      if (index > 0 && index % 15 === 0) commenter = await signedInMember(db());
      const content = payload.slice(0, 1000);
      const res = await commenter.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content } });
      expect(res.status, payload).toBe(201);
      expect(res.body.data.content).toBe(content.replace(/\r/g, '').trim());
    }
    const thread = (await author.client.get(`/api/square-posts/${post.id}`)).body.data.comments as { content: string }[];
    expect(thread).toHaveLength(payloads.length);
    // The post's own HTML, which the page renders as HTML, stays clean next to them.
    expect(executableParts((await author.client.get(`/api/square-posts/${post.id}`)).body.data.content_html, isOwnImage)).toEqual([]);
    const rows = await db().select({ content: comments.content }).from(comments).where(eq(comments.modelId, post.id));
    expect(rows).toHaveLength(payloads.length);
  }, 120_000);
});
