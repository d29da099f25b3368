// One budget for every shard process of the bot on this machine. Discord allows a bot token 50
// requests a second in all, but each discord.js client keeps its own count: four shard processes
// would each spend 50 and draw 429s, and 10,000 of those in 10 minutes get the bot banned for a
// while. So the sharding manager runs @discordjs/proxy, made for this, and points its shards at it
// (DISCORD_API_BASE): one discord.js REST client, in this process, keeps every bucket and the
// global count for all of them. It never waits on a limit itself: a request Discord would refuse is
// answered 429 with its Retry-After at once, without reaching Discord, so the shard that made it
// waits (or, in its outbound lanes, drops what went stale meanwhile) and nobody else's request is
// held behind it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
// The REST class the proxy itself imports (the ESM build): its RateLimitError is the one it recognises.
import { DefaultRestOptions, REST, type RESTOptions } from '@discordjs/rest';
import { GlobalBudget, withinBudget } from '../discord/http/global-budget.js';
import type { Logger } from '../log.js';

export interface RestProxy {
  /** What the shards use as DISCORD_API_BASE. */
  url: string;
  close(): Promise<void>;
}

/** `options`: more REST options (the metrics' request function, run/metrics.ts). */
export async function startRestProxy(apiBase: string | null, log: Logger, options: Partial<RESTOptions> = {}): Promise<RestProxy> {
  // Idle rate-limit handlers swept every 10 s, as the shards' own (discord/client.ts): one per interaction token.
  // The token's global budget kept as Discord counts it, on arrival (discord/http/global-budget.ts).
  const budget = new GlobalBudget(DefaultRestOptions.globalRequestsPerSecond);
  const rest = new REST(withinBudget({ ...options, ...(apiBase ? { api: apiBase } : {}), rejectOnRateLimit: () => true, handlerSweepInterval: 10_000 }, budget));
  const handle = proxyRequests(rest);
  const server = createServer((req, res) => {
    Promise.resolve(handle(req, res)).catch((err: unknown) => {
      // A network failure towards Discord: the shard's client sees a 502 and retries as for Discord's own.
      log.warn({ err, method: req.method }, 'the REST proxy could not reach Discord');
      if (res.writableEnded) return;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: '502: Bad Gateway', code: 0 }));
    });
  });
  // Only the shard processes of this machine talk to it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
