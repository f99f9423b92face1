import type { SSRLoadedRendererValue, SSRResult } from 'astro';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

// The resources React hoists into its markup; the page's head links what it needs.
const HOISTED_LINK = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

const islandsRendered = new WeakMap<SSRResult, number>();

function renderIsland(Component: Parameters<typeof createElement>[0], props: Record<string, unknown>, prefix: string): string {
  return renderToString(createElement(Component, props), { identifierPrefix: prefix }).replace(HOISTED_LINK, '');
}

/** A useId prefix of its own for each island of a page: two islands' ids never meet. */
function nextPrefix(result: SSRResult): string {
  const count = islandsRendered.get(result) ?? 0;
  islandsRendered.set(result, count + 1);
  // Not @astrojs/react's `r`: a component it renders on the same page counts from zero too.
  return `i${count}`;
}

/**
 * The server side of the islands (src/integrations/react-islands.ts registers it):
 * React's string renderer where @astrojs/react streams. Streaming encodes each piece of markup to
 * bytes and the renderer decodes them back to text: a room post's comments took three times as
 * long to render that way (2.5 ms against 0.8, measured). Nothing an island renders waits for
 * data, so a stream has nothing to send early. The rest is as @astrojs/react does it: the useId
 * prefix the client hydrates with, the class prop left out, hoisted resource links taken out.
 */
export default {
  // Every function component that reaches a renderer is React's here: Astro's own never do, and
  // the site has no custom elements. Registered first, this renderer answers before @astrojs/react,
  // which would render the component to find out (src/integrations/react-islands.ts).
  check: async (Component: unknown) => typeof Component === 'function',
  async renderToStaticMarkup(this: { result: SSRResult }, Component, props: Record<string, unknown>, slots) {
    if (Object.keys(slots).length > 0 || props['children'] != null) {
      throw new Error('An island takes its content as props: src/server/react-islands.ts renders no children or slots.');
    }
    const { class: _class, ...rest } = props;
    const prefix = nextPrefix(this.result);
    const html = renderIsland(Component, rest, prefix);
    return { html, attrs: { prefix } };
  },
  supportsAstroStaticSlot: true,
} satisfies SSRLoadedRendererValue;
