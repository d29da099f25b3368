// A player's clicks during a game: each becomes one engine action, checked against the decision
// it was made for, committed by the store, and answered with the player's refreshed panel. And
// /fengsheng hand (我的信息): the same panel, opened by a command.
import { DiscordAPIError, MessageFlags, type ChatInputCommandInteraction, type StringSelectMenuInteraction } from 'discord.js';
import { isResponseWindow, legalActions, view, waitingOn, type Action, type GameState } from '../../engine/index.js';
import { hasKey, t, type Locale } from '../../i18n/index.js';
import { runner, type Context, type Handler } from '../context.js';
import { actionHash, type CustomId } from '../custom-id.js';
import type { PanelInteraction } from '../outbound/panels.js';
import { groupKeys, renderPanel, TARGET, type PanelFocus } from '../render/panel.js';
import { secretLine } from '../render/words.js';
import { renderAdvice } from '../render/coach.js';
import { ackAsUpdate, answer, explain, onPrivatePanel, panelOwner, type Component } from '../reply.js';
import { turnKey } from '../seats/pace.js';
import { nameText } from '../clip.js';

type Picked = { action: Action } | { focus: PanelFocus } | { stale: true };
/** What a click of one verb means: `value` is the option picked in a menu. */
type PickAction = (state: GameState, seat: number, id: CustomId, value?: string) => Picked;

/**
 * Clicks that show the clicker their panel, and private toggles that change nothing anyone else can
 * see and take effect in the open window: true when a toggle changed (the seat drivers look again).
 */
const VIEWS: Record<string, (ctx: Context, i: Component, id: CustomId, seat: number, state: GameState) => boolean> = {
  info: () => false,
  back: () => false,
  quiet: (ctx, _i, id, seat, state) => {
    ctx.sessions.flags.setQuiet(id.game, seat, id.args[0] === 1 ? turnKey(state) : null);
    return true;
  },
  respond: (ctx, i, id) => {
    ctx.sessions.flags.setRespond(i.user.id, id.args[0] === 1 ? 'concerned' : 'all');
    return true;
  },
};

/** A plain action of the seat, nothing to pick. */
const plain =
  (kind: 'pass' | 'take' | 'refuse'): PickAction =>
  (_state, seat) => ({ action: { kind, seat } });

/**
 * Clicks that act: the action each means; a card picked from a menu that still needs a target, or a
 * group of skill choices, opens that step instead.
 */
const PICKS: Record<string, PickAction> = {
  pass: plain('pass'),
  take: plain('take'),
  refuse: plain('refuse'),
  choose: (_state, seat, id, value) => ({ action: { kind: 'choose', seat, card: value === undefined ? id.args[0] : Number(value) } }),
  play: (state, seat, id, value) => {
    if (value === undefined) {
      const [card, kind, target] = id.args;
      const a: Action = { kind: 'play', seat, card };
      if (kind === TARGET.player) a.target = target;
      else if (kind === TARGET.intel) a.intel = target;
      else if (kind === TARGET.stack) a.of = target;
      return { action: a };
    }
    const picked = Number(value);
    const ways = legalActions(state, seat).filter((a) => a.kind === 'play' && a.card === picked);
    if (ways.length === 1 && !hasParams(ways[0])) return { action: ways[0] };
    if (ways.length === 0) return { action: { kind: 'play', seat, card: picked } };
    return { focus: { verb: 'play', card: picked } };
  },
  act: (state, seat, id, value) => {
    // A character's choice: its place in this seat's legal list, and a check of its content.
    const [k, hash] = value !== undefined ? value.split('.').map(Number) : id.args;
    const a = legalActions(state, seat)[k];
    if (!a || actionHash(a) !== hash) return { stale: true };
    return { action: a };
  },
  group: (state, seat, id, value) => {
    // One skill's (or one answer's) many choices, a page at a time.
    const [g, page, hash] = value !== undefined ? value.split('.').map(Number) : id.args;
    const keys = groupKeys(legalActions(state, seat));
    if (!keys[g] || actionHash(keys[g]) !== hash) return { stale: true };
    return { focus: { verb: 'group', group: g, page } };
  },
  send: (state, seat, id, value) => {
    if (value === undefined) return { action: { kind: 'send', seat, card: id.args[0], target: id.args[1] } };
    const picked = Number(value);
    const ways = legalActions(state, seat).filter((a) => a.kind === 'send' && a.card === picked);
    if (ways.length === 0) return { action: { kind: 'send', seat, card: picked } };
    // Intel once sent cannot be taken back: even a card with one way to go asks for a confirming click.
    return { focus: { verb: 'send', card: picked } };
  },
};

