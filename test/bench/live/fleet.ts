// A bot as it runs on an evening: the stand-in with Discord's rate limits (per-route buckets, the
// global 50/s of the bot token, interaction routes exempt; scale 1, so every window is Discord's), the
// bot in a process of its own (bot-process.ts), and games of five scripted people (people.ts), each
// game in a server of its own, as most are. The bench process holds the stand-in, the people and the
// measuring: what the stand-in saw (observer.ts), the committed states read from the bot's database
// (committed.ts) and how far each table trails them (lag.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerCommands } from '../../../src/discord/register.js';
import { randInt, seedRng } from '../../../src/engine/rng.js';
import { startStandIn, type ChannelRecord, type GuildRecord, type StandIn, type UserRecord } from '../../support/discord/index.js';
import { BotProcess } from './bot-process.js';
import { CommittedStates, type TrackedGame } from './committed.js';
import { TableLag } from './lag.js';
import { Observer, type Notifying } from './observer.js';
import { isOver, Table, type PeopleStats, type Random } from './people.js';

/** Reading the log this long after a commit's `at`, the commit is surely in it (its transaction follows at once). */
const READ_MARGIN_MS = 1500;
const POLL_MS = 250;

export interface Slot {
  n: number;
  guild: GuildRecord;
  channel: ChannelRecord;
  users: UserRecord[];
  table: Table;
  /** Date.now() when the lobby was opened, and when 开始 was answered (null: not begun). */
  openedAt: number;
  begunAt: number | null;
  /** When the stand-in first showed the finished table. */
  overAt: number | null;
}

export interface Notified {
  pings: number;
  dms: number;
}

export class Fleet {
  readonly slots = new Map<string, Slot>();
  readonly stats: PeopleStats = { errors: 0, lastError: '' };
  /** Per user: the pings and DMs they were sent. */
  readonly notified = new Map<string, Notified>();
  /** The bot's channel messages that notified someone (pings), for the late-ping check. */
  readonly pings: Notifying[] = [];
  /** Keep this many games live: a finished game is replaced by a new one (null: none). */
  keep: number | null = null;
  failedOpens = 0;
  private next = 0;
  private readonly random: Random;
  private readonly poller: NodeJS.Timeout;
  private replacing = 0;
  /** Called with every game whose log was read further. */
  onCommitted: ((g: TrackedGame) => void) | null = null;

  private constructor(
    readonly discord: StandIn,
    readonly observer: Observer,
    public bot: BotProcess,
    readonly states: CommittedStates,
    readonly lag: TableLag,
    private readonly dir: string,
    private readonly env: Record<string, string>,
    seed: number,
  ) {
    const rng = seedRng(seed);
    this.random = () => randInt(rng, 1_000_000) / 1_000_000;
    observer.onNotifying((n) => {
      for (const u of n.users) {
        let c = this.notified.get(u);
        if (!c) this.notified.set(u, (c = { pings: 0, dms: 0 }));
        if (n.dm) c.dms++;
        else c.pings++;
      }
      if (!n.dm && this.slots.has(n.channelId)) this.pings.push(n);
    });
    this.poller = setInterval(() => this.poll(), POLL_MS);
  }

