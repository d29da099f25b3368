// npm run health: exit 0 when the bot on this machine is healthy, else 1 with one sentence a problem
// (the Docker HEALTHCHECK). Healthy: every bot process here wrote its pulse within the last minute with
// its gateway connected (run/health.ts), and the database answers.
import 'dotenv/config';
import pg from 'pg';
import { pulseProblems } from '../run/health.js';
import { readConfigOrExit } from '../run/exit.js';
import { openExisting } from '../store/connection.js';
import { parseCommand } from './args.js';

parseCommand({
  usage: 'npm run health --',
  summary: "Checks the running bot: its gateway connection (the pulse it writes beside the database file) and the database. Exit 0 healthy, 1 not.",
  options: {},
});
const config = readConfigOrExit();

async function databaseProblem(): Promise<string | null> {
  try {
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
      await client.connect();
      try {
        await client.query('SELECT 1');
      } finally {
        await client.end();
      }
    } else {
      const conn = openExisting(config.databasePath);
      try {
        conn.sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
      } finally {
        conn.close();
      }
    }
    return null;
  } catch (err) {
    // The sentence never carries the URL (it may hold a password).
    return `the database does not answer: ${(err as Error).message}`;
  }
}

const database = await databaseProblem();
const problems = [...pulseProblems(config.databasePath), ...(database ? [database] : [])];
if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('healthy\n');
