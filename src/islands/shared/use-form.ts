import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { failureMessages } from './failure-messages.ts';

const CHECK_MESSAGE = '입력한 내용을 다시 확인해 주세요.';
const VALIDATION_STATUS = 422;

/** What a text field of a form needs: its id, name, value, change handler and messages. */
export interface FieldWiring {
  id: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  errors: string[] | undefined;
}

interface FormOptions {
  /** The fields in their order on the page, named as the API names them: the first in trouble gets the focus. */
  order: readonly string[];
  /** Called on every edit, e.g. to mark a draft or hide a saved status. */
  onEdit?: () => void;
}

/**
 * A form's text values and its answer after a failed submit: each field's messages under it, the
 * rest listed under the form after a line asking to check, and the focus on the first field in
 * trouble. Values are keyed by the API's field names, so one name wires a field (`field`).
 */
export function useForm<Name extends string>(initial: Record<Name, string>, { order, onEdit }: FormOptions) {
  const id = useId();
  const fieldId = (name: string): string => `${id}-${name}`;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ValidationErrors>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);

  // After the next render: a control disabled while sending cannot take the focus before.
  useEffect(() => {
    if (focusRequest) document.getElementById(`${id}-${focusRequest.field}`)?.focus();
  }, [focusRequest, id]);

  const focus = (name: string): void => setFocusRequest({ field: name });

  /** The server's word on a field no longer holds once it is edited. */
  const edited = (...names: string[]): void => {
    onEdit?.();
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name))));
  };

  const setValue = (name: Name, value: string): void => {
    setValues((current) => ({ ...current, [name]: value }));
    edited(name);
  };

  const field = (name: Name): FieldWiring => ({
    id: fieldId(name),
    name,
    value: values[name],
    onValue: (value: string) => setValue(name, value),
    errors: errors[name],
  });

  const showInvalid = (next: ValidationErrors): void => {
    setErrors(next);
    const others = Object.entries(next)
      .filter(([name]) => !order.includes(name))
      .flatMap(([, list]) => list);
    setMessages([CHECK_MESSAGE, ...others]);
    const first = order.find((name) => next[name]);
    if (first) focus(first);
  };

  /** A 422 naming fields goes to those fields; anything else is listed under the form. */
  const showFailure = (error: unknown): void => {
    if (isApiError(error) && error.status === VALIDATION_STATUS && Object.keys(error.errors).length > 0) {
      showInvalid(error.errors);
      return;
    }
    setErrors({});
    setMessages(failureMessages(error));
  };

  return { fieldId, values, setValues, field, errors, setErrors, messages, setMessages, edited, focus, showInvalid, showFailure };
}
