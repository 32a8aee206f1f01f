// Recreates the empty PostgreSQL database named in DATABASE_URL (the e2e portal's database), so each e2e run starts
// from nothing like the PGlite data directory it replaces. Refuses any database whose name does not start with "e2e".
import pg from "pg";

const url = new URL(process.env.DATABASE_URL ?? "");
const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
if (!/^e2e[a-z0-9_]*$/.test(name)) {
  console.error(`reset-database: refusing to recreate "${name}" (an e2e database name starts with "e2e")`);
  process.exit(1);
}
url.pathname = "/postgres";
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
} finally {
  await client.end();
}
