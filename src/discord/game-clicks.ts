// A player's clicks during a game: each becomes one engine action, checked against the decision
// it was made for, committed by the store, and answered with the player's refreshed panel.
import { DiscordAPIError, MessageFlags, type StringSelectMenuInteraction } from 'discord.js';
import { isResponseWindow, legalActions, view, type Action, type GameState } from '../engine/index.js';
import { hasKey, t, type Locale } from '../i18n/index.js';
import type { Bot } from './bot.js';
import { actionHash, type CustomId } from './custom-id.js';
import { groupKeys, renderPanel, TARGET, type PanelFocus } from './render/panel.js';
import { secretLine } from './render/words.js';
import { answer, explain, onPrivatePanel, panelOwner, type Component } from './reply.js';
import type { PanelInteraction } from './panels.js';
import { turnKey } from './pace.js';

export async function onGameComponent(bot: Bot, i: Component, id: CustomId): Promise<void> {
  const l = bot.localeFor(i);
  await bot.prepare(id.game);
  const info = await bot.store.game(id.game);
  const state = await bot.store.state(id.game);
  if (!info || !state) return explain(i, t(l, 'err.noGame'));
  if (info.status === 'broken') return explain(i, t(l, 'err.broken', { reason: info.brokenReason ?? '' }));
  if (info.status !== 'active' || state.result) return explain(i, t(l, 'err.finished'));
  // A click on someone else's panel (no honest client can make one) must not show the clicker's panel there.
  if (onPrivatePanel(i) && panelOwner(i) !== i.user.id) return explain(i, t(l, 'err.notYourPanel'));
  const seat = bot.users.seatOf(id.game, i.user.id);
  if (seat < 0) return explain(i, t(l, id.verb === 'info' ? 'panel.notPlaying' : 'err.notYourSeat'));
  // Any click of theirs means the owner is back: the bot stops playing their seat.
  if (bot.drivers.ownerActed(id.game, seat)) bot.publisher.tableChanged(id.game);
  // The panel this click answers through is the one that updates itself from now on.
  bot.panels.claim(id.game, seat, i, l);
  try {
    await onSeatClick(bot, i, id, seat, state, l);
  } finally {
    bot.panels.release(id.game, seat);
  }
}

async function onSeatClick(bot: Bot, i: Component, id: CustomId, seat: number, state: GameState, l: Locale): Promise<void> {
  if (id.verb === 'info' || id.verb === 'back') return showPanel(bot, i, id.game, seat, l);
  if (id.verb === 'quiet' || id.verb === 'respond') {
    // Private toggles: they change nothing anyone else can see, and take effect in the open window.
    if (id.verb === 'quiet') bot.flags.setQuiet(id.game, seat, id.args[0] === 1 ? turnKey(state) : null);
    else bot.flags.setRespond(i.user.id, id.args[0] === 1 ? 'concerned' : 'all');
    bot.drivers.poke(id.game, state);
    return showPanel(bot, i, id.game, seat, l);
  }

  if (!state.pending || state.pending.opened !== id.version) {
    await explain(i, t(l, 'err.stale'));
    if (onPrivatePanel(i)) await showPanel(bot, i, id.game, seat, l);
    return;
  }
  const value = i.isStringSelectMenu() ? (i as StringSelectMenuInteraction).values[0] : undefined;
  const picked = clickAction(state, seat, id, value);
  if ('stale' in picked) {
    await explain(i, t(l, 'err.stale'));
    return showPanel(bot, i, id.game, seat, l);
  }
  if ('focus' in picked) return showPanel(bot, i, id.game, seat, l, picked.focus);
  const r = await bot.store.submit(id.game, picked.action, (s) => (s.pending?.opened === id.version ? null : 'stale'), seat);
  if (!r.ok) {
    const key = `refusal.${r.code}`;
    const reason = r.code === 'stale' ? t(l, 'err.stale') : t(l, 'err.refused', { reason: hasKey(key) ? t(l, key, r.params ?? {}) : r.reason });
    await explain(i, reason);
    if (onPrivatePanel(i)) await showPanel(bot, i, id.game, seat, l);
    return;
  }
  try {
    await showPanel(bot, i, id.game, seat, l);
  } catch (err) {
    // The action is committed: the player must not read "this click did nothing, try again".
    bot.log.warn({ gameId: id.game, seat, code: err instanceof DiscordAPIError ? err.code : undefined }, 'the panel could not be refreshed after a committed action');
    // Said in a message of its own: the panel it would have followed may be gone. A message that is
    // the interaction's answer is no panel, so the refresher must not edit it into one.
    const said = { content: t(l, 'err.doneNoPanel'), flags: MessageFlags.Ephemeral } as const;
    if (i.deferred || i.replied) await i.followUp(said).catch(() => undefined);
    else {
      bot.panels.forgetSeat(id.game, seat);
      await i.reply(said).catch(() => undefined);
    }
  }
}

