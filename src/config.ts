// The bot's configuration, from the environment (.env is read by main.ts). See .env.example.
import { databasePath } from './store/config.js';

export interface BotConfig {
  token: string;
  applicationId: string;
  devGuildId: string | null;
  databasePath: string;
  logLevel: string;
  /** Base URL of Discord's API; null for the real Discord. */
  apiBase: string | null;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BotConfig {
  const token = env.DISCORD_TOKEN?.trim() ?? '';
  if (!token)
    throw new ConfigError(
      'DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there ' +
        '(Discord Developer Portal → your application → Bot → Reset Token).',
    );
  const applicationId = env.DISCORD_APPLICATION_ID?.trim() ?? '';
  if (!applicationId)
    throw new ConfigError(
      'DISCORD_APPLICATION_ID is not set. Put it in .env (Developer Portal → your application → General Information → Application ID).',
    );
  return {
    token,
    applicationId,
    devGuildId: env.DISCORD_DEV_GUILD_ID?.trim() || null,
    databasePath: databasePath(env),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    apiBase: env.DISCORD_API_BASE?.trim().replace(/\/+$/, '') || null,
  };
}
