import { astroSourcePatches } from './astro-source-patch.ts';
import type { AstroSourcePatch } from './astro-source-patch.ts';

/**
 * A page rendered whole (decision 011) is one string, which Astro turns into bytes with a
 * TextEncoder. Node's Buffer writes the same UTF-8 into space it already has (at most three bytes
 * a UTF-16 unit), kept between pages, and the page gets a copy of exactly its length.
 * See docs/decisions/021-page-bytes-in-one-pass.md.
 */
export const PAGE_BYTES_IN_ONE_PASS: AstroSourcePatch = {
  name: 'page-bytes-in-one-pass',
  file: 'runtime/server/render/page.js',
  decision: 'docs/decisions/021-page-bytes-in-one-pass.md',
  replacements: [
    [
      'import { encoder } from "./common.js";',
      `import { encoder } from "./common.js";
const KEPT_SCRATCH_BYTES = 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(256 * 1024);
function pageBytes(text) {
  const most = text.length * 3;
  if (most > KEPT_SCRATCH_BYTES) return encoder.encode(text);
  if (most > scratch.length) scratch = Buffer.allocUnsafeSlow(most);
  return new Uint8Array(scratch.subarray(0, scratch.write(text)));
}`,
    ],
    ['    body = encoder.encode(body);', '    body = pageBytes(body);'],
  ],
};

export const pageBytesInOnePass = () => astroSourcePatches('page-bytes-in-one-pass', [PAGE_BYTES_IN_ONE_PASS]);
