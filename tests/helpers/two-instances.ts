import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';
import { withAdmin as admin } from './postgres-admin.ts';

/**
 * Two built servers on one new PostgreSQL database `name`, each with its own embedded data
 * directory and the same `env`, started before the describe's tests and stopped (the database
 * dropped) after them. The array fills as they start.
 */
export function twoInstancesOnPostgres(adminUrl: string, name: string, env: Record<string, string>): ServerProcess[] {
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
    await admin(adminUrl, (client) => client.query(`create database ${name}`));
    // One after the other: the first applies the migrations, the second finds them applied.
    for (let i = 0; i < 2; i += 1) {
      const server = await startServer(tempDataDir(), env);
      servers.push(server);
      await waitUntilHealthy(server, 90_000);
    }
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server, 'SIGTERM', { killAfterMs: 15_000 })));
    await admin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }, 60_000);
  return servers;
}
