import type { FormHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';
import './forms.css';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'method' | 'noValidate'> {
  onSubmit: () => Promise<void> | void;
  compact?: boolean;
}

/**
 * A form the island sends itself. noValidate, so that the browser's own bubbles (in the browser's
 * language) never stand in for the Korean messages; `post`, so that a form sent before the script
 * runs never puts a password in the address.
 */
export function Form({ onSubmit, compact = false, className, children, ...form }: FormProps) {
  const classes = ['form', compact && 'form-compact', className].filter(Boolean).join(' ');
  return (
    <form
      {...form}
      className={classes}
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  describedById?: string | undefined;
  className?: string;
}

export function SubmitButton({ label, busyLabel, busy, disabled = false, describedById, className = 'form-button' }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={className}
      disabled={!hydrated || busy || disabled}
      aria-busy={busy ? true : undefined}
      aria-describedby={describedById}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

interface FormAnswerProps {
  id: string;
  children?: ReactNode;
}

/**
 * The form's own answer, listed under it. The live region is always in the page and only its
 * content changes, which is what screen readers announce reliably; empty, it takes no space.
 */
export function FormAlert({ id, messages, children }: FormAnswerProps & { messages: readonly string[] }) {
  return (
    <div id={id} className="form-alert" role="alert">
      {messages.length > 0 ? (
        <>
          <ul>
            {messages.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </ul>
          {children}
        </>
      ) : null}
    </div>
  );
}

export function FormStatus({ id, message, children }: FormAnswerProps & { message: string | null }) {
  return (
    <div id={id} className="form-status" role="status">
      {message ? (
        <>
          <p>{message}</p>
          {children}
        </>
      ) : null}
    </div>
  );
}
