import pg from 'pg';

/** Runs one statement on a PostgreSQL server as its administrator (CREATE or DROP DATABASE). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Whether a database of that name exists on the server. */
export async function adminExists(url: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  await client.end();
  return result.rowCount === 1;
}
