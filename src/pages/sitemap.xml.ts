import type { APIRoute } from 'astro';
import { listSitemapEntries } from '../server/modules/seo/sitemap-service.ts';
import { sitemapXml } from '../server/modules/seo/sitemap-xml.ts';
import { getRuntime } from '../server/runtime.ts';

export const GET: APIRoute = async () => {
  const runtime = await getRuntime();
  const xml = sitemapXml(runtime.config.appUrl, await listSitemapEntries(runtime.database.db));
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Crawlers come back for it now and then; an hour-old list only delays a new notice by that much.
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
