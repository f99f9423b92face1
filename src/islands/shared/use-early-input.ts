import { useCallback, useEffect, useRef } from 'react';
import type { Ref, RefCallback } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Runs once, when React takes over the server's HTML: `adopt` compares what the control shows with
 * what was rendered. The first render's values are the ones the server's HTML was made from. The
 * ref it answers also hands the element to `forwarded`, the ref the field's user gave.
 */
function useOnHydration<E extends HTMLElement, V>(rendered: V, adopt: (element: E, rendered: V) => void, forwarded?: Ref<E>): RefCallback<E> {
  const element = useRef<E | null>(null);
  const first = useRef({ rendered, adopt });
  useEffect(() => {
    if (element.current) first.current.adopt(element.current, first.current.rendered);
  }, []);
  return useCallback(
    (node: E | null) => {
      element.current = node;
      if (typeof forwarded === 'function') forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [forwarded],
  );
}

/**
 * A field filled before its island hydrated (typed on a slow phone, or by the browser's autofill)
 * shows the text while React still holds the server's empty value, and the form would send that:
 * "이메일을 입력해 주세요" under a filled field. On hydration the field's own text is taken over.
 * The returned ref goes on the field.
 */
export function useEarlyValue<E extends TextControl>(value: string, onValue: ((value: string) => void) | undefined, forwarded?: Ref<E>): RefCallback<E> {
  return useOnHydration<E, string>(
    value,
    (element, rendered) => {
      if (element.value !== rendered) onValue?.(element.value);
    },
    forwarded,
  );
}

/** The same for a checkbox or a radio button ticked before hydration. */
export function useEarlyChecked(checked: boolean, onChecked: ((checked: boolean) => void) | undefined): RefCallback<HTMLInputElement> {
  return useOnHydration<HTMLInputElement, boolean>(checked, (element, rendered) => {
    if (element.checked !== rendered) onChecked?.(element.checked);
  });
}

/**
 * The same for a group of radio buttons: the ref goes on the element around them (a fieldset),
 * and `onValue` receives the value of the one ticked before hydration.
 */
export function useEarlyChoice(value: string, onValue: (value: string) => void): RefCallback<HTMLElement> {
  return useOnHydration<HTMLElement, string>(value, (group, rendered) => {
    const ticked = group.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (ticked && ticked.value !== rendered) onValue(ticked.value);
  });
}
