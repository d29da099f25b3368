// Open 我的信息 panels that update themselves: the newest interaction that showed a player their
// panel lets the bot edit it through its token (Discord keeps a token 15 minutes). After a commit
// every open panel of the game is rendered again (unless its key says it shows what it showed: a
// player asked nothing, handlers/game.ts panelKey) and edited only where it changed, one edit in
// flight per player. An edit that brings or takes away a decision's buttons goes out after the
// commit's table edit has been handed to discord.js (next turn of the event loop), but never waits
// for the table edit to finish: a panel must not sit behind the table's once-a-second pace. An edit
// of words alone (others' moves) waits a second from the panel's last one, as the table's do.
// What edits a panel is stored with its seat (table-prefs.ts StoredPanel): a panel opened before a
// restart keeps updating after it. Before its token runs out, a panel says it stops updating and
// offers 我的信息, which opens a fresh one.
import { hash } from 'node:crypto';
import { DiscordAPIError, MessageFlags, Routes, type REST, type ButtonInteraction, type ChatInputCommandInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameState } from '../../engine/index.js';
import type { Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { StoredPanel, TimerHost } from '../../store/index.js';
import { TOGGLES, type PanelBody, type PanelFocus } from '../render/panel.js';
import { decodeId } from '../custom-id.js';
import { JSON_BODY, unread } from '../http/rest.js';
import { updatedPublic } from '../reply.js';
import { TOKEN_GONE, TOKEN_MARGIN_MS, TOKEN_MS, tokenFresh } from './tokens.js';

/** A panel's newer token is stored only once the stored one for its message is this old. */
const STORE_AGAIN_MS = 5 * 60_000;
/** Where an interaction's panel is: its original message, or (null) a follow-up not yet posted, for a click on the table. */
const panelMessage = (i: PanelInteraction): string | null => (updatedPublic(i) ? null : '@original');
const TOGGLE_VERBS: ReadonlySet<string> = new Set(TOGGLES);

/**
 * The decision a panel's buttons and menus answer: their custom ids but the player's own toggles'
 * (render/panel.ts TOGGLES), in order. A panel whose decision did not change shows words that may
 * wait their turn.
 */
function decisionOf(body: PanelBody): string {
  const ids: string[] = [];
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) for (const x of o) walk(x);
    else if (o && typeof o === 'object') {
      const id = (o as { custom_id?: unknown }).custom_id;
      const verb = typeof id === 'string' ? decodeId(id)?.verb : undefined;
      if (verb !== undefined && !TOGGLE_VERBS.has(verb)) ids.push(id as string);
      for (const x of Object.values(o)) if (typeof x === 'object') walk(x);
    }
  };
  walk(body.components ?? null);
  return ids.join(' ');
}

/** What a panel shows, as a digest of its JSON: an open panel keeps 28 bytes of it, not 2–4 KB. */
const digestOf = (json: string): string => hash('sha1', json, 'base64');
const digest = (body: unknown): string => digestOf(JSON.stringify(body));

export type PanelInteraction = ButtonInteraction | StringSelectMenuInteraction | ChatInputCommandInteraction;

