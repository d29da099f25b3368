// Why the bot (or one of its commands) stopped at start-up: one sentence on stderr and in the log, and an
// exit code per cause. The whole table is README.md's "Exit codes"; the database's own (2–7) are in
// store/errors.ts.
import { DiscordAPIError, DiscordjsError, DiscordjsErrorCodes } from 'discord.js';
import type { Logger } from '../log.js';
import { StoreOpenError } from '../store/errors.js';
import { ConfigError, readConfig, type BotConfig } from '../config.js';

export const EXIT = {
  /** A variable of .env is missing or wrong (config.ts). */
  config: 1,
  /** Discord refused the token (401). */
  tokenRejected: 8,
  /** Discord could not be reached (network, DNS, DISCORD_API_BASE). */
  unreachable: 9,
  /** Discord refused anything else (an intent not allowed, a server the bot is not in). */
  refused: 10,
  /** Another process took over a shard this one drove (its lease was not renewed in time: docs/operations.md). */
  leaseLost: 11,
} as const;

/** Network failures that mean "Discord is not there", as Node's fetch and sockets name them. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

function networkCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    if ((e as Error).name === 'AbortError' || (e as Error).name === 'TimeoutError') return 'timeout';
  }
  return null;
}

export interface StartupFailure {
  exitCode: number;
  sentence: string;
}

/** What went wrong talking to Discord at start-up (login, command registration), as one sentence; `where` is the API's base. */
export function discordFailure(err: unknown, where: string): StartupFailure {
  if ((err instanceof DiscordjsError && err.code === DiscordjsErrorCodes.TokenInvalid) || (err instanceof DiscordAPIError && err.status === 401))
    return {
      exitCode: EXIT.tokenRejected,
      sentence: 'Discord rejected DISCORD_TOKEN: reset the token (Developer Portal → your application → Bot → Reset Token) and put the new one in .env.',
    };
  const net = networkCode(err);
  if (net) return { exitCode: EXIT.unreachable, sentence: `Discord cannot be reached at ${where} (${net}): check this machine's network${where.startsWith('https://discord.com') ? '' : ' and DISCORD_API_BASE'}.` };
  if (err instanceof DiscordjsError && err.code === DiscordjsErrorCodes.DisallowedIntents)
    return { exitCode: EXIT.refused, sentence: 'Discord refused the gateway intents the bot asks for (Guilds, GuildMessages): check the bot under Developer Portal → Bot.' };
  if (err instanceof DiscordAPIError)
    return { exitCode: EXIT.refused, sentence: `Discord refused ${err.method.toUpperCase()} ${new URL(err.url).pathname} (${err.status} ${err.message}).` };
  return { exitCode: EXIT.refused, sentence: `Logging in to Discord failed: ${err instanceof Error ? err.message : String(err)}.` };
}

/** The failure of a configuration or a database refused at start-up; null for anything else (a bug: let it be thrown). */
export function startupFailure(err: unknown): StartupFailure | null {
  if (err instanceof ConfigError) return { exitCode: EXIT.config, sentence: err.message };
  if (err instanceof StoreOpenError) return { exitCode: err.exitCode, sentence: err.message };
  return null;
}

/** Says why, once on stderr and once in the log, and exits with the cause's code. */
export function exitWith(f: StartupFailure, log?: Logger, fields: Record<string, unknown> = {}): never {
  log?.fatal({ ...fields, exitCode: f.exitCode }, f.sentence);
  process.stderr.write(`${f.sentence}\n`);
  process.exit(f.exitCode);
}

/** The configuration, or its sentences on stderr and exit 1. */
export function readConfigOrExit(): BotConfig {
  try {
    return readConfig();
  } catch (err) {
    const f = startupFailure(err);
    if (f) exitWith(f);
    throw err;
  }
}