/**
 * The action a click means (`value`: the option picked in a menu); a card picked from a menu that
 * still needs a target, or a group of skill choices, opens that step instead.
 */
export function clickAction(state: GameState, seat: number, id: CustomId, value?: string): Picked {
  // A verb of the lobby's, or one no button of a game carries: nothing to do.
  return PICKS[id.verb]?.(state, seat, id, value) ?? { stale: true };
}

function hasParams(a: Action): boolean {
  return 'target' in a || 'intel' in a || 'of' in a || 'as' in a || 'via' in a || 'dir' in a;
}

async function onClick(ctx: Context, i: Component, id: CustomId): Promise<void> {
  const l = ctx.locales.of(i);
  if (!onPrivatePanel(i)) {
    // A click on the table: acknowledged as its update, which lends the table its token (reply.ts).
    await ackAsUpdate(i);
    ctx.publisher.tableClicked(id.game, i);
  }
  await ctx.sessions.prepare(id.game);
  const info = await ctx.store.game(id.game);
  const state = await ctx.store.state(id.game);
  // A game's buttons work in its own channel only: a click forged from another server or channel finds no game.
  if (!info || !state || info.guildId !== i.guildId || info.channelId !== i.channelId) return explain(i, t(l, 'err.noGame'));
  if (info.status === 'broken') return explain(i, t(l, 'err.broken', { reason: info.brokenReason ?? '' }));
  if (info.status !== 'active' || state.result) return explain(i, t(l, 'err.finished'));
  // A click on someone else's panel (no honest client can make one) must not show the clicker's panel there.
  if (onPrivatePanel(i) && panelOwner(i) !== i.user.id) return explain(i, t(l, 'err.notYourPanel'));
  const seat = ctx.sessions.users.seatOf(id.game, i.user.id);
  if (seat < 0) return explain(i, t(l, id.verb === 'info' ? 'panel.notPlaying' : 'err.notYourSeat'));
  // Any click of theirs means the owner is back: the bot stops playing their seat.
  if (ctx.drivers.ownerActed(id.game, seat)) ctx.publisher.tableChanged(id.game);
  // The panel this click answers through is the one that updates itself from now on.
  ctx.panels.claim(id.game, seat, i, l);
  try {
    await onSeatClick(ctx, i, id, seat, state, l);
  } finally {
    ctx.panels.release(id.game, seat);
  }
}