interface OpenPanel {
  gameId: number;
  seat: number;
  /** What of the interaction edits the panel (the interaction itself is not kept: a panel lives 15 minutes). */
  hook: { applicationId: string; token: string };
  /**
   * The panel's message among the interaction's: its original message (a private panel's click, a
   * command), or its private follow-up (a click on the table); null until that follow-up is posted.
   */
  message: string | null;
  /** The panel this one replaces once its follow-up is posted: kept if the click shows no panel after all. */
  replaces?: OpenPanel;
  /** When the interaction was made (the token's age counts from then). */
  since: number;
  locale: Locale;
  focus?: PanelFocus;
  /** The decision the focus was made for: a new decision drops it. */
  focusOpened?: number;
  /** What the panel shows now (digest), to skip edits that change nothing. */
  shown: string | null;
  /** The key (`keyOf`) of what it shows, when it was known as it was shown: an unchanged key is not rendered again. */
  shownKey: string | null;
  /** A click of the owner's is being answered through this panel: its handler edits it. */
  busy: boolean;
  dirty: boolean;
  /** When the oldest change the panel does not show yet was committed (performance.now()). */
  dirtySince: number;
  /**
   * The game is over: the panel's last words (rendered at the last commit, while the game's session is
   * still kept: how the player did), shown by this refresh, after which the panel is forgotten.
   */
  final?: PanelBody | null;
  flushing: boolean;
  /** The panel's message id when known (a click on the panel, a posted follow-up): a newer token for it need not be stored at once. */
  where: string | null;
  /** Whether what edits this panel is stored (persist). */
  stored?: boolean;
  /** The timer that closes the panel before its token runs out. */
  closing?: unknown;
  /** The decision its buttons and menus answered as last shown (decisionOf): a refresh that changes it goes at once. */
  shownControls: string | null;
  /** The game's open decision (the version it opened at) when the panel was last shown, and at the newest change. */
  shownOpened?: number | null;
  changedOpened?: number | null;
  /** When the panel was last shown or edited (performance.now(), as the table's pace): a refresh of words alone waits `everyMs` from then. */
  editedAt: number;
  /** A refresh of words alone waiting its turn (wall clock, as the table's pace): its timer, and the end of its wait in `work`. */
  pacing?: { timer: NodeJS.Timeout; done: () => void };
}

export interface PanelsOptions {
  log: Logger;
  now: () => number;
  /** The panel as it should read now (or at `state`, the game's last); null when the seat has nothing to show (the game is gone). */
  render: (gameId: number, seat: number, locale: Locale, focus?: PanelFocus, state?: GameState) => PanelBody | null;
  /** A short key of what the panel would show now, where one is cheaply known (handlers/game.ts panelKey); null: render it. */
  keyOf: (gameId: number, seat: number, locale: Locale, focus?: PanelFocus) => string | null;
  /** Where panel edits go: interaction webhooks, outside the bot's global request limit, sent whole by the HTTP thread (http/rest.ts). */
  rest: REST;
  onRefresh?: (ms: number) => void;
  /** The panel that says it stops updating, with 我的信息 to open a new one. */
  closed: (gameId: number, locale: Locale) => PanelBody;
  /** Stores what edits a seat's panel (null: none), so a restart keeps it (table-prefs.ts). */
  persist: (gameId: number, seat: number, panel: StoredPanel | null) => void;
  /** The bot's timers (tests move their clock): a panel closes a little before its token runs out. */
  timers: TimerHost;
  /**
   * Least ms between two edits of one panel that change only its words (others' moves, who has
   * passed), as the table's edits; an edit that changes its buttons goes at once. 0: at once (tests).
   */
  everyMs: number;
}

const key = (gameId: number, seat: number) => `${gameId}:${seat}`;

/**
 * A panel before the bot has shown it. Every field is there from the start, in one order: V8 gives all
 * panels one shape (fields added later, in the order each panel met them, had made a shape of many and
 * about 3 KB of V8's descriptors a live game in heap snapshots, and the refresher's reads polymorphic).
 */
function fresh(o: Pick<OpenPanel, 'gameId' | 'seat' | 'hook' | 'message' | 'where' | 'since' | 'locale' | 'busy' | 'replaces'>): OpenPanel {
  return {
    gameId: o.gameId,
    seat: o.seat,
    hook: o.hook,
    message: o.message,
    replaces: o.replaces,
    since: o.since,
    locale: o.locale,
    focus: undefined,
    focusOpened: undefined,
    shown: null,
    shownKey: null,
    busy: o.busy,
    dirty: false,
    dirtySince: 0,
    final: undefined,
    flushing: false,
    where: o.where,
    stored: undefined,
    closing: undefined,
    shownControls: null,
    shownOpened: undefined,
    changedOpened: undefined,
    editedAt: Number.NEGATIVE_INFINITY,
    pacing: undefined,
  };
}

export class Panels {
  private readonly open = new Map<string, OpenPanel>();
  private readonly byGame = new Map<number, Set<string>>();
  private readonly work = new Set<Promise<void>>();
  /** Per seat: the panel stored last (its message id, when, its language). */
  private readonly kept = new Map<string, { where: string | null; since: number; locale: Locale }>();

  constructor(private readonly o: PanelsOptions) {}