/**
 * The action a click means (`value`: the option picked in a menu); a card picked from a menu that
 * still needs a target, or a group of skill choices, opens that step instead.
 */
export function clickAction(state: GameState, seat: number, id: CustomId, value?: string): { action: Action } | { focus: PanelFocus } | { stale: true } {
  const picked = value === undefined ? undefined : Number(value);
  switch (id.verb) {
    case 'pass':
    case 'take':
    case 'refuse':
      return { action: { kind: id.verb, seat } };
    case 'choose':
      return { action: { kind: 'choose', seat, card: picked ?? id.args[0] } };
    case 'play': {
      if (picked === undefined) {
        const [card, kind, value] = id.args;
        const a: Action = { kind: 'play', seat, card };
        if (kind === TARGET.player) a.target = value;
        else if (kind === TARGET.intel) a.intel = value;
        else if (kind === TARGET.stack) a.of = value;
        return { action: a };
      }
      const ways = legalActions(state, seat).filter((a) => a.kind === 'play' && a.card === picked);
      if (ways.length === 1 && !hasParams(ways[0])) return { action: ways[0] };
      if (ways.length === 0) return { action: { kind: 'play', seat, card: picked } };
      return { focus: { verb: 'play', card: picked } };
    }
    case 'act': {
      // A character's choice: its place in this seat's legal list, and a check of its content.
      const [k, hash] = value !== undefined ? value.split('.').map(Number) : id.args;
      const a = legalActions(state, seat)[k];
      if (!a || actionHash(a) !== hash) return { stale: true };
      return { action: a };
    }
    case 'group': {
      // One skill's (or one answer's) many choices, a page at a time.
      const [g, page, hash] = value !== undefined ? value.split('.').map(Number) : id.args;
      const keys = groupKeys(legalActions(state, seat));
      if (!keys[g] || actionHash(keys[g]) !== hash) return { stale: true };
      return { focus: { verb: 'group', group: g, page } };
    }
    case 'send': {
      if (picked === undefined) return { action: { kind: 'send', seat, card: id.args[0], target: id.args[1] } };
      const ways = legalActions(state, seat).filter((a) => a.kind === 'send' && a.card === picked);
      if (ways.length === 0) return { action: { kind: 'send', seat, card: picked } };
      // Intel once sent cannot be taken back: even a card with one way to go asks for a confirming click.
      return { focus: { verb: 'send', card: picked } };
    }
    default:
      // A verb of the lobby's, or one no button of a game carries: nothing to do.
      return { stale: true };
  }
}

function hasParams(a: Action): boolean {
  return 'target' in a || 'intel' in a || 'of' in a || 'as' in a || 'via' in a || 'dir' in a;
}

/** Shows a seat its panel through the interaction of its own click or command. */
export async function showPanel(bot: Bot, i: PanelInteraction, gameId: number, seat: number, l: Locale, focus?: PanelFocus): Promise<void> {
  const body = panelBody(bot, gameId, seat, l, focus);
  await answer(i, body, () => bot.panels.answer(i, body));
  bot.panels.shown(gameId, seat, body, focus, bot.store.liveState(gameId)?.pending?.opened ?? -1);
}

/** What a seat's panel shows now. */
export function panelBody(bot: Bot, gameId: number, seat: number, l: Locale, focus?: PanelFocus) {
  const state = bot.store.liveState(gameId)!;
  const v = view(state, seat);
  const names = state.players.map((p) => p.name);
  // The two characters offered matter only until one is chosen.
  const chosen = v.players[seat].character !== undefined;
  const secrets = bot.events
    .secretsOf(gameId, seat)
    .filter((ev) => !(chosen && ev.type === 'characterOffer'))
    .map((ev) => secretLine(l, ev, seat, names, state.cards))
    .filter((x): x is string => x !== null);
  const userId = bot.users.of(gameId)[seat];
  const pace = {
    quiet: bot.flags.quietTurns(gameId)[seat] === turnKey(state),
    respond: userId ? bot.flags.respondOf(userId) : ('all' as const),
    windowMs: isResponseWindow(state) ? (bot.store.known(gameId)?.windowMs ?? null) : null,
  };
  return { content: '', ...renderPanel(l, { gameId, view: v, legal: legalActions(state, seat), secrets, focus, pace }) };
}
