// npm run deploy-commands: registers /fengsheng in DISCORD_DEV_GUILD_ID (instant, for development)
// or globally (may take up to an hour to reach every server).
import 'dotenv/config';
import { ConfigError, readConfig } from '../config.js';
import { registerCommands } from '../discord/register.js';

try {
  const c = readConfig();
  const n = await registerCommands({ token: c.token, applicationId: c.applicationId, guildId: c.devGuildId, apiBase: c.apiBase });
  process.stdout.write(`registered ${n} command(s) ${c.devGuildId ? `in guild ${c.devGuildId}` : 'globally'}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).stack}\n`);
  process.exit(1);
}
