import type { User } from './server/db/schema/index.ts';

declare global {
  namespace App {
    interface Locals {
      user: User | null;
    }
  }
}
