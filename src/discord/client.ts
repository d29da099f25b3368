import { Client, GatewayIntentBits, Options, Partials, type ClientOptions } from 'discord.js';
import { Agent } from 'undici';
import { gatewayThread } from './gateway/thread.js';
import { BotREST } from './http/rest.js';
import { httpThread } from './http/thread.js';
import { rejectInLanes } from './outbound/lanes.js';

/**
 * The sockets every REST request of the process shares (both clients, all routes), at most
 * REST_SOCKETS to Discord. Left unbounded, undici opened one more whenever every socket was busy
 * (337 to the stand-in at 90 live games, each with its buffers and HTTP parser; on Discord, a TLS
 * session each). A request waiting out a rate limit waits in discord.js, not on a socket. Of them,
 * FILE_SOCKETS are the event loop's, for requests with files; the rest the HTTP thread's (http/thread.ts).
 */
export const REST_SOCKETS = 32;
const FILE_SOCKETS = 4;
const sockets = new Agent({ connections: FILE_SOCKETS });

/** The process's HTTP thread: it sends Discord's requests (those with files from the event loop), and those through a token whole (http/rest.ts). */
export const http = httpThread(REST_SOCKETS - FILE_SOCKETS);
/** How the process sends Discord's requests: from the HTTP thread, those with files from the event loop. */
export const sendRequest = http.request;

/** Users discord.js keeps (players seen lately), and members a guild keeps: beyond them, the oldest are dropped. */
export const USERS_CACHED = 5_000;
export const MEMBERS_CACHED = 500;

/**
 * Guild events, and the creation of messages (not their content: no privileged intent) so the
 * bot knows when its table has scrolled up. The API base points discord.js at the stand-in in tests.
 * A request the outbound lanes make that Discord would rate-limit comes back to its lane (lanes.ts).
 */
export function clientOptions(apiBase: string | null, rest: ClientOptions['rest'] = {}, shards?: Shards): ClientOptions {
  return {
    // Several shards of a count in one client (SHARD_IDS or the leases: docs/operations.md), each
    // identifying in its turn across every process when `identify` is given (run/identify.ts).
    ...(shards && { shards: [...shards.ids], shardCount: shards.count }),
    ws: { ...shards?.identify, buildStrategy: gatewayThread },
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    partials: [Partials.Channel],
    // discord.js keeps the last 200 messages of every channel by default (each game's channel and its
    // players' DMs: table edits, pings, notices, DMs, some KB each). The bot addresses messages by id
    // and hears of a deletion (the table scrolled back up) from the gateway's packet (bot.ts): it keeps
    // none, and so an edit (MESSAGE_UPDATE, one for each table edit) costs discord.js nothing.
    // discord.js also keeps every user and guild member an interaction brought, for the process's life:
    // every player it ever saw. The bot reads them from each interaction, never from the cache, so the
    // caches are bounded (the oldest dropped first; the bot's own user kept).
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      UserManager: { maxSize: USERS_CACHED, keepOverLimit: (u) => u.id === u.client.user?.id },
      GuildMemberManager: { maxSize: MEMBERS_CACHED, keepOverLimit: (m) => m.id === m.client.user?.id },
    }),
    // discord.js keeps a rate-limit handler per route and major parameter, kept an hour by default. A
    // handler is swept only when idle and not limited (it sends one request at a time, so its bucket is
    // learnt again from the next response); every 10 s keeps those of the last seconds. Those of the
    // requests through a token (one a token: every click's answer) are the HTTP thread's (http/rest.ts).
    rest: { rejectOnRateLimit: rejectInLanes, handlerSweepInterval: 10_000, agent: sockets, makeRequest: sendRequest, ...rest, ...(apiBase ? { api: apiBase } : {}) },
  };
}

/** The gateway shards a client connects: these ids of that count. */
export interface Shards {
  ids: readonly number[];
  count: number;
  /** The identify queue shared across processes (run/identify.ts). */
  identify?: ClientOptions['ws'];
}

/** A client whose REST client is the bot's (http/rest.ts). */
export type BotClient = Client & { rest: BotREST };

/**
 * A client whose REST client is the bot's (http/rest.ts): requests through a token go whole to the HTTP
 * thread, the others within the bot token's global budget as Discord counts it (http/global-budget.ts).
 */
export function createClient(apiBase: string | null, rest: ClientOptions['rest'] = {}, shards?: Shards): BotClient {
  const client = new Client(clientOptions(apiBase, rest, shards));
  client.rest.clearHandlerSweeper();
  client.rest.clearHashSweeper();
  client.rest = new BotREST(client.options.rest!, http, rejectInLanes);
  return client as BotClient;
}
