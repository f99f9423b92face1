import pg from 'pg';

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The same server's address for the database `name`. */
export function databaseUrlNamed(url: string, name: string): string {
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}
