import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import type { LetterData } from '../../src/lib/letters.ts';

const client = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));

const { createLetterEditor } = await import('../../src/stores/letter-editor.ts');

const letter = (content: string): LetterData => ({
  id: 5,
  ritual_session_id: 9,
  content,
  state: 'waiting',
  editable: true,
  deliver_at: '2026-12-20T00:00:00.000Z',
  delivered_at: null,
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
});

it('starts writing when there is no letter yet, seals it once while busy, and says so', async () => {
  const editor = createLetterEditor(9, null);
  expect(editor.$state.get()).toEqual({ letter: null, editing: true, busy: false, saved: null });
  editor.close();
  expect(editor.$state.get().editing).toBe(true);

  let answer: (value: unknown) => void = () => undefined;
  client.post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const writing = editor.write('힘내');
  expect(editor.$state.get().busy).toBe(true);
  await expect(editor.write('힘내')).resolves.toBeNull();
  answer({ data: letter('힘내') });
  await expect(writing).resolves.toEqual({ sent: letter('힘내') });
  expect(client.post).toHaveBeenCalledTimes(1);
  expect(client.post).toHaveBeenLastCalledWith('/api/ritual-sessions/9/message-to-myself', { content: '힘내' });
  expect(editor.$state.get()).toEqual({ letter: letter('힘내'), editing: false, busy: false, saved: '편지를 봉투에 넣어 두었어요. 리추얼이 끝나는 날 배달해 드릴게요.' });

  editor.open();
  expect(editor.$state.get()).toMatchObject({ editing: true, saved: null });
});

it('opens a sealed letter and closes it unchanged; an edit forgets the saved line', () => {
  const editor = createLetterEditor(9, letter('처음'));
  expect(editor.$state.get()).toEqual({ letter: letter('처음'), editing: false, busy: false, saved: null });
  editor.open();
  editor.close();
  expect(editor.$state.get().editing).toBe(false);
  editor.$state.setKey('saved', '저장됨');
  editor.edited();
  expect(editor.$state.get().saved).toBeNull();
});

it('hands a refusal back for the form and stays open to try again', async () => {
  const closed = new ApiError(422, '', undefined, { content: ['리추얼이 끝나 편지를 더 쓰거나 고칠 수 없어요.'] });
  client.post.mockRejectedValueOnce(closed);
  const editor = createLetterEditor(9, letter('처음'));
  editor.open();
  await expect(editor.write('고친 편지')).resolves.toEqual({ failure: closed });
  expect(editor.$state.get()).toEqual({ letter: letter('처음'), editing: true, busy: false, saved: null });
});
