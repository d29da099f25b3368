// What the bench sees at the stand-in, from one listener on its world (the stand-in's own waitFor
// re-runs every waiter's check on every change, which does not scale to 1,500 players): each
// interaction from INTERACTION_CREATE leaving to its callback arriving, answers waited for by id, the
// table message of each game's channel as it changes, the bot's notifying messages, and every REST
// request by whether it counts toward the bot token's global limit.
import { performance } from 'node:perf_hooks';
import type { InteractionHandle, InteractionRecord, MessageRecord, SeenMessage, StandIn } from '../../support/discord/index.js';
import { seenResponse } from '../../support/discord/players.js';
import type { WorldChange } from '../../support/discord/model.js';

/** Routes Discord exempts from the global limit: interaction callbacks and interaction-token webhooks. */
const EXEMPT = /^\/(interactions\/|webhooks\/\d+\/[^/]+)/;

/** One component click (or menu choice): when it reached the bot, and how long until its callback came back. */
export interface Click {
  /** Date.now() when the stand-in sent INTERACTION_CREATE. */
  at: number;
  /** ms from INTERACTION_CREATE leaving the stand-in to the callback arriving there; null while unanswered. */
  ackMs: number | null;
  /** Discord's 3-second rule ran out first. */
  failed: boolean;
  /** What was clicked: the button's label, or the menu's (InteractionRecord.label). */
  label: string;
}

/** The table message of a channel as it was at one moment. */
export interface TableShown {
  at: number;
  messageId: string;
  content: string;
  title: string;
  description: string;
}

/** A message of the bot's that notified someone (a ping in a channel, or a DM). */
export interface Notifying {
  at: number;
  channelId: string;
  dm: boolean;
  content: string;
  users: string[];
}

export interface RequestCounts {
  /** Requests that count toward the global 50/s of the bot token. */
  global: number;
  exempt: number;
  /** Answers 401, 403 and 429: what Discord counts toward its invalid-request ban. */
  invalid: number;
  status429: number;
}

type Waiter = () => void;

export class Observer {
  readonly clicks: Click[] = [];
  readonly counts: RequestCounts = { global: 0, exempt: 0, invalid: 0, status429: 0 };
  /** Every 429 the stand-in answered: when, and to which request. */
  readonly limited: { at: number; method: string; path: string }[] = [];
  /** Requests that count toward the global limit, by method and route (ids written :id). */
  readonly routes = new Map<string, number>();
  /** Requests that count toward the global limit, by the channel in their path (/channels/:id/…). */
  readonly byChannel = new Map<string, number>();
  /** Answers 401, 403 and 429 by status, method and route (ids written :id): what they were, when a run has any. */
  readonly invalidRoutes = new Map<string, number>();
  private readonly pending = new Map<string, { click: Click; t0: number }>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly byMessage = new Map<string, Set<string>>();
  /** Channel id → the newest table message seen there. */
  private readonly tables = new Map<string, string>();
  private readonly tableListeners = new Map<string, (shown: TableShown) => void>();
  private readonly messageListeners = new Map<string, () => void>();
  private notifyListener: ((n: Notifying) => void) | null = null;
  private readonly listener = (c: WorldChange) => this.changed(c);

  constructor(readonly discord: StandIn) {
    discord.world.events.on('change', this.listener);
  }

  close(): void {
    this.discord.world.events.off('change', this.listener);
  }

  /** Calls `fn` with every new look of the table message in `channelId`. */
  watchTable(channelId: string, fn: (shown: TableShown) => void): void {
    this.tableListeners.set(channelId, fn);
  }

  unwatchTable(channelId: string): void {
    this.tableListeners.delete(channelId);
    this.tables.delete(channelId);
  }

  /** The table message of a channel now, as its players see it. */
  table(channelId: string): MessageRecord | undefined {
    const id = this.tables.get(channelId);
    return id === undefined ? undefined : this.discord.world.messages.get(id);
  }

  /** Calls `fn` whenever message `id` changes (a player's panel). */
  watchMessage(id: string, fn: () => void): void {
    this.messageListeners.set(id, fn);
  }

  unwatchMessage(id: string): void {
    this.messageListeners.delete(id);
  }

  onNotifying(fn: (n: Notifying) => void): void {
    this.notifyListener = fn;
  }

