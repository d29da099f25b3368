// The PostgreSQL backend (src/store/pg/backend.ts) passes the StoreBackend contract against a real server.
import { backendContract } from '../backend-contract.js';
import { PgBackend } from '../../../src/store/pg/backend.js';
import { pgDatabase } from '../../support/pg-database.js';
import { quiet } from './helpers.js';

backendContract('PostgreSQL', async () => {
  const backend = await PgBackend.open(await pgDatabase(), { logger: quiet });
  return { backend, close: () => backend.close() };
}, { concurrentWrites: true });