async function onSeatClick(ctx: Context, i: Component, id: CustomId, seat: number, state: GameState, l: Locale): Promise<void> {
  if (id.verb === COACH) return coachClick(ctx, i, id, seat, state, l);
  const viewOnly = VIEWS[id.verb];
  if (viewOnly) {
    if (viewOnly(ctx, i, id, seat, state)) ctx.drivers.poke(id.game, state);
    return showPanel(ctx, i, id.game, seat, l);
  }
  if (!state.pending || state.pending.opened !== id.version) {
    await explain(i, t(l, 'err.stale'));
    if (onPrivatePanel(i)) await showPanel(ctx, i, id.game, seat, l);
    return;
  }
  const value = i.isStringSelectMenu() ? (i as StringSelectMenuInteraction).values[0] : undefined;
  const picked = clickAction(state, seat, id, value);
  if ('stale' in picked) {
    await explain(i, t(l, 'err.stale'));
    return showPanel(ctx, i, id.game, seat, l);
  }
  if ('focus' in picked) return showPanel(ctx, i, id.game, seat, l, picked.focus);
  let r: Awaited<ReturnType<typeof ctx.store.submit>>;
  try {
    r = await ctx.store.submit(id.game, picked.action, (s) => (s.pending?.opened === id.version ? null : 'stale'), seat);
  } catch (err) {
    // The database would not save it: nothing happened, the game is paused (its channel is told once).
    ctx.log.error({ gameId: id.game, seat, err }, 'a move could not be saved');
    ctx.pauses.failed([id.game]);
    return explain(i, t(l, 'err.notSaved'));
  }
  if (!r.ok) {
    const key = `refusal.${r.code}`;
    const reason = r.code === 'stale' ? t(l, 'err.stale') : t(l, 'err.refused', { reason: hasKey(key) ? t(l, key, r.params ?? {}) : r.reason });
    await explain(i, reason);
    if (onPrivatePanel(i)) await showPanel(ctx, i, id.game, seat, l);
    return;
  }
  try {
    // The click that ended the game: its panel says how the player did (the game is no longer live).
    await showPanel(ctx, i, id.game, seat, l, undefined, r.finished ? r.state : undefined);
  } catch (err) {
    // The action is committed: the player must not read "this click did nothing, try again".
    ctx.log.warn({ gameId: id.game, seat, code: err instanceof DiscordAPIError ? err.code : undefined }, 'the panel could not be refreshed after a committed action');
    // Said in a message of its own: the panel it would have followed may be gone. A message that is
    // the interaction's answer is no panel, so the refresher must not edit it into one.
    const said = { content: t(l, 'err.doneNoPanel'), flags: MessageFlags.Ephemeral } as const;
    if (i.deferred || i.replied) await i.followUp(said).catch(() => undefined);
    else {
      ctx.panels.forgetSeat(id.game, seat);
      await i.reply(said).catch(() => undefined);
    }
  }
}

/** 提示 on a panel (render/panel.ts): the expert's move for the clicker's seat, privately, with 照做. */
const COACH = 'coach';

async function coachClick(ctx: Context, i: Component, id: CustomId, seat: number, state: GameState, l: Locale): Promise<void> {
  // A lobby that turned 提示 off offers no button; a click forged for it finds nothing to say.
  if (!ctx.sessions.hints(id.game)) return explain(i, t(l, 'err.stale'));
  const advice = await ctx.coach(id.game, state, seat);
  // The click answers with the panel, as any click on it does (its token then refreshes it); the hint is a message of its own.
  await showPanel(ctx, i, id.game, seat, l);
  await i.followUp({ ...renderAdvice(l, id.game, advice), flags: MessageFlags.Ephemeral });
}

/** /fengsheng hand (我的信息): the asker's panel, privately. */
async function onHand(ctx: Context, i: ChatInputCommandInteraction): Promise<void> {
  const l = ctx.locales.of(i);
  const gameId = i.guildId ? await ctx.store.activeGameIn(i.guildId, i.channelId) : null;
  if (gameId === null) return void (await i.editReply(t(l, 'lobby.none')));
  await ctx.sessions.prepare(gameId);
  const seat = ctx.sessions.users.seatOf(gameId, i.user.id);
  if (seat < 0) return void (await i.editReply(t(l, 'panel.notPlaying')));
  ctx.panels.claim(gameId, seat, i, l);
  try {
    return await showPanel(ctx, i, gameId, seat, l);
  } finally {
    ctx.panels.release(gameId, seat);
  }
}

