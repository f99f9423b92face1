import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createSignUp } from '../../stores/auth.ts';
import { NO_AGREEMENTS, agreementFields, hasRequiredAgreements } from './Agreements.tsx';

interface SignUpForm {
  setMessages: (messages: string[]) => void;
  showInvalid: (errors: Record<string, string[]>) => void;
  showFailure: (error: unknown) => void;
}

/**
 * What both sign-up forms share: the agreements, and sending the new account with them
 * (stores/auth.ts), then a full load of `next`, so that the server renders every page for the member.
 */
export function useSignUp(form: SignUpForm, way: 'email' | 'sns', next: string) {
  const [agreements, setAgreements] = useState(NO_AGREEMENTS);
  const [signUp] = useState(() => createSignUp(way));
  const busy = useStore(signUp.$busy);
  const agreed = hasRequiredAgreements(agreements);

  const submit = async (account: Record<string, string>): Promise<void> => {
    if (!agreed) return;
    form.setMessages([]);
    const outcome = await signUp.submit({ ...account, ...agreementFields(agreements) });
    if (outcome === null) return;
    if ('sent' in outcome) window.location.assign(next);
    else if ('invalid' in outcome) form.showInvalid(outcome.invalid);
    else form.showFailure(outcome.failure);
  };

  return { agreements, setAgreements, agreed, busy, submit };
}
