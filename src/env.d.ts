import type { User } from './server/db/schema/index.ts';
import type { SiteSettings } from './server/site.ts';

declare global {
  namespace App {
    interface Locals {
      user: User | null;
      site: SiteSettings;
    }
  }
}