  /** A click or command of the owner's is about to show their panel through `interaction`. */
  claim(gameId: number, seat: number, interaction: PanelInteraction, locale: Locale): void {
    const k = key(gameId, seat);
    // A refresh still running on an older interaction finds itself replaced and stops (drop()).
    const message = panelMessage(interaction);
    const replaces = message === null ? this.open.get(k) : undefined;
    const hook = { applicationId: interaction.applicationId, token: interaction.token };
    const where = 'message' in interaction && interaction.message.flags.has(MessageFlags.Ephemeral) ? interaction.message.id : null;
    this.register(fresh({ gameId, seat, hook, message, where, replaces, since: this.o.now(), locale, busy: true }));
  }

  /**
   * Shows the clicker their own panel through their interaction's token: it goes out at once, not
   * behind DMs in the bot's global 50 requests a second (sent whole by the HTTP thread: http/rest.ts).
   * A click on the table gets its panel as a private follow-up, edited from then on.
   */
  async answer(gameId: number, seat: number, i: PanelInteraction, body: PanelBody): Promise<void> {
    const p = this.open.get(key(gameId, seat));
    const mine = p?.hook.token === i.token ? p : undefined;
    const message = mine ? mine.message : panelMessage(i);
    if (message !== null) return void (await this.o.rest.patch(Routes.webhookMessage(i.applicationId, i.token, message), unread({ body, auth: false })));
    const posted = (await this.o.rest.post(Routes.webhook(i.applicationId, i.token), {
      body: { ...body, flags: MessageFlags.Ephemeral },
      // Without wait, Discord answers 204 and the follow-up's id is unknown.
      query: new URLSearchParams({ wait: 'true' }),
      auth: false,
    })) as { id: string };
    if (!mine) return;
    mine.message = posted.id;
    mine.where = posted.id;
    if (mine.replaces) this.stopClosing(mine.replaces);
    mine.replaces = undefined;
  }

  /** The owner's handler showed `body` (with `focus`, made for the decision `opened`; its `keyOf` key, or null). */
  shown(gameId: number, seat: number, body: PanelBody, focus: PanelFocus | undefined, opened: number, shownKey: string | null = null): void {
    const p = this.open.get(key(gameId, seat));
    if (!p) return;
    this.keep(p);
    p.shown = digest(body);
    p.shownKey = shownKey;
    p.shownControls = decisionOf(body);
    p.shownOpened = opened;
    p.editedAt = performance.now();
    p.focus = focus;
    p.focusOpened = opened;
    p.busy = false;
    // What the handler showed is the newest state: changes made before it are shown.
    if (p.dirty) p.dirtySince = performance.now();
    if (p.dirty) this.schedule(p);
  }

  /**
   * The handler is done: the panel is the refresher's again. A click on the table that showed no
   * panel after all (only an explanation) leaves the seat's earlier panel in place.
   */
  release(gameId: number, seat: number): void {
    let p = this.open.get(key(gameId, seat));
    if (!p) return;
    if (p.message === null && p.replaces) {
      const dirty = p.dirty;
      p = p.replaces;
      this.open.set(key(gameId, seat), p);
      p.dirty ||= dirty;
    } else if (p.message === null) return this.drop(p);
    p.busy = false;
    if (p.dirty) this.schedule(p);
  }

  /**
   * A panel stored before a restart whose token still lasts: edited from now on as if just shown
   * (what it shows is not known, so the next refresh edits it).
   */
  restore(gameId: number, seat: number, s: StoredPanel): void {
    const k = key(gameId, seat);
    if (this.open.has(k) || !tokenFresh(s.since, this.o.now())) return;
    const p = fresh({ gameId, seat, hook: { applicationId: s.applicationId, token: s.token }, message: s.message, where: null, since: s.since, locale: s.locale as Locale, busy: false, replaces: undefined });
    this.register(p);
    this.keep(p);
  }

  /** The seat's panel is `p` from now on. */
  private register(p: OpenPanel): void {
    const k = key(p.gameId, p.seat);
    // The panel it replaces is edited no more (unless kept to come back: `replaces`): its closing timer
    // would keep it, and what it showed, in memory for up to 14 minutes after each click.
    const old = this.open.get(k);
    if (old && old !== p.replaces) this.stopClosing(old);
    this.open.set(k, p);
    let set = this.byGame.get(p.gameId);
    if (!set) this.byGame.set(p.gameId, (set = new Set()));
    set.add(k);
  }

