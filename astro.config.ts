import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import { cspWorkOnce } from './src/integrations/csp-work-once.ts';
import { nodeWithBoot } from './src/integrations/node-with-boot.ts';
import { pgliteWorkerFiles } from './src/integrations/pglite-worker-files.ts';
import { precompressedAssets } from './src/integrations/precompressed-assets.ts';
import { reactIslands } from './src/integrations/react-islands.ts';
import { routeWorkOnce } from './src/integrations/route-work-once.ts';
import { serviceWorker } from './src/integrations/service-worker.ts';
import { sharedStylesheet } from './src/integrations/shared-stylesheet.ts';

export default defineConfig({
  output: 'server',
  adapter: nodeWithBoot(),
  // The islands' renderer first: it claims every React component before @astrojs/react is asked.
  integrations: [reactIslands(), react(), pgliteWorkerFiles(), precompressedAssets(), cspWorkOnce(), routeWorkOnce(), serviceWorker(), sharedStylesheet()],
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
