import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldErrors } from './form-fields.tsx';

// The text field of form-fields.tsx has two siblings here: a multi-line field with a live
// count, and a select. Same label, hint and error markup, so they read and sound alike.

const describedBy = (...ids: Array<string | false | null | undefined>): string | undefined => {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
};

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'maxLength'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  /** Shown as a live "12/150" count under the field. */
  maxLength: number;
  hint?: string;
  errors?: readonly string[];
}

export function TextAreaField({ id, label, value, onValue, maxLength, hint, errors = [], ...textarea }: TextAreaFieldProps) {
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="form-input form-textarea"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={describedBy(hint && hintId, countId, errors.length > 0 && errorId)}
      />
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {/* Read with the field rather than announced at every keystroke. */}
      <p id={countId} className="form-count" data-full={value.length >= maxLength}>
        <span aria-hidden="true">
          {value.length}/{maxLength}
        </span>
        <span className="visually-hidden">
          {maxLength}자 중 {value.length}자 입력
        </span>
      </p>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly SelectOption[];
  /** A first, empty choice that asks the person to pick one. */
  placeholder?: string;
  errors?: readonly string[];
}

export function SelectField({ id, label, value, onValue, options, placeholder, errors = [], ...select }: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className="form-input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
