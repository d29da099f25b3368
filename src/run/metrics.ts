// Prometheus metrics (METRICS_PORT; off when unset, docs/operations.md, Metrics): one registry per
// process, read at each scrape. Nothing below the running layer imports this file: the store is given
// a function for each commit's time (GameStoreOptions.onCommitTime), discord.js a request function
// that times acknowledgements and counts 429s (its `rest.makeRequest`; the HTTP thread tells of those
// through a token: watchClient), and what is counted now (live
// games, pictures, lanes) is read by functions handed to `watch`. With metrics off none of it is made.
import { performance } from 'node:perf_hooks';
import { DefaultRestOptions, SnowflakeUtil, type Client, type RESTOptions } from 'discord.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { BotREST } from '../discord/http/rest.js';
import { queuedPictures } from '../picture/renderer.js';

/** What the outbound lanes are doing (src/discord/outbound/lanes.ts): destinations sending, and held by a 429. */
export interface LaneLoad {
  working: number;
  held: number;
}

/** What is read at each scrape of a bot process. */
export interface Watched {
  /** The games this process drives (the store's live games). */
  liveGames: () => number;
  lanes: () => LaneLoad;
  /** How many times the table pictures' interval is stretched now (src/run/strain.ts). */
  pictureStretch: () => number;
}

type MakeRequest = RESTOptions['makeRequest'];

/** An interaction not acknowledged this long after it arrived is forgotten (it will never be). */
const FORGET_ARRIVAL_MS = 60_000;

/**
 * Discord's path of a request as discord.js buckets it (@discordjs/rest's generateRouteData): ids as
 * `:id`, a webhook's or interaction's token as `:token`; one label per route, not per channel.
 */
export function routeOf(url: string): string {
  const path = new URL(url).pathname.replace(/^.*?\/v\d+(?=\/)/, '');
  if (/^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) return '/interactions/:id/:token/callback';
  return path
    .replace(/^\/webhooks\/(\d+)\/[^/]+/, '/webhooks/$1/:token')
    .replace(/\d{16,20}/g, ':id')
    .replace(/\/reactions\/.*/, '/reactions/:reaction');
}

const CALLBACK = /\/interactions\/(\d+)\/[^/]+\/callback(?:\?|$)/;

export class Metrics {
  readonly registry = new Registry();
  private readonly arrived = new Map<string, number>();
  private readonly commits: Counter;
  private readonly commitSeconds: Histogram;
  private readonly ackSeconds: Histogram;
  private readonly arrivalAge: Histogram;
  private readonly tooMany: Counter<'method' | 'route' | 'scope'>;
  private readonly limited: Counter<'route' | 'global'>;
  private readonly kept: Counter;

