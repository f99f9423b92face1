import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { $modal, closeModal, submitModal, usersListModal } from '../../src/stores/modal.ts';

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  closeModal();
  vi.unstubAllGlobals();
});

it('shows a users list in the one modal and resolves when closed with 닫기', async () => {
  const users = [{ id: 7, nickname: '아침', profileImage: null, href: '/profile/morning', note: '좋아요' }];
  const shown = usersListModal({ title: '반응을 남긴 멤버', users, emptyMessage: '아직 반응을 남긴 멤버가 없습니다.' });
  expect($modal.get()).toMatchObject({ kind: 'users-list', title: '반응을 남긴 멤버', users, confirmLabel: '닫기' });
  expect(submitModal()).toBe(true);
  await expect(shown).resolves.toBeUndefined();
  expect($modal.get()).toBeNull();
});
