import type { APIRoute } from 'astro';
import { webAppManifest } from '../lib/web-app-manifest.ts';

const body = JSON.stringify(webAppManifest());

export const GET: APIRoute = () =>
  new Response(body, {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      // The same for everyone; a day is short enough for a changed icon or name to reach phones.
      'Cache-Control': 'public, max-age=86400',
    },
  });
