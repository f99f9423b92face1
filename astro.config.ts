import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import type { AstroIntegration } from 'astro';
import type { Plugin as VitePlugin } from 'vite';

/**
 * The Node adapter, with our entry in front of its own: the database is opened, locked and
 * migrated before the server listens, and the entry routes each request to the built files, the
 * API or the pages (see src/server/entry.ts). In middleware mode the adapter renders pages only.
 */
function nodeWithBoot(): AstroIntegration {
  // Pages are rendered whole, then sent with their length: every page reads its data before its
  // first byte anyway, and the streamed render cost more than it gave (the room home: 220 -> 281
  // req/s unstreamed, a small member page 660 -> 715, measured; docs/decisions/011).
  const adapter = node({ mode: 'middleware', bodySizeLimit: 64 * 1024 * 1024, experimentalDisableStreaming: true });
  const configDone = adapter.hooks['astro:config:done'];
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone?.({
          ...params,
          setAdapter: (settings) =>
            params.setAdapter({
              ...settings,
              serverEntrypoint: fileURLToPath(new URL('./src/server/entry.ts', import.meta.url)),
            }),
        }),
    },
  };
}

/**
 * The embedded database's thread, and the process that creates its directory, run files of their
 * own, found next to the code that starts them (`new URL('./pglite-worker.mjs', import.meta.url)`).
 * The server build does not follow such URLs, so each file is copied beside every chunk naming it.
 */
function pgliteWorkerFiles(): AstroIntegration {
  const names = ['pglite-worker.mjs', 'pglite-initdb.mjs'];
  let serverDir = '';
  return {
    name: 'pglite-worker-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': () => {
        const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
        for (const file of files) {
          const path = join(serverDir, file);
          const code = readFileSync(path, 'utf8');
          for (const name of names.filter((n) => code.includes(n))) {
            copyFileSync(fileURLToPath(new URL(`./src/server/db/${name}`, import.meta.url)), join(dirname(path), name));
          }
        }
      },
    },
  };
}

/**
 * The islands' server renderer (src/server/react-islands.ts): React's string renderer in place of
 * @astrojs/react's streaming one, hydrated by @astrojs/react's client. Every island's exported
 * components (the capitalised functions, as React names components) are marked for it in the
 * server build. Unmarked, Astro would ask each renderer whether a component is theirs, and
 * @astrojs/react answers by rendering it: one more whole render for every island on every page.
 */
function reactIslands(): AstroIntegration {
  const name = 'react-islands';
  const islandFile = /\/src\/islands\/.+\.tsx$/;
  const marking: VitePlugin = {
    name: 'react-islands-marked',
    enforce: 'post',
    transform(code, id) {
      if (this.environment.config.consumer !== 'server' || !islandFile.test(id)) return null;
      const components = [...code.matchAll(/^export (?:async )?function ([A-Z]\w*)/gm)].map((match) => match[1]);
      if (components.length === 0) return null;
      const marks = components.map((component) => `__astro_tag_component__(${component}, '${name}');`);
      return `${code}\nimport { __astro_tag_component__ } from 'astro/runtime/server/index.js';\n${marks.join('\n')}\n`;
    },
  };
  return {
    name,
    hooks: {
      'astro:config:setup': ({ addRenderer, updateConfig }) => {
        addRenderer({
          name,
          serverEntrypoint: fileURLToPath(new URL('./src/server/react-islands.ts', import.meta.url)),
          clientEntrypoint: '@astrojs/react/client.js',
        });
        updateConfig({ vite: { plugins: [marking] } });
      },
    },
  };
}

/**
 * Edits one of Astro's own files as the server is built, for work Astro repeats on every request
 * and has no option to spare. Each replacement must find the code it replaces, or the build stops
 * and names the decision record that explains it, rather than losing the saving unnoticed.
 */
function astroSourcePatch(name: string, file: RegExp, decision: string, replacements: Array<[string, string]>): AstroIntegration {
  const plugin: VitePlugin = {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id.split('?')[0] ?? id)) return null;
      let patched = code;
      for (const [original, replacement] of replacements) {
        if (!patched.includes(original)) throw new Error(`${name}: ${id} has changed (no "${original}"); see ${decision}`);
        patched = patched.replace(original, replacement);
      }
      return patched;
    },
  };
  return {
    name,
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin] } });
      },
    },
  };
}