  /**
   * `shard`: this process's label (a shard's id, or `manager` for the sharding manager); none for one
   * process. The manager plays no game: it has no commits, acknowledgements or pictures to show.
   */
  constructor(shard?: string) {
    const registers = [this.registry];
    const playing = shard === 'manager' ? [] : registers;
    if (shard !== undefined) this.registry.setDefaultLabels({ shard });
    collectDefaultMetrics({ register: this.registry });
    this.commits = new Counter({ name: 'fengsheng_commits_total', help: 'Actions committed (clicks, timeouts, bot seats)', registers: playing });
    this.commitSeconds = new Histogram({
      name: 'fengsheng_commit_seconds',
      help: "An action's time from submit to committed (its game's queue, apply, the transaction)",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: playing,
    });
    this.ackSeconds = new Histogram({
      name: 'fengsheng_interaction_ack_seconds',
      help: "An interaction's time from its gateway packet reaching the client to its acknowledgement (the callback request) leaving it",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
      registers: playing,
    });
    this.arrivalAge = new Histogram({
      name: 'fengsheng_interaction_age_on_arrival_seconds',
      help:
        "An interaction's age when its gateway packet was read: from Discord making it (its id's time) to the client reading it, " +
        "Discord's delivery and the packets waiting behind the event loop's other work; it grows when the process has more work " +
        'than it can do, where the acknowledgement (fengsheng_interaction_ack_seconds) does not. Clock skew included',
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3],
      registers: playing,
    });
    this.tooMany = new Counter({
      name: 'fengsheng_discord_429_total',
      help: 'Answers 429 (rate limited) from Discord, by method, route and X-RateLimit-Scope (none: no such header, e.g. Cloudflare)',
      labelNames: ['method', 'route', 'scope'],
      registers,
    });
    this.limited = new Counter({
      name: 'fengsheng_discord_rate_limited_total',
      help: 'Requests discord.js held back (waited, or handed back to their lane) because a rate limit was reached, by route',
      labelNames: ['route', 'global'],
      registers,
    });
    this.kept = new Counter({
      name: 'fengsheng_clicks_acknowledged_by_http_thread_total',
      help: 'Clicks (and commands answered privately) the event loop left unanswered for 2 s, acknowledged by the HTTP thread instead (a busy or stalled event loop; the answer follows as an edit)',
      registers: playing,
    });
    let last = performance.eventLoopUtilization();
    new Gauge({
      name: 'fengsheng_event_loop_utilization',
      help: 'Share of time the event loop was busy since the previous scrape (0 to 1)',
      registers,
      collect() {
        const now = performance.eventLoopUtilization();
        this.set(performance.eventLoopUtilization(now, last).utilization);
        last = now;
      },
    });
    let counted = 0;
    new Counter({
      name: 'fengsheng_event_loop_busy_seconds_total',
      help: 'Seconds the event loop was busy since the process started (rate() of it: the utilisation over any window)',
      registers,
      collect() {
        const busy = performance.eventLoopUtilization().active / 1000;
        this.inc(busy - counted);
        counted = busy;
      },
    });
    new Gauge({
      name: 'fengsheng_pictures_queued',
      help: 'Table pictures asked of the drawing threads and not drawn yet',
      registers: playing,
      collect() {
        this.set(queuedPictures());
      },
    });
  }

  /** For the store (GameStoreOptions.onCommitTime): an action committed `ms` after it was submitted. */
  readonly committed = (ms: number): void => {
    this.commits.inc();
    this.commitSeconds.observe(ms / 1000);
  };

  /**
   * discord.js's REST options (the client's, the REST proxy's): every request goes through `next` as
   * before; an interaction's callback leaving is its acknowledgement, and a 429 is counted by its route.
   * (The client's requests through a token are the HTTP thread's: watchClient hears of them.)
   */
  rest(next: MakeRequest = DefaultRestOptions.makeRequest): { makeRequest: MakeRequest } {
    return {
      makeRequest: async (url, init) => {
        this.sent(url);
        const res = await next(url, init);
        if (res.status === 429) this.answered429(init.method ?? 'GET', url, res.headers.get('x-ratelimit-scope') ?? 'none');
        return res;
      },
    };
  }

  /** A request leaving: an interaction's callback is its acknowledgement. */
  private sent(url: string): void {
    const callback = CALLBACK.exec(url);
    const at = callback && this.arrived.get(callback[1]);
    if (!callback || at === undefined || at === null) return;
    this.arrived.delete(callback[1]);
    this.ackSeconds.observe((performance.now() - at) / 1000);
  }

  private answered429(method: string, url: string, scope: string): void {
    this.tooMany.inc({ method, route: routeOf(url), scope });
  }

  /**
   * When each interaction reached the client (its gateway packet), how old it was by then (on
   * `discordNow`, Discord's clock: the host's), and the limits discord.js waits on.
   */
  watchClient(client: Client, discordNow: () => number = Date.now): void {
    client.on('raw', (packet: { t?: string; d?: { id?: string } }) => {
      if (packet.t !== 'INTERACTION_CREATE' || !packet.d?.id) return;
      this.arrivalAge.observe(Math.max(0, discordNow() - SnowflakeUtil.timestampFrom(packet.d.id)) / 1000);
      const now = performance.now();
      // Oldest first (a Map keeps its order): one never acknowledged (an autocomplete) is dropped in time.
      for (const [id, at] of this.arrived) {
        if (now - at < FORGET_ARRIVAL_MS) break;
        this.arrived.delete(id);
      }
      this.arrived.set(packet.d.id, now);
    });
    const limited = (r: { route: string; global: boolean }) => this.limited.inc({ route: r.route, global: String(r.global) });
    client.rest.on('rateLimited', limited);
    // Requests through a token go whole to the HTTP thread (src/discord/http/rest.ts), which tells of them.
    if (client.rest instanceof BotREST) client.rest.watch({ sent: (url) => this.sent(url), tooMany: (method, url, scope) => this.answered429(method, url, scope), rateLimited: limited, kept: () => this.kept.inc() });
  }

  /** What a bot process counts now, read at each scrape. */
  watch(w: Watched): void {
    const registers = [this.registry];
    new Gauge({ name: 'fengsheng_live_games', help: 'Games this process drives (active, in memory)', registers, collect() { this.set(w.liveGames()); } });
    new Gauge({
      name: 'fengsheng_outbound_lanes',
      help: 'Destinations (a table, a channel, a player\'s DMs) with requests to send: working, or held by a rate limit',
      labelNames: ['state'],
      registers,
      collect() {
        const l = w.lanes();
        this.set({ state: 'working' }, l.working);
        this.set({ state: 'held' }, l.held);
      },
    });
    new Gauge({
      name: 'fengsheng_picture_stretch',
      help: 'How many times the table pictures\' interval is stretched now, while the event loop trails (1: not at all)',
      registers,
      collect() {
        this.set(w.pictureStretch());
      },
    });
  }

  /** The leases this process holds (issue 37, leases): one call where they are kept, `held` read at each scrape. */
  leases(held: () => number): void {
    new Gauge({ name: 'fengsheng_leases_held', help: "Shards' leases this process holds", registers: [this.registry], collect() { this.set(held()); } });
  }
}
