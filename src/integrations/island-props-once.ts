import { astroSourcePatches } from './astro-source-patch.ts';
import type { AstroSourcePatch } from './astro-source-patch.ts';

const DECISION = 'docs/decisions/013-island-props-serialised-once.md';

/**
 * Astro serialises an island's props twice, once for the island's id and once for its attribute,
 * walking every value each time. The id is made from the same string the attribute gets,
 * serialised once (docs/decisions/013).
 */
export const ISLAND_PROPS_ONCE: AstroSourcePatch[] = [
  {
    name: 'island-props-once',
    file: 'runtime/server/render/component.js',
    decision: DECISION,
    replacements: [
    [
      `  const astroId = shorthash(
    \`<!--\${metadata.componentExport.value}:\${metadata.componentUrl}-->
\${html}
\${serializeProps(
      props,
      metadata
    )}\`
  );
  const island = await generateHydrateScript(
    { renderer, result, astroId, props, attrs },
    metadata
  );`,
      `  const serializedProps = serializeProps(props, metadata);
  const astroId = shorthash(
    \`<!--\${metadata.componentExport.value}:\${metadata.componentUrl}-->
\${html}
\${serializedProps}\`
  );
  const island = await generateHydrateScript(
    { renderer, result, astroId, props, attrs, serializedProps },
    metadata
  );`,
    ],
    ],
  },
  {
    name: 'island-props-once-attribute',
    file: 'runtime/server/hydration.js',
    decision: DECISION,
    replacements: [
    ['const { renderer, result, astroId, props, attrs } = scriptOptions;', 'const { renderer, result, astroId, props, attrs, serializedProps } = scriptOptions;'],
    ['island.props["props"] = escapeHTML(serializeProps(props, metadata));', 'island.props["props"] = escapeHTML(serializedProps ?? serializeProps(props, metadata));'],
    ],
  },
];

export const islandPropsSerialisedOnce = () => astroSourcePatches('island-props-once', ISLAND_PROPS_ONCE);
