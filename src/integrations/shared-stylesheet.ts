import type { AstroIntegration } from 'astro';

/**
 * The styles of the shell and of the content components most pages share: the layouts, the global
 * sheets, the components directly under src/components (header, footer, tab bar, …) and
 * src/components/content (page header, byline, prose, …), the header's member actions (bell, cart
 * badge) with the notification list's styles, and the one modal host. Vite's build ids for a component's `<style>` end in `?astro&type=style…`.
 */
const SHARED_STYLE = new RegExp(
  [
    String.raw`/src/(?:layouts|components|components/content|components/header)/[^/]+\.astro\?astro&type=style`,
    String.raw`/src/styles/[^/]+\.css$`,
    String.raw`/src/islands/(?:notifications/notifications|modal-host|reactions/users-list)\.css$`,
  ].join('|'),
);

/** True when the module is a style every page of the shell is likely to carry. */
const isSharedStyle = (id: string): boolean => SHARED_STYLE.test(id);

/**
 * Gathers the shared styles into one stylesheet that every page links (decision 030).
 *
 * Left to itself, the build splits CSS along the server's chunks: the shell's styles came out as a
 * dozen sheets under 4 kB, and Astro inlined each into every page (`inlineStylesheets: 'auto'`),
 * some 11 kB of the same CSS in each response. A member's room post passed 65,536 UTF-16 units with
 * it, where V8 keeps the flattened page in large-object space and encoding it costs five times as
 * much. As one group of the server build, those modules make one sheet, above the inline limit, so
 * pages link it and browsers (and the service worker's precache) keep it between pages.
 */
export function sharedStylesheet(): AstroIntegration {
  return {
    name: 'shared-stylesheet',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            environments: {
              ssr: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: isSharedStyle }] } } } } },
            },
          },
        });
      },
    },
  };
}
