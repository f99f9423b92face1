import { createElement } from 'react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * A React component as plain HTML, with no island around it, for what a guest only reads. Astro's
 * renderer streams every React render and decodes it back to text; React's own string renderer
 * spares that (on a post page with 40 comments it was a third of what the server allocated,
 * measured). Never for a component that hydrates: its ids would not match the island's.
 */
export const staticHtml = <P extends object>(component: ComponentType<P>, props: P): string =>
  renderToString(createElement(component, props));
