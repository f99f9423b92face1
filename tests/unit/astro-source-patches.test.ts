import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { astroSourcePlugin } from '../../src/integrations/astro-source-patch.ts';
import type { AstroSourcePatch } from '../../src/integrations/astro-source-patch.ts';
import { CSP_WORK_ONCE } from '../../src/integrations/csp-work-once.ts';
import { ROUTE_WORK_ONCE } from '../../src/integrations/route-work-once.ts';

const PATCHES: AstroSourcePatch[] = [CSP_WORK_ONCE, ROUTE_WORK_ONCE];

/** The installed Astro's file, under the id Vite gives it. */
function astroFile(file: string): { id: string; code: string } {
  const id = new URL(`../../node_modules/astro/dist/${file}`, import.meta.url).pathname;
  return { id, code: readFileSync(id, 'utf8') };
}

function transform(patch: AstroSourcePatch, code: string, id: string): string | null {
  const plugin = astroSourcePlugin(patch);
  const hook = plugin.transform as (code: string, id: string) => string | null;
  return hook.call({}, code, id);
}

describe.each(PATCHES)('the transform $name of the installed Astro', (patch) => {
  it('finds every line it replaces, and leaves a module that parses', () => {
    const { id, code } = astroFile(patch.file);
    const patched = transform(patch, code, id);
    expect(patched).not.toBeNull();
    for (const [original, replacement] of patch.replacements) {
      expect(patched).toContain(replacement);
      if (!replacement.includes(original)) expect(patched).not.toContain(original);
    }
    expect(() => parseAst(patched!)).not.toThrow();
  });

  it('stops the build, naming its decision record, when Astro has changed the lines', () => {
    const { id, code } = astroFile(patch.file);
    const [original] = patch.replacements[0]!;
    expect(() => transform(patch, code.replace(original, ''), id)).toThrow(patch.decision);
  });

  it('leaves every other file alone', () => {
    const { code } = astroFile(patch.file);
    expect(transform(patch, code, '/project/src/pages/index.astro')).toBeNull();
  });
});
