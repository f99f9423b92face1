import { beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';
import type { DeletionPreview } from '../../src/lib/account-deletion.ts';

const client = vi.hoisted(() => ({ del: vi.fn(), get: vi.fn() }));
const modal = vi.hoisted(() => ({ confirmModal: vi.fn(), alertModal: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));
vi.mock('../../src/stores/modal.ts', () => modal);

const { createAccountDeletion } = await import('../../src/stores/account-deletion.ts');

const empty: DeletionPreview = { orders: [], refunds_under_way: [] };
const paid: DeletionPreview = {
  orders: [{ order_id: 1, order_number: 'ORD-1', title: '노트', status: 'paid', status_label: '결제 완료', refund_amount: 16_000, payment_method: '카드', lines: [{ name: '노트', kind: 'product', outcome: 'refund', starts_at: null, ends_at: null }] }],
  refunds_under_way: [],
};

beforeEach(() => {
  modal.confirmModal.mockResolvedValue(true);
  modal.alertModal.mockResolvedValue(undefined);
});

it('finds a missing reason, detail or password before asking anything', () => {
  const deletion = createAccountDeletion({ askPassword: true, preview: empty });
  expect(deletion.check({ reason: '', detail: '', password: 'pw' })).toEqual({ reason: ['탈퇴 사유를 선택해 주세요.'] });
  expect(deletion.check({ reason: 'other', detail: ' ', password: 'pw' })).toEqual({ detail: ['탈퇴 사유를 입력해 주세요.'] });
  expect(deletion.check({ reason: 'privacy', detail: '', password: '' })).toEqual({ password: ['본인 확인을 위해 비밀번호를 입력해 주세요.'] });
  expect(deletion.check({ reason: 'privacy', detail: '', password: 'pw' })).toBeNull();
  expect(createAccountDeletion({ askPassword: false, preview: empty }).check({ reason: 'privacy', detail: '', password: '' })).toBeNull();
});

it('names the refund in the last question, deletes with the reason\'s label and detail, and says goodbye', async () => {
  client.del.mockResolvedValueOnce({ data: {} });
  const deletion = createAccountDeletion({ askPassword: true, preview: paid });
  await expect(deletion.request({ reason: 'other', detail: ' 이사 ', password: 'pw' })).resolves.toEqual({ deleted: true });
  expect(modal.confirmModal).toHaveBeenLastCalledWith(expect.objectContaining({ title: '정말 탈퇴하시겠어요?', message: expect.stringContaining('진행 중인 주문 1건을 취소하고 16,000원을 환불한 뒤') }));
  expect(client.del).toHaveBeenLastCalledWith('/api/me', { reason: '기타: 이사', password: 'pw' });
  expect(modal.alertModal).toHaveBeenLastCalledWith(expect.objectContaining({ title: '탈퇴가 완료되었어요.', message: expect.stringContaining('메일로') }));
});

it('sends nothing when the member says no', async () => {
  modal.confirmModal.mockResolvedValueOnce(false);
  const calls = client.del.mock.calls.length;
  await expect(createAccountDeletion({ askPassword: false, preview: empty }).request({ reason: 'privacy', detail: '', password: '' })).resolves.toBeNull();
  expect(client.del).toHaveBeenCalledTimes(calls);
});

it('keeps the server\'s field messages, tells a stopped refund and reads what is live again, and surfaces other failures', async () => {
  const deletion = createAccountDeletion({ askPassword: true, preview: paid });
  const request = { reason: 'privacy', detail: '', password: 'wrong' };
  client.del.mockRejectedValueOnce(new ApiError(422, '', undefined, { password: ['비밀번호가 맞지 않아요.'] }));
  await expect(deletion.request(request)).resolves.toEqual({ problem: { password: ['비밀번호가 맞지 않아요.'] } });
  expect(client.del).toHaveBeenLastCalledWith('/api/me', { reason: '개인정보가 걱정돼요', password: 'wrong' });
  client.del.mockRejectedValueOnce(new ApiError(422, '', undefined, { reason: ['사유가 너무 길어요.'] }));
  await expect(deletion.request(request)).resolves.toEqual({ invalid: { detail: ['사유가 너무 길어요.'] } });

  client.del.mockRejectedValueOnce(new ApiError(503, '결제사에 연결하지 못해 환불하지 못했어요.'));
  client.get.mockResolvedValueOnce({ data: empty });
  await expect(deletion.request(request)).resolves.toEqual({ stopped: '결제사에 연결하지 못해 환불하지 못했어요.' });
  expect(client.get).toHaveBeenLastCalledWith('/api/me/deletion-preview');
  await vi.waitFor(() => expect(deletion.$live.get()).toEqual(empty));
  expect(deletion.$busy.get()).toBe(false);

  const forbidden = new ApiError(403, '');
  client.del.mockRejectedValueOnce(forbidden);
  await expect(deletion.request(request)).resolves.toEqual({ failure: forbidden });
});
