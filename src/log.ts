import pino from 'pino';
import sonicBoom from 'sonic-boom';

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

/** How long an exit may wait for a log reader that does not read (the pipe full) before it gives up the lines left. */
const EXIT_FLUSH_MS = 2_000;
let exitBy = Number.POSITIVE_INFINITY;

/**
 * Standard output, written without holding the event loop: while the process runs a full pipe is
 * waited out (a line beyond 16 MB unwritten is dropped, never the memory); at exit what is left is
 * written for at most EXIT_FLUSH_MS; a reader gone (EPIPE) ends the logging, never the process. An exit
 * never hangs on its log (pino's own writer, sonic-boom 4, retried a broken pipe for ever at exit).
 */
function stdout(): sonicBoom.SonicBoom {
  const out = new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: 16 * 1024 * 1024, retryEAGAIN: () => Date.now() < exitBy });
  out.on('error', () => {
    out.write = () => true;
    out.flushSync = () => {};
  });
  process.on('exit', () => {
    exitBy = Date.now() + EXIT_FLUSH_MS;
    try {
      out.flushSync();
    } catch {
      // The reader is gone or did not read in time: the lines left are lost, the exit code is kept.
    }
  });
  return out;
}

export const logger = pino({ level, ...logOptions }, level === 'silent' ? undefined : stdout());
export type Logger = pino.Logger;
