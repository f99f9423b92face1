import type { SSRLoadedRendererValue, SSRResult } from 'astro';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

// The resources React hoists into its markup; the page's head links what it needs.
const HOISTED_LINK = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

const islandsRendered = new WeakMap<SSRResult, number>();

/** A useId prefix of its own for each island of a page: two islands' ids never meet. */
function nextPrefix(result: SSRResult): string {
  const count = islandsRendered.get(result) ?? 0;
  islandsRendered.set(result, count + 1);
  // Not @astrojs/react's `r`: a component it renders on the same page counts from zero too.
  return `i${count}`;
}

/**
 * The server side of the islands (astro.config.ts registers it and marks every island for it):
 * React's string renderer where @astrojs/react streams. Streaming encodes each piece of markup to
 * bytes and the renderer decodes them back to text: a room post's comments took three times as
 * long to render that way (2.5 ms against 0.8, measured). Nothing an island renders waits for
 * data, so a stream has nothing to send early. The rest is as @astrojs/react does it: the useId
 * prefix the client hydrates with, the class prop left out, hoisted resource links taken out.
 */
export default {
  // Only the components the build marks come here; any other React component is @astrojs/react's.
  check: async () => false,
  async renderToStaticMarkup(this: { result: SSRResult }, Component, props: Record<string, unknown>, slots) {
    if (Object.keys(slots).length > 0 || props['children'] != null) {
      throw new Error('An island takes its content as props: src/server/react-islands.ts renders no children or slots.');
    }
    const { class: _class, ...rest } = props;
    const prefix = nextPrefix(this.result);
    const html = renderToString(createElement(Component, rest), { identifierPrefix: prefix });
    return { html: html.replace(HOISTED_LINK, ''), attrs: { prefix } };
  },
  supportsAstroStaticSlot: true,
} satisfies SSRLoadedRendererValue;
