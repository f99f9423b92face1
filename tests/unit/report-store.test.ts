import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));

const { createReport } = await import('../../src/stores/report.ts');

it('asks for a reason before sending, then reports with the reason and note, telling the client which answers are its own', async () => {
  const report = createReport('comment', 31);
  await report.send(null, '');
  expect(client.post).not.toHaveBeenCalled();
  expect(report.$state.get()).toEqual({ phase: 'idle', problem: '신고 사유를 선택해 주세요.', failure: undefined });

  client.post.mockResolvedValueOnce({ data: {} });
  await report.send('spam', '광고예요');
  expect(client.post).toHaveBeenLastCalledWith('/api/reports', { model_type: 'comment', model_id: 31, reason: 'spam', detail: '광고예요' }, { handles: [403, 404, 409, 422] });
  expect(report.$state.get()).toEqual({ phase: 'done', problem: '', failure: undefined });
});

it('shows the server\'s words for an earlier report, keeps any other failure, and clears them when the dialog opens again', async () => {
  const report = createReport('square_post', 4);
  client.post.mockRejectedValueOnce(new ApiError(409, '이미 신고했어요.', { message: '이미 신고했어요.' }));
  await report.send('abuse', '');
  expect(report.$state.get()).toEqual({ phase: 'idle', problem: '이미 신고했어요.', failure: undefined });

  const invalid = new ApiError(422, '', undefined, { detail: ['500자 이하로 써 주세요.'] });
  client.post.mockRejectedValueOnce(invalid);
  await report.send('abuse', 'x'.repeat(600));
  expect(report.$state.get()).toEqual({ phase: 'idle', problem: '', failure: invalid });

  report.clear();
  expect(report.$state.get()).toEqual({ phase: 'idle', problem: '', failure: undefined });
});
