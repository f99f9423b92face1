declare namespace App {
  interface Locals {
    user: import('./server/db/schema/index.ts').User | null;
  }
}