/**
 * Two costs of Astro's policy on every page request, with the same header in the end:
 * - It hashes each inline script and style of the route (a tenth of a small page's time,
 *   measured: seventeen digests, each a trip to the thread pool). They are the build's own assets,
 *   the same strings every time, and the scripts' hashes are in the build's manifest already:
 *   each is hashed once here and kept.
 * - It copies the build's style hashes (over 300) into each page's policy, then leaves them out,
 *   since styles may be inline (below) and a browser would ignore them beside 'unsafe-inline'
 *   (a tenth of what the room home allocated, measured). They are not copied then.
 */
const cspWorkOnce = (): AstroIntegration =>
  astroSourcePatch('csp-work-once', /\/astro\/dist\/core\/fetch\/fetch-state\.js$/, 'docs/decisions/012-astro-policy-work-once.md', [
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
  ]);

/**
 * Work Astro's production environment repeats on every page request for what the build fixed:
 * - it imports the page's module again (Node's loader resolves the specifier each time);
 * - it builds the route's head elements anew, finding the route in a list of all of them and
 *   parsing each stylesheet's and script's address with a URL object;
 * - it parses each island's script addresses the same way (four an island).
 * Together some 5 % of a small member page's server time (measured). Each is kept once made: a
 * page's module promise (not a failed one), a route's head elements (copied into new sets, which
 * the render empties), an address. See docs/decisions/020-astro-route-work-once.md.
 */
const routeWorkOnce = (): AstroIntegration =>
  astroSourcePatch('route-work-once', /\/astro\/dist\/core\/environment\/production\.js$/, 'docs/decisions/020-astro-route-work-once.md', [
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
  ]);

/**
 * A page rendered whole (decision 011) is one string, which Astro turns into bytes with a
 * TextEncoder: 0.18-0.2 ms for a room post of 64,000 characters, measured. Node's Buffer writes
 * the same UTF-8 into space it already has (at most three bytes a UTF-16 unit), kept between
 * pages, and the page gets a copy of exactly its length: 0.11 ms. See docs/decisions/021.
 */
const pageBytesInOnePass = (): AstroIntegration =>
  astroSourcePatch('page-bytes-in-one-pass', /\/astro\/dist\/runtime\/server\/render\/page\.js$/, 'docs/decisions/021-page-bytes-in-one-pass.md', [
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
  ]);

/**
 * Astro serialises an island's props twice, once for the island's id and once for its attribute,
 * walking every value each time: a room post's thirty comments went through it twice. The id is
 * made from the same string the attribute gets, serialised once (docs/decisions/013).
 */
const islandPropsSerialisedOnce = (): AstroIntegration[] => [
  astroSourcePatch('island-props-once', /\/astro\/dist\/runtime\/server\/render\/component\.js$/, 'docs/decisions/013-island-props-serialised-once.md', [
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
  ]),
  astroSourcePatch('island-props-once-attribute', /\/astro\/dist\/runtime\/server\/hydration\.js$/, 'docs/decisions/013-island-props-serialised-once.md', [
    ['const { renderer, result, astroId, props, attrs } = scriptOptions;', 'const { renderer, result, astroId, props, attrs, serializedProps } = scriptOptions;'],
    ['island.props["props"] = escapeHTML(serializeProps(props, metadata));', 'island.props["props"] = escapeHTML(serializedProps ?? serializeProps(props, metadata));'],
  ]),
];

export default defineConfig({
  output: 'server',
  adapter: nodeWithBoot(),
  integrations: [react(), reactIslands(), pgliteWorkerFiles(), cspWorkOnce(), routeWorkOnce(), pageBytesInOnePass(), ...islandPropsSerialisedOnce()],
  server: { port: 4321 },
  security: {
    // Request forgery is handled by the API's XSRF-TOKEN check, which answers 419 as clients expect.
    checkOrigin: false,
    // Astro puts the hashes of the scripts it builds into each page's policy; the middleware adds
    // the other directives (src/server/http/security-headers.ts). Scripts stay strict. Styles may
    // be inline: islands and server-rendered cards set style attributes, the editor and Channel
    // Talk add <style> elements as they run, and a style runs no code. Astro leaves the style
    // hashes out then, as a browser would ignore 'unsafe-inline' beside them.
    csp: { styleDirective: { resources: ["'self'", "'unsafe-inline'"] } },
  },
  // No page is Markdown; left on, Shiki would be flagged against the policy on every build.
  markdown: { syntaxHighlight: false },
  session: false,
  env: {
    schema: {
      PUBLIC_API_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
    },
  },
});
