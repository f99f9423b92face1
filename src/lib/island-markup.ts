const PROPS_ONLY = Symbol.for('islands.markup-of-props-only');

/**
 * Marks an island whose server markup is a function of its props alone: it reads no clock, no
 * random number and nothing of the request while it renders. The server then renders it once for
 * each set of props (src/server/react-islands.ts); the header's islands are on every page.
 */
export function markupOfPropsOnly<T extends object>(component: T): T {
  Object.defineProperty(component, PROPS_ONLY, { value: true });
  return component;
}

export const isMarkupOfPropsOnly = (component: unknown): boolean => typeof component === 'function' && PROPS_ONLY in component;
