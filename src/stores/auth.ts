import { atom, map } from 'nanostores';
import { isApiError } from '../lib/api-errors.ts';
import type { ValidationErrors } from '../lib/api-errors.ts';
import { askPasswordReset, register, registerWithSns, resendVerification, resetPassword, signIn } from '../lib/api/auth.ts';
import { createSubmit } from './form-submit.ts';
import { alertModal } from './modal.ts';

/**
 * /login: the credentials sent once at a time. A refusal is kept as `failure` for the island to
 * word; wrong credentials come back under `email`, yet both fields are in question then.
 */
export function createSignIn() {
  const $state = map({ busy: false, failure: undefined as unknown, invalid: { email: false, password: false } });

  /** Resolves true once signed in; busy then until the member's page replaces this one. */
  const submit = async ({ email, password, remember }: { email: string; password: string; remember: boolean }): Promise<boolean> => {
    if ($state.get().busy) return false;
    $state.set({ ...$state.get(), busy: true, failure: undefined });
    try {
      await signIn({ email: email.trim(), password, remember });
      return true;
    } catch (error) {
      const fields = isApiError(error) ? Object.keys(error.errors) : [];
      $state.set({ busy: false, failure: error, invalid: { email: fields.includes('email'), password: fields.length > 0 } });
      return false;
    }
  };

  return { $state, submit };
}

const RESET_SENT = '비밀번호 재설정 메일을 보냈어요.';

/** /forgot-password: the same answer whether or not the address is a member's, so the form stays usable for a typo. */
export function createPasswordResetRequest() {
  const $state = map({ busy: false, status: null as string | null, failure: undefined as unknown });

  const submit = async (email: string): Promise<void> => {
    if ($state.get().busy) return;
    $state.set({ busy: true, status: null, failure: undefined });
    try {
      const body = await askPasswordReset({ email: email.trim() });
      $state.setKey('status', body.status ?? RESET_SENT);
    } catch (error) {
      $state.setKey('failure', error);
    } finally {
      $state.setKey('busy', false);
    }
  };

  return { $state, submit };
}

/** What asking for the verification mail again came to; a failure is kept for the island to word. */
export type ResendOutcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'verified' } | { kind: 'signed-out' } | { kind: 'too-soon'; failure: unknown } | { kind: 'failed'; failure: unknown };

/** The "send it again" button of /verify-email. */
export function createVerificationResend() {
  const $busy = atom(false);
  const $outcome = atom<ResendOutcome>({ kind: 'idle' });

  const resend = async (): Promise<void> => {
    if ($busy.get()) return;
    $busy.set(true);
    try {
      const body = await resendVerification();
      $outcome.set(body.status === 'already-verified' ? { kind: 'verified' } : { kind: 'sent' });
    } catch (error) {
      const status = isApiError(error) ? error.status : null;
      $outcome.set(status === 401 ? { kind: 'signed-out' } : status === 429 ? { kind: 'too-soon', failure: error } : { kind: 'failed', failure: error });
    } finally {
      $busy.set(false);
    }
  };

  return { $busy, $outcome, resend };
}

const PASSWORD_RESET_TITLE = '비밀번호가 재설정 되었습니다';

/**
 * /reset-password: the new password for the link's address. `fields` names the fields a refusal
 * was about (the link's own `email` or `token` when it expired, was used or altered).
 */
export function createPasswordReset(token: string, email: string) {
  const $state = map({ busy: false, failure: undefined as unknown, fields: [] as string[] });

  /** Resolves true once reset; every session of the member has then ended, so the way on is signing in again. */
  const submit = async (password: string, confirmation: string): Promise<boolean> => {
    if ($state.get().busy) return false;
    $state.set({ ...$state.get(), busy: true, failure: undefined });
    try {
      await resetPassword({ token, email, password, password_confirmation: confirmation });
    } catch (error) {
      $state.set({ busy: false, failure: error, fields: isApiError(error) ? Object.keys(error.errors) : [] });
      return false;
    }
    await alertModal({ title: PASSWORD_RESET_TITLE, message: '새 비밀번호로 다시 로그인해 주세요.' });
    return true;
  };

  return { $state, submit };
}

/**
 * A new account with its agreements: by e-mail and password (the member then confirms the address)
 * or completing a social sign-in. Its outcome says where it goes on or how it was refused.
 */
export function createSignUp(way: 'email' | 'sns') {
  const send = way === 'email' ? register : registerWithSns;
  // Nothing to check first: the island sends only once the required agreements are given, and the server checks the rest.
  return createSubmit((): ValidationErrors => ({}), send);
}