  /**
   * Stores what edits the panel (once its message is known) and times its closing before the token
   * runs out. Each click on a panel brings a new token for the same message: one stored less than
   * STORE_AGAIN_MS ago for that message still edits it for ten minutes after a restart, so most
   * clicks write nothing.
   */
  private keep(p: OpenPanel): void {
    if (p.message === null || p.stored) return;
    const k = key(p.gameId, p.seat);
    const last = this.kept.get(k);
    const now = this.o.now();
    const recent = last !== undefined && p.where !== null && last.where === p.where && now - last.since < STORE_AGAIN_MS && last.locale === p.locale;
    if (!recent) {
      this.o.persist(p.gameId, p.seat, { applicationId: p.hook.applicationId, token: p.hook.token, message: p.message, since: p.since, locale: p.locale });
      this.kept.set(k, { where: p.where, since: p.since, locale: p.locale });
    }
    p.stored = true;
    if (p.closing !== undefined) this.o.timers.clearTimeout(p.closing);
    p.closing = this.o.timers.setTimeout(() => this.close(p), Math.max(0, p.since + TOKEN_MS - TOKEN_MARGIN_MS - now));
  }

  /** The panel's token is about to run out: it says it stops updating and offers 我的信息; then it is forgotten. */
  private close(p: OpenPanel): void {
    if (this.open.get(key(p.gameId, p.seat)) !== p || p.message === null) return;
    this.drop(p);
    const w = this.o.rest
      .patch(Routes.webhookMessage(p.hook.applicationId, p.hook.token, p.message), { body: this.o.closed(p.gameId, p.locale), auth: false })
      .then(
        () => undefined,
        (err: unknown) => this.o.log.warn({ gameId: p.gameId, seat: p.seat, code: err instanceof DiscordAPIError ? err.code : undefined }, 'a panel could not be closed'),
      );
    this.work.add(w);
    void w.finally(() => this.work.delete(w));
  }

  /** Whether the seat has a panel the bot can still edit. */
  fresh(gameId: number, seat: number): boolean {
    return this.lastSeen(gameId, seat) !== null;
  }

  /**
   * When the seat's player last clicked or asked for their panel, if the bot can still edit it: a
   * player who did so lately is taken to be looking at it (pings.ts), and sees a new decision there.
   */
  lastSeen(gameId: number, seat: number): number | null {
    const p = this.open.get(key(gameId, seat));
    return p && tokenFresh(p.since, this.o.now()) ? p.since : null;
  }

  /** A commit of this game: every open panel is brought up to date (a last time when it finished: `final`, its last state). */
  changed(gameId: number, opened: number | null, final?: GameState): void {
    const now = performance.now();
    for (const k of this.byGame.get(gameId) ?? []) {
      const p = this.open.get(k)!;
      if (opened !== p.focusOpened) p.focus = undefined;
      p.changedOpened = opened;
      if (!p.dirty) p.dirtySince = now;
      p.dirty = true;
      if (final) p.final = this.o.render(gameId, p.seat, p.locale, undefined, final);
      if (!p.busy) this.schedule(p);
    }
  }

