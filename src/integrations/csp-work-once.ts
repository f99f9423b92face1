import { astroSourcePatch } from './astro-source-patch.ts';
import type { AstroSourcePatch } from './astro-source-patch.ts';

/**
 * Two costs of Astro's policy on every page request, with the same header in the end:
 * - It hashes each inline script and style of the route (seventeen digests on a room page, each a
 *   trip to the thread pool; with the copying below, a third of a small member page's CPU, measured). They are the build's own assets,
 *   the same strings every time, and the scripts' hashes are in the build's manifest already:
 *   each is hashed once here and kept.
 * - It copies the build's style hashes (over 300) into each page's policy, then leaves them out,
 *   since styles may be inline (astro.config.ts) and a browser would ignore them beside
 *   'unsafe-inline'. They are not copied then. See docs/decisions/012-astro-policy-work-once.md.
 */
export const CSP_WORK_ONCE: AstroSourcePatch = {
  name: 'csp-work-once',
  file: 'core/fetch/fetch-state.js',
  decision: 'docs/decisions/012-astro-policy-work-once.md',
  replacements: [
    [
      'import { generateCspDigest } from "../encryption.js";',
      `import { generateCspDigest as digestOf } from "../encryption.js";
const keptDigests = new Map();
async function generateCspDigest(data, algorithm) {
  let kept = keptDigests.get(algorithm);
  if (!kept) keptDigests.set(algorithm, (kept = new Map()));
  let digest = kept.get(data);
  if (digest === undefined) {
    digest = await digestOf(data, algorithm);
    if (kept.size < 1024) kept.set(data, digest);
  }
  return digest;
}`,
    ],
    [
      'hashes: manifest.csp?.styleDirective ? [...manifest.csp.styleDirective.hashes] : []',
      `hashes: manifest.csp?.styleDirective && !manifest.csp.styleDirective.resources.includes("'unsafe-inline'") ? [...manifest.csp.styleDirective.hashes] : []`,
    ],
  ],
};

export const cspWorkOnce = () => astroSourcePatch(CSP_WORK_ONCE);
