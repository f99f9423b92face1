import { astroSourcePatch } from './astro-source-patch.ts';
import type { AstroSourcePatch } from './astro-source-patch.ts';

/**
 * Work Astro's production environment repeats on every page request for what the build fixed:
 * - it imports the page's module again (Node's loader resolves the specifier each time);
 * - it builds the route's head elements anew, finding the route in a list of all of them and
 *   parsing each stylesheet's and script's address with a URL object;
 * - it parses each island's script addresses the same way (four an island).
 * Each is kept once made: a page's module promise (not a failed one), a route's head elements
 * (copied into new sets, which the render empties), an address.
 * See docs/decisions/020-astro-route-work-once.md.
 */
export const ROUTE_WORK_ONCE: AstroSourcePatch = {
  name: 'route-work-once',
  file: 'core/environment/production.js',
  decision: 'docs/decisions/020-astro-route-work-once.md',
  replacements: [
    ['    return await importComponentInstance();', '    return await pageModuleOf(importComponentInstance);'],
    [
      'async function getModuleForRoute(manifest, route) {',
      `const keptPageModules = new WeakMap();
function pageModuleOf(importPage) {
  let kept = keptPageModules.get(importPage);
  if (!kept) {
    kept = importPage();
    keptPageModules.set(importPage, kept);
    kept.catch(() => keptPageModules.delete(importPage));
  }
  return kept;
}
async function getModuleForRoute(manifest, route) {`,
    ],
    [
      'export {\n  productionEnvironment\n};',
      `const keptPerManifest = (derive) => {
  const kept = new WeakMap();
  return async (manifest, key, ...rest) => {
    let values = kept.get(manifest);
    if (!values) kept.set(manifest, (values = new Map()));
    if (!values.has(key)) values.set(key, await derive(manifest, key, ...rest));
    return values.get(key);
  };
};
const resolveOnce = keptPerManifest(productionEnvironment.resolve);
productionEnvironment.resolve = (manifest, specifier) => resolveOnce(manifest, specifier);
const headElementsOnce = keptPerManifest((manifest, _route, routeData) => productionEnvironment.headElementsOf(manifest, routeData));
productionEnvironment.headElementsOf = productionEnvironment.headElements;
productionEnvironment.headElements = async (manifest, routeData) => {
  const { links, styles, scripts } = await headElementsOnce(manifest, routeData.route, routeData);
  return { links: new Set(links), styles: new Set(styles), scripts: new Set(scripts) };
};
export {
  productionEnvironment
};`,
    ],
  ],
};

export const routeWorkOnce = () => astroSourcePatch(ROUTE_WORK_ONCE);
