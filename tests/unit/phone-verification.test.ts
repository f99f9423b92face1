import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn(), put: vi.fn() }));
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));

const { createPhoneVerification } = await import('../../src/stores/phone-verification.ts');

const NOW = 1_000_000;

it('sends a code for the trimmed number, verifies it, saves the number and starts over', async () => {
  const form = createPhoneVerification(null, 6, () => NOW);
  form.changeNumber({ phone: ' 010-1234-5678 ' });
  client.post.mockResolvedValueOnce({ data: { expires_in: 180, resend_after: 60 } });
  await expect(form.send()).resolves.toEqual({});
  expect(client.post).toHaveBeenLastCalledWith('/api/phone-verification/send-code', { phone: '010-1234-5678', country_code: '82' });
  expect(form.$sent.get()).toMatchObject({ phone: '010-1234-5678', expiresAt: NOW + 180_000, resendAt: NOW + 60_000, verified: false });
  expect(form.$state.get().status).toBe('인증번호를 보냈어요. 문자로 받은 번호를 입력해 주세요.');

  // Another send before the minute is over asks nothing.
  await form.send();
  expect(client.post).toHaveBeenCalledTimes(1);

  form.typeCode('인증번호 [123 456]');
  expect(form.$fields.get().code).toBe('123456');
  client.post.mockResolvedValueOnce({ data: {} });
  client.put.mockResolvedValueOnce({ data: { phone: '010-****-5678', country_code: '82', phone_verified_at: '2026-11-29T00:00:00Z' } });
  await expect(form.verify()).resolves.toEqual({});
  expect(client.post).toHaveBeenLastCalledWith('/api/phone-verification/verify-code', { phone: '010-1234-5678', country_code: '82', verification_code: '123456' });
  expect(client.put).toHaveBeenLastCalledWith('/api/me/phone', { phone: '010-1234-5678', country_code: '82' });
  expect(form.$verified.get()).toEqual({ phone: '010-****-5678', countryCode: '82' });
  expect(form.$sent.get()).toBeNull();
  expect(form.$fields.get()).toMatchObject({ phone: '', code: '' });
  expect(form.$state.get().status).toBe('휴대폰 인증이 완료되었어요.');
});

it('keeps a refused number\'s field errors under it and lists the rest; a 429 is kept as the failure', async () => {
  const form = createPhoneVerification(null, 6, () => NOW);
  form.changeNumber({ phone: '12' });
  client.post.mockRejectedValueOnce(new ApiError(422, '확인해 주세요.', undefined, { phone: ['휴대폰 번호 형식이 아니에요.'], other: ['다른 문제'] }));
  await expect(form.send()).resolves.toMatchObject({ phone: ['휴대폰 번호 형식이 아니에요.'] });
  expect(form.$state.get()).toMatchObject({ numberErrors: { phone: ['휴대폰 번호 형식이 아니에요.'] }, numberOthers: ['다른 문제'], numberFailure: undefined, sending: false });
  expect(form.$sent.get()).toBeNull();

  const wait = new ApiError(429, '1분 뒤에 다시 받을 수 있어요.');
  client.post.mockRejectedValueOnce(wait);
  await form.send();
  expect(form.$state.get()).toMatchObject({ numberErrors: {}, numberOthers: [], numberFailure: wait });
});

it('keeps a wrong code\'s message, then only saves once the code was accepted, and a new number drops the code', async () => {
  const form = createPhoneVerification({ phone: '010-****-0000', countryCode: '82' }, 6, () => NOW);
  form.changeNumber({ phone: '01012345678' });
  client.post.mockResolvedValueOnce({ data: { expires_in: 180, resend_after: 60 } });
  await form.send();
  form.typeCode('000000');
  client.post.mockRejectedValueOnce(new ApiError(422, '', undefined, { verification_code: ['인증번호가 맞지 않아요.'] }));
  await expect(form.verify()).resolves.toHaveProperty('verification_code');
  expect(form.$state.get()).toMatchObject({ codeErrors: ['인증번호가 맞지 않아요.'], codeFailure: undefined, checking: false });
  form.typeCode('1');
  expect(form.$state.get().codeErrors).toEqual([]);

  form.typeCode('123456');
  const down = new ApiError(500, '');
  client.post.mockResolvedValueOnce({ data: {} });
  client.put.mockRejectedValueOnce(down);
  await form.verify();
  expect(form.$sent.get()?.verified).toBe(true);
  expect(form.$state.get().codeFailure).toBe(down);
  expect(form.$verified.get()?.phone).toBe('010-****-0000');

  client.put.mockResolvedValueOnce({ data: { phone: '010-****-5678', country_code: '82', phone_verified_at: '' } });
  const verifyCalls = client.post.mock.calls.length;
  await form.verify();
  expect(client.post).toHaveBeenCalledTimes(verifyCalls);
  expect(form.$verified.get()?.phone).toBe('010-****-5678');

  form.changeNumber({ phone: '0101' });
  client.post.mockResolvedValueOnce({ data: { expires_in: 180, resend_after: 60 } });
  await form.send();
  form.changeNumber({ phone: '0102' });
  expect(form.$sent.get()).toBeNull();
  expect(form.$fields.get().code).toBe('');
});

it('does not check a code whose time is over', async () => {
  let now = NOW;
  const form = createPhoneVerification(null, 6, () => now);
  client.post.mockResolvedValueOnce({ data: { expires_in: 180, resend_after: 60 } });
  await form.send();
  const calls = client.post.mock.calls.length;
  now += 180_000;
  form.typeCode('123456');
  await form.verify();
  expect(client.post).toHaveBeenCalledTimes(calls);
});
