import { useState } from 'react';
import type { SignUpFields } from '../../lib/api/auth.ts';
import { NO_AGREEMENTS, agreementFields, hasRequiredAgreements } from './Agreements.tsx';

interface SignUpForm {
  setMessages: (messages: string[]) => void;
  showFailure: (error: unknown) => void;
}

/**
 * What both sign-up forms share: the agreements, and sending the new account with them to
 * `send` (src/lib/api/auth.ts), then a full load of `next`, so that the server renders every page for the member.
 */
export function useSignUp(form: SignUpForm, send: (fields: SignUpFields) => Promise<unknown>, next: string) {
  const [agreements, setAgreements] = useState(NO_AGREEMENTS);
  const [busy, setBusy] = useState(false);
  const agreed = hasRequiredAgreements(agreements);

  const submit = async (account: Record<string, string>): Promise<void> => {
    if (busy || !agreed) return;
    setBusy(true);
    form.setMessages([]);
    try {
      await send({ ...account, ...agreementFields(agreements) });
      window.location.assign(next);
    } catch (error) {
      setBusy(false);
      form.showFailure(error);
    }
  };

  return { agreements, setAgreements, agreed, busy, submit };
}
