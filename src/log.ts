import pino from 'pino';

// Tests run silent unless LOG_LEVEL asks otherwise, so a failing test's output is not buried. A level
// pino does not know is left to the configuration's check (config.ts), which refuses it in a sentence.
const asked = process.env.LOG_LEVEL?.trim();
const level = asked && asked in pino.levels.values ? asked : process.env.VITEST ? 'silent' : 'info';

/** The secrets of an interaction's webhook route: its token. */
const TOKEN_IN_ROUTE = /\/(webhooks\/\d+|interactions\/\d+)\/[^/?]+/g;

/**
 * Errors as log lines: the route, status and Discord's code and message, never what was sent. A
 * DiscordAPIError carries the request body (a player's identity, hand or panel) and its URL the
 * interaction's token; neither belongs in a log.
 */
export function safeErr(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  delete out.requestBody;
  if (typeof out.url === 'string') out.url = out.url.replace(TOKEN_IN_ROUTE, '/$1/:token');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(TOKEN_IN_ROUTE, '/$1/:token');
  if (typeof out.message === 'string') out.message = out.message.replace(TOKEN_IN_ROUTE, '/$1/:token');
  return out;
}

export const logOptions: pino.LoggerOptions = { serializers: { err: safeErr } };

export const logger = pino({ level, ...logOptions });
export type Logger = pino.Logger;
