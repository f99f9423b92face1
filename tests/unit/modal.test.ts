import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $modal,
  alertModal,
  cancelModal,
  clearModalError,
  closeModal,
  confirmModal,
  inputModal,
  installModalEventBridge,
  installModalRouteReset,
  submitModal,
} from '../../src/stores/modal.ts';

// The store refuses to open without a window (server guard), so a plain EventTarget stands in.
beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  closeModal();
  vi.unstubAllGlobals();
});

const PENDING = Symbol('pending');

/** The promise's result if it has settled by the next task, else PENDING. */
const peek = <T>(promise: Promise<T>): Promise<T | typeof PENDING> =>
  Promise.race([promise, new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), 0))]);

const pageEvent = (type: string, persisted: boolean): Event => Object.assign(new Event(type), { persisted });

describe('one modal at a time', () => {
  it('closes the shown modal as cancelled when another opens', async () => {
    const first = confirmModal({ title: '삭제할까요?' });
    const second = alertModal({ title: '저장했습니다.' });
    expect(await peek(first)).toBe(false);
    expect($modal.get()).toMatchObject({ kind: 'alert', title: '저장했습니다.' });
    expect(await peek(second)).toBe(PENDING);
    submitModal();
    expect(await peek(second)).toBeUndefined();
    expect($modal.get()).toBeNull();
  });

  it('announces each modal on the document, so that its host loads on the first', async () => {
    const page = new EventTarget();
    vi.stubGlobal('document', page);
    const announced = vi.fn();
    page.addEventListener('modal:open', announced);
    void confirmModal({ title: '삭제할까요?' });
    void alertModal({ title: '저장했습니다.' });
    expect(announced).toHaveBeenCalledTimes(2);
  });

  it('gives every modal its own id', () => {
    void confirmModal({ title: '하나' });
    const first = $modal.get()?.id;
    void confirmModal({ title: '둘' });
    expect($modal.get()?.id).not.toBe(first);
  });
});

describe('confirmModal', () => {
  it('holds plain data with the Korean default labels', () => {
    void confirmModal({ title: '나갈까요?', message: '작성 중인 내용이 사라집니다.' });
    expect($modal.get()).toEqual({
      id: expect.any(Number),
      kind: 'confirm',
      title: '나갈까요?',
      message: '작성 중인 내용이 사라집니다.',
      confirmLabel: '확인',
      cancelLabel: '취소',
      tone: 'default',
    });
  });

  it('resolves true on confirm', async () => {
    const answer = confirmModal({ title: '삭제할까요?', tone: 'danger' });
    expect($modal.get()).toMatchObject({ tone: 'danger' });
    expect(submitModal()).toBe(true);
    expect(await peek(answer)).toBe(true);
    expect($modal.get()).toBeNull();
  });

  it('resolves false on cancel and on close', async () => {
    const cancelled = confirmModal({ title: '삭제할까요?' });
    cancelModal();
    expect(await peek(cancelled)).toBe(false);
    const closed = confirmModal({ title: '삭제할까요?' });
    closeModal();
    expect(await peek(closed)).toBe(false);
    expect($modal.get()).toBeNull();
  });

  it('never writes the store without a window (on the server)', async () => {
    vi.unstubAllGlobals();
    expect(await peek(confirmModal({ title: '삭제할까요?' }))).toBe(false);
    expect($modal.get()).toBeNull();
  });
});

describe('inputModal', () => {
  it('refuses an empty or blank value, stays open and shows the required message', async () => {
    const answer = inputModal({ title: '이름 변경', label: '새 이름' });
    expect(submitModal('')).toBe(false);
    expect($modal.get()).toMatchObject({ kind: 'input', error: '내용을 입력해 주세요.' });
    clearModalError();
    expect($modal.get()).toMatchObject({ kind: 'input', error: undefined });
    expect(submitModal('  \n ')).toBe(false);
    expect(submitModal()).toBe(false);
    expect($modal.get()).toMatchObject({ kind: 'input', error: '내용을 입력해 주세요.' });
    expect(await peek(answer)).toBe(PENDING);
  });

  it('resolves the trimmed value', async () => {
    const answer = inputModal({ title: '이름 변경', label: '새 이름', requiredMessage: '이름을 입력해 주세요.' });
    submitModal(' ');
    expect($modal.get()).toMatchObject({ error: '이름을 입력해 주세요.' });
    expect(submitModal('  값 ')).toBe(true);
    expect(await peek(answer)).toBe('값');
    expect($modal.get()).toBeNull();
  });

  it('resolves null when cancelled', async () => {
    const answer = inputModal({ title: '이름 변경', label: '새 이름', initialValue: '기존', multiline: true });
    expect($modal.get()).toMatchObject({ initialValue: '기존', multiline: true, confirmLabel: '확인', cancelLabel: '취소' });
    cancelModal();
    expect(await peek(answer)).toBeNull();
  });
});

