// npm run deploy-commands: registers /fengsheng in DISCORD_DEV_GUILD_ID (instant, for development)
// or globally (may take up to an hour to reach every server). Exit codes as npm start's (README).
import 'dotenv/config';
import { registerCommands } from '../discord/register.js';
import { discordFailure, exitWith, readConfigOrExit } from '../run/exit.js';
import { parseCommand } from './args.js';

parseCommand({
  usage: 'npm run deploy-commands --',
  summary: 'Registers the /fengsheng command with Discord: in DISCORD_DEV_GUILD_ID at once, or globally (up to an hour to reach every server).',
  options: {},
});
const c = readConfigOrExit();
try {
  const n = await registerCommands({ token: c.token, applicationId: c.applicationId, guildId: c.devGuildId, apiBase: c.apiBase, activity: c.activityPort !== null });
  process.stdout.write(`registered ${n} command(s) ${c.devGuildId ? `in guild ${c.devGuildId}` : 'globally'}\n`);
} catch (err) {
  exitWith(discordFailure(err, c.apiBase ?? 'https://discord.com/api'));
}