  /** The stand-in (limits on, as Discord), the commands registered, the bot started and logged in. */
  static async start(seed = 1, nodeArgs: string[] = []): Promise<Fleet> {
    // Discord's limits (always on in the stand-in): per-route buckets and the global 50/s, windows at scale 1.
    const discord = await startStandIn();
    const dir = mkdtempSync(join(tmpdir(), 'fengsheng-live-'));
    try {
      const env = discord.env();
      await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: null, apiBase: env.DISCORD_API_BASE });
      const bot = await BotProcess.start(env, dir, 60_000, nodeArgs);
      return new Fleet(discord, new Observer(discord), bot, new CommittedStates(bot.dbPath), new TableLag(), dir, env, seed);
    } catch (err) {
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** SIGKILLs the bot (as a crash or the OOM killer would) and waits for it to be gone. */
  async kill(): Promise<void> {
    await this.bot.kill();
  }

  /** Starts the bot again on the same database (after `kill`), as systemd's Restart= would; resolves once it logged in. */
  async restart(): Promise<void> {
    this.bot = await BotProcess.start(this.env, this.dir);
  }

  private poll(): void {
    // The bench never looks at pictures: their bytes are not kept (the stand-in would keep every upload).
    this.discord.world.uploads.clear();
    try {
      for (const g of this.states.poll()) {
        this.lag.committed(g);
        this.onCommitted?.(g);
      }
      this.lag.process(this.states.polledAt - READ_MARGIN_MS);
    } catch (err) {
      this.stats.errors++;
      this.stats.lastError = `reading the bot's database: ${(err as Error).message}`;
    }
  }

  /** Games begun and not yet over, as the stand-in shows them. */
  live(): number {
    let n = 0;
    for (const s of this.slots.values()) if (s.begunAt !== null && s.overAt === null) n++;
    return n;
  }

  /**
   * Opens `count` games, `parallel` lobbies at a time, none begun after `deadline` (Date.now()); resolves
   * when each has begun or failed to. Returns how many began.
   */
  async open(count: number, parallel = 12, deadline = Infinity): Promise<number> {
    let left = count;
    let begun = 0;
    await Promise.all(
      Array.from({ length: Math.max(0, Math.min(parallel, count)) }, async () => {
        while (left > 0 && Date.now() < deadline) {
          left--;
          if (await this.openOne()) begun++;
        }
      }),
    );
    return begun;
  }

  /** A new server with a channel and five people; /fengsheng start, four 加入, 开始 (`beforeBegin` just before it). */
  async openOne(beforeBegin?: (slot: Slot) => void): Promise<Slot | null> {
    const n = this.next++;
    const users = Array.from({ length: 5 }, (_, i) => this.discord.createUser({ username: `g${n}p${i}`, locale: 'zh-CN' }));
    const guild = this.discord.createGuild({ name: `风声 ${n}`, members: users, locale: 'zh-CN', channels: ['game'] });
    const channel = this.discord.channel(guild, 'game');
    const table = new Table(this.discord, this.observer, channel, users, this.random, this.stats);
    const slot: Slot = { n, guild, channel, users, table, openedAt: Date.now(), begunAt: null, overAt: null };
    this.slots.set(channel.id, slot);
    this.observer.watchTable(channel.id, (shown) => {
      this.lag.shown(channel.id, shown);
      const m = this.observer.table(channel.id);
      // A game whose 开始 went unanswered may have begun all the same: its table says so.
      if (slot.begunAt === null) {
        slot.begunAt = Date.now();
        table.start();
      }
      if (m && isOver(m) && slot.overAt === null) this.over(slot);
      table.changed();
    });
    try {
      const lobby = await this.observer.response(this.discord.runCommand(users[0], channel, 'fengsheng start', { characters: true }));
      for (const u of users.slice(1)) await this.observer.response(this.discord.click(u, { label: '加入', messageId: lobby.id }));
      beforeBegin?.(slot);
      await this.observer.response(this.discord.click(users[0], { label: '开始', messageId: lobby.id }));
      if (slot.begunAt === null) {
        slot.begunAt = Date.now();
        table.start();
      }
      return slot;
    } catch (err) {
      this.failedOpens++;
      this.stats.lastError = `opening a game: ${(err as Error).message}`;
      return null;
    }
  }

  private over(slot: Slot): void {
    slot.overAt = Date.now();
    slot.table.stop();
    if (this.keep !== null && this.live() + this.replacing < this.keep) {
      this.replacing++;
      void this.openOne().finally(() => this.replacing--);
    }
  }

  /** The game played in a slot, once its log has been read. */
  gameOf(slot: Slot): TrackedGame | undefined {
    return this.states.byChannel.get(slot.channel.id);
  }

  /**
   * Drops what a long run no longer needs, so the bench's own memory stays flat (the soak): games over
   * for more than `afterMs`, with their messages at the stand-in; interactions past Discord's
   * 15-minute token; the stand-in's list of notifications (counted as they came).
   */
  prune(afterMs = 60_000): void {
    const now = Date.now();
    const world = this.discord.world;
    const gone = new Set<string>();
    for (const s of [...this.slots.values()]) {
      if (s.overAt === null || now - s.overAt < afterMs) continue;
      gone.add(s.channel.id);
      this.slots.delete(s.channel.id);
      this.observer.unwatchTable(s.channel.id);
      this.lag.forget(s.channel.id);
      const g = this.gameOf(s);
      if (g) this.states.forget(g);
      for (const u of s.users) {
        this.notified.delete(u.id);
        const dm = world.dmChannelOf(u.id);
        if (dm) gone.add(dm.id);
      }
    }
    for (const [id, m] of world.messages) if (gone.has(m.channelId) || (m.ephemeralFor !== null && now - m.createdAt > 16 * 60_000)) world.messages.delete(id);
    for (const [id, r] of world.interactions) if (now - r.createdAt > 16 * 60_000) world.interactions.delete(id);
    world.notifications.splice(0);
    const recent = this.pings.findIndex((p) => now - p.at < afterMs);
    this.pings.splice(0, recent < 0 ? this.pings.length : recent);
    this.lag.prune(now - 5 * 60_000);
  }

  /** Lets the last reads and table looks in, then merges them (before computing figures). */
  async settle(ms = READ_MARGIN_MS + 2 * POLL_MS): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    this.poll();
  }

  /** Stops the people, the bot (SIGTERM) and the stand-in; removes the database. */
  async close(): Promise<void> {
    this.keep = null;
    for (const s of this.slots.values()) s.table.stop();
    clearInterval(this.poller);
    this.states.close();
    this.observer.close();
    await this.bot.stop(5000);
    await this.discord.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
