import type { ComponentProps } from 'react';
import { EMAIL_MAX } from '../../lib/account-rules.ts';
import { TextField } from '../shared/form-fields.tsx';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'name' | 'label'> & { label?: string };

/** The e-mail as the account forms ask for it, with the keyboard, completion and case an address needs. */
export function EmailField({ label = '이메일', ...field }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      name="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={EMAIL_MAX}
      placeholder="example@email.com"
      {...field}
    />
  );
}