/** Shows a seat its panel through the interaction of its own click or command (`final`: the last state of the game the click ended). */
async function showPanel(ctx: Context, i: PanelInteraction, gameId: number, seat: number, l: Locale, focus?: PanelFocus, final?: GameState): Promise<void> {
  const state = final ?? ctx.store.liveState(gameId);
  const body = panelBody(ctx, gameId, seat, l, focus, state);
  // Keyed as the refresher keys it, so the next commit need not render it again to know it unchanged.
  const key = final ? null : panelKey(ctx, gameId, seat, l, focus, state);
  await answer(i, body, () => ctx.panels.answer(gameId, seat, i, body));
  ctx.panels.shown(gameId, seat, body, focus, ctx.store.liveState(gameId)?.pending?.opened ?? -1, key);
}

/** The seat's panel as the game stands (`state`: its last state, for a finished game no longer live). */
export function panelBody(ctx: Pick<Context, 'store' | 'sessions'>, gameId: number, seat: number, l: Locale, focus?: PanelFocus, state = ctx.store.liveState(gameId)) {
  if (!state) throw new Error(`game ${gameId} is not live`);
  const v = view(state, seat);
  const names = state.players.map((p) => nameText(p.name));
  // The two characters offered matter only until one is chosen.
  const chosen = v.players[seat].character !== undefined;
  const secrets = ctx.sessions.events
    .secretsOf(gameId, seat)
    .filter((ev) => !(chosen && ev.type === 'characterOffer'))
    .map((ev) => secretLine(l, ev, seat, names, state.cards))
    .filter((x): x is string => x !== null);
  const userId = ctx.sessions.users.of(gameId)[seat];
  const pace = {
    quiet: ctx.sessions.flags.quietTurns(gameId)[seat] === turnKey(state),
    respond: userId ? ctx.sessions.flags.respondOf(userId) : ('all' as const),
    windowMs: isResponseWindow(state) ? (ctx.store.known(gameId)?.windowMs ?? null) : null,
  };
  const coach = ctx.sessions.hints(gameId);
  return { content: '', ...renderPanel(l, { gameId, view: v, legal: legalActions(state, seat), secrets, focus, pace, coach }) };
}

/**
 * What the seat's panel shows while the game asks nothing of it (no decision of its own, so no legal
 * action; no card picked; the game on), as a short key: the panel reads the same while its key does
 * (test/discord/panel-key.test.ts holds it to that over whole games). Null where the panel shows more (the
 * seat's own decision, a focus, the result): those are rendered. The refresher renders a panel only when
 * its key changed: most commits (others' moves) change nothing a waiting player's panel shows.
 */
export function panelKey(ctx: Pick<Context, 'store' | 'sessions'>, gameId: number, seat: number, l: Locale, focus?: PanelFocus, state = ctx.store.liveState(gameId)): string | null {
  if (!state || focus || state.result || waitingOn(state).includes(seat)) return null;
  const me = state.players[seat];
  const char = state.chars?.seats[seat];
  const choosing = state.pending?.kind === 'chooseCharacter';
  const userId = ctx.sessions.users.of(gameId)[seat];
  return JSON.stringify([
    l,
    me.name,
    // Not shown while characters are chosen (nor 本回合不再响应, which this tells apart too).
    choosing ? null : me.identity,
    char?.name ?? null,
    char?.faceUp ?? null,
    me.alive,
    me.out,
    me.hand,
    ctx.sessions.events.secretsOf(gameId, seat).length,
    ctx.sessions.flags.quietTurns(gameId)[seat] === turnKey(state),
    userId ? ctx.sessions.flags.respondOf(userId) : 'all',
    ctx.sessions.hints(gameId),
  ]);
}

export const game: Handler = {
  verbs: [...Object.keys(VIEWS), ...Object.keys(PICKS), COACH],
  clickAck: 'panel',
  subcommands: [{ name: 'hand', zh: '我的信息', at: 4, desc: 'cmd.hand.desc', ack: 'private' }],
  run: runner({ command: onHand, click: onClick }),
};
