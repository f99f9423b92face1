import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { checkEmail, checkUsername } from '../../lib/api/auth.ts';
import { failureMessage } from './failure-messages.ts';
import type { FieldNote } from './form-fields.tsx';

export type AvailabilityField = 'email' | 'username' | 'nickname';

// The server checks nicknames on the username call (src/server/modules/users/schema.ts).
const CHECKS: Record<AvailabilityField, (candidate: string) => Promise<unknown>> = {
  email: (email) => checkEmail({ email }),
  username: (username) => checkUsername({ username }),
  nickname: (nickname) => checkUsername({ nickname }),
};

const AVAILABLE_MESSAGES: Record<AvailabilityField, string> = {
  email: '사용 가능한 이메일입니다.',
  username: '사용 가능한 아이디입니다.',
  nickname: '사용 가능한 닉네임입니다.',
};

const CHECKING: FieldNote = { tone: 'info', text: '확인하는 중…' };
const AVAILABILITY_DEBOUNCE_MS = 400;

interface Answer {
  value: string;
  note: FieldNote;
}

/**
 * Asks the server whether an e-mail, username or nickname is free: 400 ms after typing stops, and on blur.
 * Each answer is kept with the value it was about, so a late answer never labels newer text.
 */
export function useAvailability(field: AvailabilityField, value: string) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  // The value last sent, so that blur right after the debounced call does not ask twice.
  const asked = useRef('');

  const check = useCallback(
    async (raw: string) => {
      const candidate = raw.trim();
      if (candidate === '' || candidate === asked.current) return;
      asked.current = candidate;
      setAnswer({ value: candidate, note: CHECKING });
      let note: FieldNote;
      try {
        await CHECKS[field](candidate);
        note = { tone: 'success', text: AVAILABLE_MESSAGES[field] };
      } catch (error) {
        const reason = isApiError(error) && error.status === 422 ? error.errors[field]?.[0] : undefined;
        // Not an answer about the value (offline, too many checks): ask again on the next blur.
        if (!reason) asked.current = '';
        note = { tone: reason ? 'error' : 'info', text: reason ?? failureMessage(error) };
      }
      setAnswer((current) => (current?.value === candidate ? { value: candidate, note } : current));
    },
    [field],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => void check(value), AVAILABILITY_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value, check]);

  const note = answer && answer.value === value.trim() ? answer.note : null;
  return { note, onBlur: () => void check(value) };
}