  private schedule(p: OpenPanel): void {
    if (p.flushing) return;
    p.flushing = true;
    const w = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush(p));
    this.work.add(w);
    void w.finally(() => this.work.delete(w));
  }

  get busy(): boolean {
    return this.work.size > 0;
  }

  async idle(): Promise<void> {
    while (this.work.size) await Promise.allSettled([...this.work]);
  }

  private async flush(p: OpenPanel): Promise<void> {
    try {
      while (p.dirty && !p.busy && this.open.get(key(p.gameId, p.seat)) === p) {
        p.dirty = false;
        const since = p.dirtySince;
        if (!this.fresh(p.gameId, p.seat)) return this.drop(p);
        // The decision shown is still the open one (others passed, the log moved on): words alone, drawn
        // once a second after the first change not shown (and the panel's last edit), however many
        // commits came meanwhile; most change nothing a panel shows.
        const opened = p.changedOpened;
        const due = Math.max(p.editedAt, since) + this.o.everyMs - performance.now();
        if (p.final === undefined && opened !== undefined && opened === p.shownOpened && due > 0) {
          p.dirty = true;
          return this.pace(p, due);
        }
        // Most commits change nothing a panel that asks nothing shows: its key says so without rendering it.
        const keyNow = p.final === undefined ? this.o.keyOf(p.gameId, p.seat, p.locale, p.focus) : null;
        if (keyNow !== null && keyNow === p.shownKey) {
          p.shownOpened = opened;
          continue;
        }
        const body = p.final !== undefined ? p.final : this.o.render(p.gameId, p.seat, p.locale, p.focus);
        if (!body) return this.drop(p);
        const json = JSON.stringify(body);
        const text = digestOf(json);
        if (text === p.shown) {
          p.shownKey = keyNow;
          p.shownOpened = opened;
          continue;
        }
        // Words alone (another player passed, the log moved on) wait their turn; a decision's buttons come and go at once.
        const controls = decisionOf(body);
        const wait = controls === p.shownControls && p.final === undefined ? p.editedAt + this.o.everyMs - performance.now() : 0;
        if (wait > 0) {
          p.dirty = true;
          return this.pace(p, wait);
        }
        this.stopPacing(p);
        try {
          if (p.message === null) return;
          p.editedAt = performance.now();
          // The JSON its digest was taken of is what is sent (not written again).
          await this.o.rest.patch(Routes.webhookMessage(p.hook.applicationId, p.hook.token, p.message), unread({ body: json, passThroughBody: true, headers: JSON_BODY, auth: false }));
          p.shown = text;
          p.shownKey = keyNow;
          p.shownControls = controls;
          p.shownOpened = opened;
          this.o.onRefresh?.(performance.now() - since);
        } catch (err) {
          if (err instanceof DiscordAPIError && TOKEN_GONE.has(Number(err.code))) return this.drop(p);
          this.o.log.warn({ gameId: p.gameId, seat: p.seat, code: err instanceof DiscordAPIError ? err.code : undefined }, 'a panel refresh failed');
          return;
        }
      }
    } finally {
      p.flushing = false;
      if (p.final !== undefined) this.drop(p);
    }
  }

  /**
   * The panel's words are refreshed `ms` from now (a change of its buttons meanwhile goes at once). The
   * wait is work: the bot is not idle while a refresh waits its turn.
   */
  private pace(p: OpenPanel, ms: number): void {
    if (p.pacing !== undefined) return;
    let done = (): void => undefined;
    const w = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(() => {
      p.pacing = undefined;
      if (this.open.get(key(p.gameId, p.seat)) === p && p.dirty && !p.busy) this.schedule(p);
      done();
    }, ms);
    p.pacing = { timer, done };
    this.work.add(w);
    void w.finally(() => this.work.delete(w));
  }

  private stopPacing(p: OpenPanel): void {
    if (p.pacing === undefined) return;
    clearTimeout(p.pacing.timer);
    p.pacing.done();
    p.pacing = undefined;
  }

  private drop(p: OpenPanel): void {
    const k = key(p.gameId, p.seat);
    if (this.open.get(k) !== p) return;
    this.open.delete(k);
    this.byGame.get(p.gameId)?.delete(k);
    this.unkeep(p);
  }

  private stopClosing(p: OpenPanel): void {
    if (p.closing !== undefined) this.o.timers.clearTimeout(p.closing);
    p.closing = undefined;
    this.stopPacing(p);
  }

  /** The panel is no longer edited: its closing timer stops, and what was stored for it goes. */
  private unkeep(p: OpenPanel): void {
    this.stopClosing(p);
    if (!p.stored) return;
    p.stored = false;
    this.kept.delete(key(p.gameId, p.seat));
    this.o.persist(p.gameId, p.seat, null);
  }

  /** The seat's panel cannot be edited through its interaction any more. */
  forgetSeat(gameId: number, seat: number): void {
    const p = this.open.get(key(gameId, seat));
    if (p) this.drop(p);
  }

  forget(gameId: number): void {
    for (const k of this.byGame.get(gameId) ?? []) {
      const p = this.open.get(k);
      if (p) this.unkeep(p);
      this.open.delete(k);
    }
    this.byGame.delete(gameId);
  }
}
