import type { User } from './server/db/schema/index.ts';
import type { LoadedSession } from './server/modules/sessions/service.ts';
import type { SiteSettings } from './server/site.ts';

declare global {
  namespace App {
    interface Locals {
      user: User | null;
      /** The browser's session: a member's, a guest's (holding square unlocks), or none. */
      session: LoadedSession | null;
      site: SiteSettings;
      /** The server's name for this request, in its logs and its X-Request-Id header. */
      requestId: string;
      /** performance.now() when the request reached the server: its page's latency counts from here. */
      receivedAt: number;
    }
  }
}
