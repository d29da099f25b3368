import pino from 'pino';

// Tests run silent unless LOG_LEVEL asks otherwise, so a failing test's output is not buried. A level
// pino does not know is left to the configuration's check (config.ts), which refuses it in a sentence.
const asked = process.env.LOG_LEVEL?.trim();
const level = asked && asked in pino.levels.values ? asked : process.env.VITEST ? 'silent' : 'info';

/** The secrets of an interaction's webhook route: its token. */
const TOKEN_IN_ROUTE = /\/(webhooks\/\d+|interactions\/\d+)\/[^/?]+/g;

/** What drizzle appends to a failed query's message: its parameters (a game's seed, identities, hands). */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

/**
 * Errors as log lines: the route, status and Discord's code and message, never what was sent. A
 * DiscordAPIError carries the request body (a player's identity, hand or panel) and its URL the
 * interaction's token; a failed query (drizzle's DrizzleQueryError) its parameters: the snapshot, a
 * seed, every identity and hand. None of them belongs in a log; the query's text does (no values).
 */
export function safeErr(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  delete out.requestBody;
  delete out.params;
  const original = err instanceof Error ? err.message : '';
  if (QUERY_PARAMS.test(original)) {
    // Wherever the message is repeated (the line's message with its causes, the stack), without the parameters.
    const bare = original.replace(QUERY_PARAMS, '');
    for (const key of ['message', 'stack'] as const) if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(original, bare);
  }
  if (typeof out.url === 'string') out.url = out.url.replace(TOKEN_IN_ROUTE, '/$1/:token');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(TOKEN_IN_ROUTE, '/$1/:token');
  if (typeof out.message === 'string') out.message = out.message.replace(TOKEN_IN_ROUTE, '/$1/:token');
  return out;
}

export const logOptions: pino.LoggerOptions = { serializers: { err: safeErr } };

export const logger = pino({ level, ...logOptions });
export type Logger = pino.Logger;