describe('installModalRouteReset', () => {
  it.each([
    ['pagehide', pageEvent('pagehide', false)],
    ['pageshow from the back/forward cache', pageEvent('pageshow', true)],
    ['popstate', new Event('popstate')],
    ['hashchange', new Event('hashchange')],
    ['astro:before-swap', new Event('astro:before-swap')],
  ])('closes the open modal on %s', async (_name, event) => {
    const target = new EventTarget();
    const uninstall = installModalRouteReset(target);
    const answer = confirmModal({ title: '나갈까요?' });
    target.dispatchEvent(event);
    expect($modal.get()).toBeNull();
    expect(await peek(answer)).toBe(false);
    uninstall();
  });

  it('keeps the modal on a fresh page show', () => {
    const target = new EventTarget();
    const uninstall = installModalRouteReset(target);
    void confirmModal({ title: '나갈까요?' });
    target.dispatchEvent(pageEvent('pageshow', false));
    expect($modal.get()).not.toBeNull();
    uninstall();
  });

  it('installs once per target and stops on uninstall', () => {
    const target = new EventTarget();
    const uninstall = installModalRouteReset(target);
    expect(installModalRouteReset(target)).toBe(uninstall);
    uninstall();
    void confirmModal({ title: '나갈까요?' });
    target.dispatchEvent(new Event('popstate'));
    expect($modal.get()).not.toBeNull();
  });

  it('does nothing without a window (on the server)', () => {
    vi.unstubAllGlobals();
    expect(() => installModalRouteReset()()).not.toThrow();
  });
});

describe('installModalEventBridge', () => {
  const request = (type: string, detail: object): CustomEvent => new CustomEvent(type, { cancelable: true, detail });

  it('opens a confirm modal and responds with the answer', async () => {
    const target = new EventTarget();
    const uninstall = installModalEventBridge(target);
    const respond = vi.fn();
    const handled = !target.dispatchEvent(request('modal:confirm', { title: '삭제할까요?', tone: 'danger', respond }));
    expect(handled).toBe(true);
    expect($modal.get()).toMatchObject({ kind: 'confirm', title: '삭제할까요?', tone: 'danger' });
    // The store holds plain data, never the script's callback.
    expect($modal.get()).not.toHaveProperty('respond');
    submitModal();
    await vi.waitFor(() => expect(respond).toHaveBeenCalledWith(true));
    uninstall();
  });

  it('opens an alert modal and responds when it closes', async () => {
    const target = new EventTarget();
    const uninstall = installModalEventBridge(target);
    const respond = vi.fn();
    target.dispatchEvent(request('modal:alert', { title: '저장했습니다.', respond }));
    expect($modal.get()).toMatchObject({ kind: 'alert', title: '저장했습니다.' });
    cancelModal();
    await vi.waitFor(() => expect(respond).toHaveBeenCalledTimes(1));
    uninstall();
  });

  it('opens an input modal and responds with the trimmed value or null', async () => {
    const target = new EventTarget();
    const uninstall = installModalEventBridge(target);
    const respond = vi.fn();
    target.dispatchEvent(request('modal:input', { title: '신고 사유', label: '사유', multiline: true, respond }));
    expect($modal.get()).toMatchObject({ kind: 'input', label: '사유', multiline: true });
    submitModal(' 광고 ');
    await vi.waitFor(() => expect(respond).toHaveBeenCalledWith('광고'));
    target.dispatchEvent(request('modal:input', { title: '신고 사유', label: '사유', respond }));
    cancelModal();
    await vi.waitFor(() => expect(respond).toHaveBeenLastCalledWith(null));
    uninstall();
  });

  it('ignores a request without a title, or an input request without a label', () => {
    const target = new EventTarget();
    const uninstall = installModalEventBridge(target);
    expect(target.dispatchEvent(request('modal:confirm', { message: '제목 없음' }))).toBe(true);
    expect(target.dispatchEvent(request('modal:input', { title: '신고 사유' }))).toBe(true);
    expect($modal.get()).toBeNull();
    uninstall();
  });

  it('installs once per target, so a request opens one modal, and stops on uninstall', async () => {
    const target = new EventTarget();
    const uninstall = installModalEventBridge(target);
    expect(installModalEventBridge(target)).toBe(uninstall);
    const respond = vi.fn();
    target.dispatchEvent(request('modal:confirm', { title: '삭제할까요?', respond }));
    // A second listener would have opened a second modal, closing the first as cancelled.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(respond).not.toHaveBeenCalled();
    uninstall();
    closeModal();
    target.dispatchEvent(request('modal:confirm', { title: '삭제할까요?' }));
    expect($modal.get()).toBeNull();
  });
});
