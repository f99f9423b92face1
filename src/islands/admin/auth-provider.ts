import type { AuthProvider } from 'react-admin';
import { quietApi } from '../../lib/browser-api.ts';

const SECOND_FACTOR_PATH = '/admin/second-factor';

export interface Identity {
  nickname: string;
  role: 'staff' | 'admin';
}

/** How the console names who is signed in: the app bar shows it, and its menu button is called by it. */
export const identityLabel = (identity: Identity): string => `${identity.nickname} (${identity.role === 'admin' ? '관리자' : '운영진'})`;

/**
 * The page has already checked the session, the role and the second factor on the server; this
 * only reacts when that changes while the console is open (signed out elsewhere, session expired).
 */
export function authProviderFor(identity: Identity): AuthProvider {
  return {
    login: () => Promise.resolve(),
    async logout() {
      await quietApi.post('/logout').catch(() => undefined);
      window.location.assign('/');
      return false;
    },
    checkAuth: () => Promise.resolve(),
    checkError(error: { status?: number; body?: { code?: string } }) {
      if (error.status === 401) {
        window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
        return Promise.reject(new Error('signed out'));
      }
      if (error.status === 403 && error.body?.code?.startsWith('second_factor')) {
        window.location.assign(SECOND_FACTOR_PATH);
        return Promise.reject(new Error('second factor'));
      }
      return Promise.resolve();
    },
    getIdentity: () => Promise.resolve({ id: identity.nickname, fullName: identityLabel(identity) }),
    getPermissions: () => Promise.resolve(identity.role),
  };
}
