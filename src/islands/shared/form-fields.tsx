import type { ComponentProps, ReactNode, Ref } from 'react';
import { useEarlyChecked, useEarlyValue } from './use-early-input.ts';
import './forms.css';

/** A line under a field: a live result (availability, match) rather than a submit error. */
export interface FieldNote {
  tone: 'success' | 'error' | 'info';
  text: string;
}

type ElementId = string | false | null | undefined;

/** What the control receives from its frame: its id, whether it is invalid, and what describes it. */
interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FrameProps {
  id: string;
  label: ReactNode;
  hint?: string | undefined;
  errors?: readonly string[] | undefined;
  /** Marks the control invalid when the message about it is shown elsewhere (a note, the form alert). */
  invalid?: boolean;
  /** Other elements that describe the control: its count, note, checklist or the form alert. */
  describedBy?: readonly ElementId[];
  control: (attributes: ControlAttributes) => ReactNode;
  /** What stands between the hint and the errors. */
  children?: ReactNode;
}

/** Every field's markup: label, control, hint, what follows, then the server's messages. */
function FieldFrame({ id, label, hint, errors = [], invalid = false, describedBy = [], control, children }: FrameProps) {
  const ids = [hint && `${id}-hint`, ...describedBy, errors.length > 0 && `${id}-error`].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        'aria-invalid': invalid || errors.length > 0 ? true : undefined,
        'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={`${id}-error`} messages={errors} />
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

/** A live "12/150" under a field, read with the field rather than announced at every keystroke. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="form-count" data-full={length >= max}>
      <span aria-hidden="true">
        {length}/{max}
      </span>
      <span className="visually-hidden">
        {max}자 중 {length}자 입력
      </span>
    </p>
  );
}

/** What every field takes: its frame's parts, its value and what to call when it changes. */
interface FieldProps extends Pick<FrameProps, 'id' | 'label' | 'hint' | 'errors'> {
  value: string;
  onValue?: (value: string) => void;
}

type Native<Tag extends 'input' | 'textarea' | 'select'> = Omit<ComponentProps<Tag>, keyof FieldProps | 'onChange' | 'ref'>;

interface TextFieldProps extends FieldProps, Native<'input'> {
  ref?: Ref<HTMLInputElement>;
  note?: FieldNote | null;
  /** Keeps a line for a note that comes and goes (live checks), so the form below never jumps. */
  reserveNote?: boolean;
  /** Shows a live count of `maxLength` under the field. */
  counted?: boolean;
  invalid?: boolean;
  extraDescribedBy?: string | undefined;
  children?: ReactNode;
}

export function TextField(props: TextFieldProps) {
  const { id, label, hint, errors, value, onValue, note, reserveNote = false, counted = false, invalid = false, extraDescribedBy, children, ref: forwarded, ...input } = props;
  const count = counted && input.maxLength !== undefined ? { id: `${id}-count`, max: input.maxLength } : null;
  const noteClass = `form-note${reserveNote ? ' form-note-reserved' : ''}${note ? ` form-note-${note.tone}` : ''}`;
  const ref = useEarlyValue<HTMLInputElement>(value, onValue, forwarded);
  return (
    <FieldFrame
      {...{ id, label, hint, errors }}
      invalid={invalid || note?.tone === 'error'}
      describedBy={[count?.id, note && `${id}-note`, extraDescribedBy]}
      control={(attributes) => (
        <input {...input} {...attributes} ref={ref} className="form-input" value={value} onChange={(event) => onValue?.(event.target.value)} />
      )}
    >
      {count ? <CharacterCount id={count.id} length={value.length} max={count.max} /> : null}
      {children}
      {/* Always present, so that a result arriving later is read out. */}
      <p id={`${id}-note`} className={noteClass} aria-live="polite">
        {note?.text}
      </p>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends FieldProps, Omit<Native<'textarea'>, 'maxLength'> {
  /** Shown as a live count under the field. */
  maxLength: number;
}

export function TextAreaField({ id, label, hint, errors, value, onValue, maxLength, ...textarea }: TextAreaFieldProps) {
  const ref = useEarlyValue<HTMLTextAreaElement>(value, onValue);
  return (
    <FieldFrame
      {...{ id, label, hint, errors }}
      describedBy={[`${id}-count`]}
      control={(attributes) => (
        <textarea
          {...textarea}
          {...attributes}
          ref={ref}
          className="form-input form-textarea"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onValue?.(event.target.value)}
        />
      )}
    >
      <CharacterCount id={`${id}-count`} length={value.length} max={maxLength} />
    </FieldFrame>
  );
}

interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends FieldProps, Native<'select'> {
  options: readonly SelectOption[];
  /** A first, empty choice that asks the person to pick one. */
  placeholder?: string;
}

export function SelectField({ id, label, hint, errors, value, onValue, options, placeholder, ...select }: SelectFieldProps) {
  const choices = placeholder ? [{ value: '', label: placeholder }, ...options] : options;
  const ref = useEarlyValue<HTMLSelectElement>(value, onValue);
  return (
    <FieldFrame
      {...{ id, label, hint, errors }}
      control={(attributes) => (
        <select {...select} {...attributes} ref={ref} className="form-input" value={value} onChange={(event) => onValue?.(event.target.value)}>
          {choices.map((option) => (
            <option key={option.value} value={option.value} disabled={option.value === '' ? true : undefined}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

interface CheckFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange' | 'ref'> {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}

/** A checkbox and its text, the whole row a 44 px target. */
export function CheckField({ label, checked, onChecked, className, ...input }: CheckFieldProps) {
  const ref = useEarlyChecked(checked, onChecked);
  return (
    <label className={className ? `form-check ${className}` : 'form-check'} htmlFor={input.id}>
      <input {...input} ref={ref} type="checkbox" checked={checked} onChange={(event) => onChecked(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
