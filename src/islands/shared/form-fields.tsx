import type { InputHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';
import './forms.css';

/** A line under a field: a live result (availability, match) rather than a submit error. */
export interface FieldNote {
  tone: 'success' | 'error' | 'info';
  text: string;
}

const describedBy = (...ids: Array<string | false | null | undefined>): string | undefined => {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
};

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue?: (value: string) => void;
  hint?: string;
  note?: FieldNote | null;
  /** The server's messages for this field after a submit. */
  errors?: readonly string[];
  /** Other elements that describe the field, such as the password checklist or a form alert. */
  extraDescribedBy?: string;
  /** Marks the field invalid when the message about it is shown elsewhere (the form alert). */
  /** Keeps a line for a note that comes and goes (live checks), so the form below never jumps. */
  reserveNote?: boolean;
  invalid?: boolean;
  children?: ReactNode;
}

export function TextField({
  id,
  label,
  value,
  onValue,
  hint,
  note,
  errors = [],
  extraDescribedBy,
  invalid: flagged = false,
  reserveNote = false,
  children,
  ...input
}: TextFieldProps) {
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const invalid = flagged || errors.length > 0 || note?.tone === 'error';
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="form-input"
        value={value}
        onChange={(event) => onValue?.(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(hint && hintId, note && noteId, errors.length > 0 && errorId, extraDescribedBy)}
      />
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {children}
      {/* Always present, so that a result arriving later is read out. */}
      <p
        id={noteId}
        className={`form-note${reserveNote ? ' form-note-reserved' : ''}${note ? ` form-note-${note.tone}` : ''}`}
        aria-live="polite"
      >
        {note?.text}
      </p>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}

export function FieldErrors({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="form-field-errors">
      {messages.map((message, index) => (
        <li key={`${index}-${message}`}>{message}</li>
      ))}
    </ul>
  );
}

/**
 * The form's own answer, listed under it. The live region is always in the page and only its
 * content changes, which is what screen readers announce reliably; empty, it takes no space.
 */
export function FormAlert({ id, messages, children }: { id: string; messages: readonly string[]; children?: ReactNode }) {
  const shown = messages.length > 0;
  return (
    <div id={id} className="form-alert" role="alert">
      {shown ? (
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

export function FormStatus({ id, message, children }: { id: string; message: string | null; children?: ReactNode }) {
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

interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  describedById?: string;
}

export function SubmitButton({ label, busyLabel, busy, disabled = false, describedById }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="form-button"
      disabled={!hydrated || busy || disabled}
      aria-busy={busy ? true : undefined}
      aria-describedby={describedById}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
