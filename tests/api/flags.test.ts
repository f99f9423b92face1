import { describe, expect, it } from 'vitest';
import { squarePosts } from '../../src/server/db/schema/index.ts';
import { FLAG_MESSAGE } from '../../src/server/http/flag-field.ts';
import { createCategory, createPost, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { eq } from 'drizzle-orm';

const testDb = useTestDatabase();

describe('yes/no fields read the same on every route', () => {
  it('a comment and a post both refuse is_anonymous=yes, and both take on, 1 and true in any body', async () => {
    const db = testDb().database.db;
    const { client, user } = await signedInMember(db);
    const category = await createCategory(db, { allowsAnonymous: true });
    const post = await createPost(db, user, category);
    await db.update(squarePosts).set({ isAnonymous: true }).where(eq(squarePosts.id, post.id));

    const comment = await client.post('/api/comments', {
      form: { model_type: 'square_post', model_id: String(post.id), content: '응원해요', is_anonymous: 'yes' },
    });
    expect(comment.status).toBe(422);
    expect(comment.body.errors).toEqual({ is_anonymous: [FLAG_MESSAGE] });
    const written = await client.post('/api/square-posts', {
      form: { square_post_category_id: String(category.id), title: '제목', content: '<p>본문</p>', is_anonymous: 'yes' },
    });
    expect(written.status).toBe(422);
    expect(written.body.errors).toEqual({ is_anonymous: [FLAG_MESSAGE] });

    for (const yes of ['on', '1', 'true']) {
      const multipart = new FormData();
      for (const [name, value] of Object.entries({ model_type: 'square_post', model_id: String(post.id), content: `익명 ${yes}`, is_anonymous: yes })) {
        multipart.append(name, value);
      }
      const res = await client.post('/api/comments', { multipart });
      expect(res.status, yes).toBe(201);
      expect(res.body.data.is_anonymous).toBe(true);
    }
    const json = await client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: 'JSON', is_anonymous: false } });
    expect(json.status).toBe(201);
  });
});