  /** The answer to an interaction as its user sees it (InteractionHandle.response's rule), without a waiter per change. */
  response(handle: InteractionHandle, timeoutMs = 60_000): Promise<SeenMessage> {
    const r = handle.record;
    const world = this.discord.world;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no answer to ${r.label} within ${timeoutMs} ms`)), timeoutMs);
      const done = (err: Error | null, seen?: SeenMessage) => {
        clearTimeout(timer);
        this.waiters.delete(r.id);
        if (r.originalMessageId) this.byMessage.get(r.originalMessageId)?.delete(r.id);
        if (err) reject(err);
        else resolve(seen!);
      };
      const check = () => {
        if (r.state === 'acknowledged' && r.originalMessageId) {
          let set = this.byMessage.get(r.originalMessageId);
          if (!set) this.byMessage.set(r.originalMessageId, (set = new Set()));
          set.add(r.id);
        }
        let seen: SeenMessage | undefined;
        try {
          seen = seenResponse(world, r);
        } catch (err) {
          return done(err as Error);
        }
        if (seen) done(null, seen);
      };
      this.waiters.set(r.id, check);
      check();
    });
  }

  private changed(c: WorldChange): void {
    if (c.kind === 'request') return this.request(c.entry.method, c.entry.path, c.entry.status);
    if (c.kind === 'interaction') return this.interaction(c.id, c.state);
    if (c.kind === 'message') this.message(c.id, c.op);
  }

  private request(method: string, path: string, status: number): void {
    // A route with its ids written :id (built only for what is counted or refused: most requests are exempt clicks' answers).
    const route = () => `${method} ${path.replace(/\d{5,}/g, ':id')}`;
    if (EXEMPT.test(path)) this.counts.exempt++;
    else {
      this.counts.global++;
      const r = route();
      this.routes.set(r, (this.routes.get(r) ?? 0) + 1);
      const channel = /^\/channels\/(\d+)/.exec(path)?.[1];
      if (channel) this.byChannel.set(channel, (this.byChannel.get(channel) ?? 0) + 1);
    }
    if (status === 401 || status === 403 || status === 429) {
      this.counts.invalid++;
      const key = `${status} ${route().replace(/\/(webhooks|interactions)\/:id\/[^/]+/, '/$1/:id/:token')}`;
      this.invalidRoutes.set(key, (this.invalidRoutes.get(key) ?? 0) + 1);
    }
    if (status === 429) {
      this.counts.status429++;
      this.limited.push({ at: Date.now(), method, path });
    }
  }

  private interaction(id: string, state: InteractionRecord['state']): void {
    const r = this.discord.world.interactions.get(id);
    if (r && r.type === 3) {
      if (state === 'pending') {
        const click: Click = { at: Date.now(), ackMs: null, failed: false, label: r.label };
        this.clicks.push(click);
        this.pending.set(id, { click, t0: performance.now() });
      } else {
        const p = this.pending.get(id);
        if (p) {
          this.pending.delete(id);
          if (state === 'acknowledged') p.click.ackMs = performance.now() - p.t0;
          else p.click.failed = true;
        }
      }
    }
    this.waiters.get(id)?.();
  }

  private message(id: string, op: 'create' | 'update' | 'delete'): void {
    const m = this.discord.world.messages.get(id);
    if (!m) return;
    const interested = this.byMessage.get(id);
    if (interested) for (const w of [...interested]) this.waiters.get(w)?.();
    // A follow-up answers the interaction it follows (looked at once the stand-in has filed it as one).
    const follows = op === 'create' ? m.interaction?.id : undefined;
    if (follows) queueMicrotask(() => this.waiters.get(follows)?.());
    this.messageListeners.get(id)?.();
    if (op === 'create' && m.notified.length && m.authorId === this.discord.world.bot.id) {
      const dm = this.discord.world.channels.get(m.channelId)?.kind === 'dm';
      this.notifyListener?.({ at: Date.now(), channelId: m.channelId, dm, content: m.content, users: [...m.notified] });
    }
    const listener = this.tableListeners.get(m.channelId);
    if (!listener || op === 'delete' || m.authorId !== this.discord.world.bot.id || m.ephemeralFor !== null) return;
    const title = m.embeds[0]?.title ?? '';
    if (!title.startsWith('风声 ·') || title.includes('大厅')) return;
    const current = this.tables.get(m.channelId);
    if (current !== undefined && BigInt(current) > BigInt(id)) return;
    this.tables.set(m.channelId, id);
    listener({ at: Date.now(), messageId: id, content: m.content, title, description: m.embeds[0]?.description ?? '' });
  }
}
