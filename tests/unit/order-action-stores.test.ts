import { beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ del: vi.fn(), post: vi.fn() }));
const modal = vi.hoisted(() => ({ confirmModal: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));
vi.mock('../../src/stores/modal.ts', () => modal);

const { createOrderCancel, createPurchaseConfirm } = await import('../../src/stores/order-actions.ts');

beforeEach(() => {
  vi.clearAllMocks();
  modal.confirmModal.mockResolvedValue(true);
});

it('asks before each cancel, sends it to its own endpoint and goes back to the order saying what was cancelled', async () => {
  client.del.mockResolvedValue({ data: {} });
  await expect(createOrderCancel('unpaid', 12).run()).resolves.toBe('/mypage/orders/12?cancelled=unpaid');
  expect(client.del).toHaveBeenLastCalledWith('/api/orders/12');
  expect(modal.confirmModal).toHaveBeenLastCalledWith({ title: '주문을 취소할까요?', message: '아직 결제하지 않은 주문이라 바로 취소돼요.', confirmLabel: '주문 취소하기', cancelLabel: '닫기', tone: 'danger' });

  await expect(createOrderCancel('paid', 12).run()).resolves.toBe('/mypage/orders/12?cancelled=paid');
  expect(client.del).toHaveBeenLastCalledWith('/api/orders/12/paid');

  const item = createOrderCancel('item', 12, { id: 40, name: '감사 일기 노트' });
  await expect(item.run()).resolves.toBe('/mypage/orders/12?cancelled=item');
  expect(client.del).toHaveBeenLastCalledWith('/api/order-items/40');
  expect(modal.confirmModal).toHaveBeenLastCalledWith(expect.objectContaining({ message: '감사 일기 노트의 결제 금액을 환불해 드려요. 취소한 뒤에는 되돌릴 수 없어요.', confirmLabel: '상품 취소하기' }));
  expect(item.$state.get()).toEqual({ busy: true, failure: undefined });
});

it('sends nothing when the member closes the question, and nothing twice while busy', async () => {
  modal.confirmModal.mockResolvedValueOnce(false);
  const confirm = createPurchaseConfirm(3);
  await expect(confirm.run()).resolves.toBeNull();
  expect(client.post).not.toHaveBeenCalled();
  expect(confirm.$state.get()).toEqual({ busy: false, failure: undefined });

  let answer: (value: unknown) => void = () => undefined;
  client.post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const running = confirm.run();
  await vi.waitFor(() => expect(confirm.$state.get().busy).toBe(true));
  await expect(confirm.run()).resolves.toBeNull();
  answer({ data: {} });
  await expect(running).resolves.toBe('/mypage/orders/3?confirmed=1');
  expect(client.post).toHaveBeenCalledTimes(1);
  expect(client.post).toHaveBeenCalledWith('/api/orders/3/purchase-confirmation');
  expect(modal.confirmModal).toHaveBeenLastCalledWith({ title: '구매를 확정할까요?', message: '상품을 잘 받으셨는지 확인해 주세요. 구매 확정 후에는 되돌릴 수 없어요.', confirmLabel: '구매 확정하기', cancelLabel: '닫기' });
});

it('keeps a failure for the island to word, and forgets it when the member tries again', async () => {
  const refused = new ApiError(409, '이미 배송이 시작된 주문이에요.', { message: '이미 배송이 시작된 주문이에요.' });
  client.del.mockRejectedValueOnce(refused);
  const cancel = createOrderCancel('paid', 8);
  await expect(cancel.run()).resolves.toBeNull();
  expect(cancel.$state.get()).toEqual({ busy: false, failure: refused });

  modal.confirmModal.mockResolvedValueOnce(false);
  await cancel.run();
  expect(cancel.$state.get()).toEqual({ busy: false, failure: undefined });
});
