// The bot's REST client (client.ts makes every client with it). Requests through an interaction's token
// (a click's answer, a panel or a table edited through the token) go whole to the HTTP thread, whose own
// client (worker.mjs: discord.js's rate-limit rules without its machinery) queues, limits and sends them,
// their JSON bodies crossing as text: Discord does not count them toward the bot's
// global 50 a second, they are most of the bot's requests (1.8 an action at 150 live games), and
// discord.js's work for each (its queue, the token's bucket, an AbortController and a timer, the
// answer's JSON) was a fifth of the event loop, where every click's acknowledgement waits its turn
// (docs/performance.md, 2026-12-07). The others count toward the global limit and keep the event loop's
// limiter (one budget a process, which leases share out: main.ts), sent from the same thread (thread.ts).
import { DefaultRestOptions, REST, type InternalRequest, type RateLimitData, type RequestData, type RESTOptions } from 'discord.js';
import { GlobalBudget, THROUGH_TOKEN, withinBudget } from './global-budget.js';
import type { HttpThread, KeptClicks, ThreadRestOptions } from './thread.js';

const UNREAD = Symbol('unread');

/** A request whose answer its caller never reads (a panel's or a table's edit): the thread does not hand it back. */
export function unread<T extends RequestData>(data: T): T {
  return { ...data, [UNREAD]: true };
}

/** Who hears of the requests through a token: handed to the thread, answered 429, waiting on a rate limit (the metrics). */
export interface TokenWatch {
  sent(url: string): void;
  tooMany?(method: string, url: string, scope: string): void;
  rateLimited?(data: RateLimitData): void;
  kept?(ms: number): void;
}

/** The header of a body sent as its JSON text (passThroughBody). */
export const JSON_BODY = { 'Content-Type': 'application/json' };

/**
 * A request whose JSON body is sent as its text (what discord.js would send): a text crosses to the
 * thread as one copy, where the structured clone copied the body's objects one by one and the thread
 * made them again only to turn them into the same text (a click's panel, about 4 KB of JSON: 61–68 µs
 * in the thread against 1.5). A request with files keeps its body (the files' part).
 */
function asText(options: InternalRequest): InternalRequest {
  if (options.body == null || options.passThroughBody || options.files?.length) return options;
  return { ...options, body: JSON.stringify(options.body), passThroughBody: true, headers: { ...options.headers, ...JSON_BODY } };
}

export class BotREST extends REST {
  /** Requests through a token sent in-process (the thread could not take them): discord.js's client as the thread has it. */
  private local: REST | null = null;
  /** The options the thread's REST client is made with, as JSON: made once, handed with each request (the thread keys its clients by it). */
  private readonly threadOptions: string;
  private watcher: TokenWatch | null = null;

  /**
   * `rejectHere`: whether a rate limit of the request being made now comes back as an error (a lane's: lanes.ts).
   * `options.globalRequestsPerSecond` is the process's global budget, kept as Discord counts it (global-budget.ts).
   */
  constructor(
    options: Partial<RESTOptions>,
    private readonly thread: HttpThread,
    private readonly rejectHere: () => boolean,
    private readonly budget = new GlobalBudget(options.globalRequestsPerSecond ?? DefaultRestOptions.globalRequestsPerSecond),
  ) {
    super(withinBudget(options, budget));
    const { api, version, timeout, retries, userAgentAppendix } = this.options;
    this.threadOptions = JSON.stringify({ api, version, timeout, retries, userAgentAppendix } satisfies ThreadRestOptions);
  }

  override request(options: InternalRequest): Promise<unknown> {
    if (options.auth !== false || !THROUGH_TOKEN.test(options.fullRoute)) return super.request(options);
    this.watcher?.sent(`${this.options.api}/v${this.options.version}${options.fullRoute}`);
    const notRead = (options as { [UNREAD]?: boolean })[UNREAD] === true;
    const whole = asText(options);
    return this.thread.call(this.threadOptions, whole, this.rejectHere(), notRead, () => this.inProcess(whole)) ?? this.inProcess(whole);
  }

  /** The requests a second this process may make toward the bot token's global limit (its share on leases, main.ts). */
  get globalBudget(): number {
    return this.budget.perSecond;
  }

  /** A new global budget for this process: the sliding window and discord.js's own limiter both follow it. */
  setGlobalBudget(perSecond: number): void {
    this.budget.setBudget(perSecond);
    this.options.globalRequestsPerSecond = GlobalBudget.discordJsLimit(perSecond);
  }

  /** The clicks and commands the HTTP thread acknowledges itself, should the event loop not in time (thread.ts `keep`); null: none. */
  keepClicks(clicks: KeptClicks | null): boolean {
    return this.thread.keep(this.threadOptions, clicks);
  }

  /** Tells `w` of the requests through a token (one watcher: the process's metrics). */
  watch(w: TokenWatch): void {
    this.watcher = w;
    const mine = (url: string) => url.startsWith(this.options.api);
    this.thread.watchers.add({
      tooMany: (method, url, scope) => mine(url) && w.tooMany?.(method, url, scope),
      rateLimited: (data) => mine(data.url) && w.rateLimited?.(data),
      kept: (ms) => w.kept?.(ms),
    });
  }

  private inProcess(options: InternalRequest): Promise<unknown> {
    this.local ??= new REST({ ...this.options, globalRequestsPerSecond: 10_000, handlerSweepInterval: 1_000 });
    return this.local.request(options);
  }

  override clearHandlerSweeper(): void {
    super.clearHandlerSweeper();
    this.local?.clearHandlerSweeper();
  }

  override clearHashSweeper(): void {
    super.clearHashSweeper();
    this.local?.clearHashSweeper();
  }
}
