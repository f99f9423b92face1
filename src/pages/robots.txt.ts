import type { APIRoute } from 'astro';
import { robotsTxt } from '../server/modules/seo/robots-txt.ts';
import { getRuntime } from '../server/runtime.ts';

export const GET: APIRoute = async () => {
  const body = robotsTxt((await getRuntime()).config.appUrl);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
