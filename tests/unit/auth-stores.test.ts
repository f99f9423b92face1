import { expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-errors.ts';

const client = vi.hoisted(() => ({ post: vi.fn() }));
const alertModal = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/browser-api.ts', () => ({ api: client, quietApi: client }));
vi.mock('../../src/stores/modal.ts', () => ({ alertModal }));

const { createPasswordReset, createPasswordResetRequest, createSignIn, createSignUp, createVerificationResend } = await import('../../src/stores/auth.ts');

it('signs in with the trimmed address, leaving a suspended account\'s 403 to the form', async () => {
  client.post.mockResolvedValueOnce({});
  const login = createSignIn();
  await expect(login.submit({ email: ' a@b.kr ', password: 'pw', remember: true })).resolves.toBe(true);
  expect(client.post).toHaveBeenLastCalledWith('/login', { email: 'a@b.kr', password: 'pw', remember: true }, { handles: [403] });
  expect(login.$state.get().busy).toBe(true);
});

it('marks both fields after wrong credentials and keeps the refusal; another failure marks neither', async () => {
  const login = createSignIn();
  const wrong = new ApiError(422, '', undefined, { email: ['이메일 또는 비밀번호가 맞지 않아요.'] });
  client.post.mockRejectedValueOnce(wrong);
  await expect(login.submit({ email: 'a@b.kr', password: 'x', remember: false })).resolves.toBe(false);
  expect(login.$state.get()).toEqual({ busy: false, failure: wrong, invalid: { email: true, password: true } });

  const suspended = new ApiError(403, '정지된 계정이에요.');
  client.post.mockRejectedValueOnce(suspended);
  await login.submit({ email: 'a@b.kr', password: 'x', remember: false });
  expect(login.$state.get()).toEqual({ busy: false, failure: suspended, invalid: { email: false, password: false } });
});

it('asks for a reset mail and shows the server\'s status, or keeps the failure', async () => {
  const request = createPasswordResetRequest();
  client.post.mockResolvedValueOnce({ status: '메일을 확인해 주세요.' });
  await request.submit(' a@b.kr ');
  expect(client.post).toHaveBeenLastCalledWith('/forgot-password', { email: 'a@b.kr' });
  expect(request.$state.get()).toEqual({ busy: false, status: '메일을 확인해 주세요.', failure: undefined });

  const tooMany = new ApiError(429, '잠시 후 다시 시도해 주세요.');
  client.post.mockRejectedValueOnce(tooMany);
  await request.submit('a@b.kr');
  expect(request.$state.get()).toEqual({ busy: false, status: null, failure: tooMany });
});

it('sends the verification mail again and tells sent, already verified, signed out and too soon apart', async () => {
  const resender = createVerificationResend();
  client.post.mockResolvedValueOnce({ status: 'verification-link-sent' });
  await resender.resend();
  expect(client.post).toHaveBeenLastCalledWith('/email/verification-notification');
  expect(resender.$outcome.get()).toEqual({ kind: 'sent' });

  client.post.mockResolvedValueOnce({ status: 'already-verified' });
  await resender.resend();
  expect(resender.$outcome.get()).toEqual({ kind: 'verified' });

  client.post.mockRejectedValueOnce(new ApiError(401, ''));
  await resender.resend();
  expect(resender.$outcome.get()).toEqual({ kind: 'signed-out' });

  const wait = new ApiError(429, '');
  client.post.mockRejectedValueOnce(wait);
  await resender.resend();
  expect(resender.$outcome.get()).toEqual({ kind: 'too-soon', failure: wait });
  expect(resender.$busy.get()).toBe(false);
});

it('resets the password for the link\'s address and says to sign in again; a dead link names its fields', async () => {
  const reset = createPasswordReset('tok', 'a@b.kr');
  const expired = new ApiError(422, '', undefined, { token: ['링크가 만료되었어요.'] });
  client.post.mockRejectedValueOnce(expired);
  await expect(reset.submit('new-pass-1', 'new-pass-1')).resolves.toBe(false);
  expect(client.post).toHaveBeenLastCalledWith('/reset-password', { token: 'tok', email: 'a@b.kr', password: 'new-pass-1', password_confirmation: 'new-pass-1' });
  expect(reset.$state.get()).toEqual({ busy: false, failure: expired, fields: ['token'] });
  expect(alertModal).not.toHaveBeenCalled();

  client.post.mockResolvedValueOnce({});
  alertModal.mockResolvedValueOnce(undefined);
  await expect(reset.submit('new-pass-1', 'new-pass-1')).resolves.toBe(true);
  expect(alertModal).toHaveBeenCalledWith({ title: '비밀번호가 재설정 되었습니다', message: '새 비밀번호로 다시 로그인해 주세요.' });
  expect(reset.$state.get()).toMatchObject({ busy: true, failure: undefined });
});

it('signs up by e-mail or completes a social sign-in, keeping a refusal\'s field messages', async () => {
  const fields = { email: 'a@b.kr', nickname: '하나', username: 'hana', agree_terms: true };
  client.post.mockResolvedValueOnce({});
  await expect(createSignUp('email').submit(fields)).resolves.toEqual({ sent: {} });
  expect(client.post).toHaveBeenLastCalledWith('/register', fields);

  const taken = new ApiError(422, '', undefined, { username: ['이미 쓰이는 아이디예요.'] });
  client.post.mockRejectedValueOnce(taken);
  const sns = createSignUp('sns');
  await expect(sns.submit({ nickname: '하나', username: 'hana' })).resolves.toEqual({ invalid: { username: ['이미 쓰이는 아이디예요.'] } });
  expect(client.post).toHaveBeenLastCalledWith('/api/register-with-sns', { nickname: '하나', username: 'hana' });
  expect(sns.$busy.get()).toBe(false);
});
