import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import type { UploadProgress } from '../../src/lib/api/clients.ts';

const client = vi.hoisted(() => ({ post: vi.fn(), put: vi.fn() }));
const progressApi = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client, progressApi }));

const { createInquiryForm } = await import('../../src/stores/inquiry-form.ts');

const values = { inquiry_category_id: '2', title: '배송 문의', content: '언제 오나요?' };

it('sends a new inquiry as multipart and answers where it opens, busy until then', async () => {
  client.post.mockResolvedValueOnce({ data: { id: 15 } });
  const form = createInquiryForm(null);
  await expect(form.submit({ values, keptIds: [], fresh: [] })).resolves.toEqual({ sent: '/inquiry/15' });
  expect(client.post).toHaveBeenLastCalledWith('/api/inquiries', expect.any(FormData));
  expect(Object.fromEntries(client.post.mock.lastCall?.[1] as FormData)).toEqual(values);
  expect(form.$busy.get()).toBe(true);
  await expect(form.submit({ values, keptIds: [], fresh: [] })).resolves.toBeNull();
});

it('edits with the kept attachments and new files, following each file\'s progress', async () => {
  const a = new File(['aaaa'], 'a.pdf');
  const b = new File(['bbbb'], 'b.pdf');
  const put = vi.fn();
  let report: UploadProgress = () => undefined;
  progressApi.mockImplementation((onProgress: UploadProgress) => ((report = onProgress), { put }));
  const form = createInquiryForm(4);
  put.mockImplementationOnce(async () => {
    expect(form.$sending.get()?.byKey).toEqual(new Map([['new-1', 0], ['new-2', 0]]));
    report(6, 8);
    expect(form.$sending.get()?.percent).toBe(75);
    expect(form.$sending.get()?.byKey.get('new-1')).toBe(100);
    return { data: { id: 4 } };
  });
  await expect(form.submit({ values, keptIds: [9], fresh: [{ key: 'new-1', file: a }, { key: 'new-2', file: b }] })).resolves.toEqual({ sent: '/inquiry/4' });
  expect(put).toHaveBeenCalledWith('/api/inquiries/4', expect.any(FormData));
  const body = put.mock.lastCall?.[1] as FormData;
  expect(body.getAll('files[]')).toHaveLength(2);
  expect(body.getAll('keep_attachment_ids[]')).toEqual(['9']);
});

it('puts a too large body and the kept attachments\' messages under the files, and surfaces other failures', async () => {
  const form = createInquiryForm(null);
  client.post.mockRejectedValueOnce(new ApiError(413, '파일이 너무 커요.'));
  await expect(form.submit({ values, keptIds: [], fresh: [] })).resolves.toEqual({ invalid: { files: ['파일이 너무 커요.'] } });
  expect(form.$busy.get()).toBe(false);
  expect(form.$sending.get()).toBeNull();

  client.post.mockRejectedValueOnce(new ApiError(422, '', undefined, { title: ['제목을 입력해 주세요.'], files: ['PDF만'], keep_attachment_ids: ['없는 파일'] }));
  await expect(form.submit({ values, keptIds: [], fresh: [] })).resolves.toEqual({ invalid: { title: ['제목을 입력해 주세요.'], files: ['PDF만', '없는 파일'] } });

  const down = new ApiError(503, '');
  client.post.mockRejectedValueOnce(down);
  await expect(form.submit({ values, keptIds: [], fresh: [] })).resolves.toEqual({ failure: down });
});
