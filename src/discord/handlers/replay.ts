// The replay of an ended game, for anyone in its server who may see its channel (and its players), privately: the game rebuilt from its
// stored log, a picture for the deal, one after each turn and one for the end, drawn open (every
// hand, identity, character and face-down card: nothing is secret once a game is over). One
// ephemeral message with ◀ ▶, edited in place on each click. A game still being played is
// refused: its replay would be its players' secrets.
import { ApplicationCommandOptionType, ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type ChatInputCommandInteraction } from 'discord.js';
import type { GameEvent, GameState } from '../../engine/index.js';
import { t, type Locale, type MessageKey } from '../../i18n/index.js';
import { describeTable } from '../../picture/describe.js';
import { openPictureInput, pictureText, type EndedStatus } from '../../picture/input.js';
import { drawInThread } from '../../picture/renderer.js';
import { replay, snapshotText, type GameOrigin, type GameStore, type StoredAction } from '../../store/index.js';
import { desc } from '../command-options.js';
import { canView, runner, type Context, type Handler } from '../context.js';
import { encodeId, type CustomId } from '../custom-id.js';
import { explain, onPrivatePanel, panelOwner, type Component } from '../reply.js';
import { clipGraphemes, nameText } from '../clip.js';
import { logLines } from '../render/words.js';

/** The picture's file name on a replay message. */
export const REPLAY_IMAGE = 'replay.png';
/** Ended games whose pages are kept (an ended game never changes, so its pages never go stale). */
const CACHED_GAMES = 4;

export interface ReplayPage {
  state: GameState;
  /** The deal, the moment after a turn (of `seat`, in `round`), or the end. */
  moment: 'start' | 'turn' | 'end';
  round: number;
  seat: number;
  /** The public events since the page before (that turn's log). */
  events: GameEvent[];
}

/**
 * The pages of a game from its setup and log: the deal, the state after each turn (when the turn
 * passes to the next player), and the final state. Null when the log does not replay.
 */
export function replayPages(origin: GameOrigin, log: StoredAction[]): { pages: ReplayPage[]; final: GameState } | { reason: string } {
  const pages: ReplayPage[] = [];
  let prev: GameState | null = null;
  let events: GameEvent[] = [];
  const r = replay(origin, log, (_version, _at, evs, state) => {
    for (const e of evs) if (e.to === 'all') events.push(e);
    const before: GameState | null = prev;
    if (!before || state.current !== before.current || state.round !== before.round) {
      pages.push(before ? { state, moment: 'turn', round: before.round, seat: before.current, events } : { state, moment: 'start', round: state.round, seat: state.current, events });
      events = [];
    }
    prev = state;
  });
  if (!r.ok) return { reason: r.reason };
  const last = pages.at(-1)!;
  const end: ReplayPage = { state: r.state, moment: 'end', round: r.state.round, seat: r.state.current, events };
  if (last.state === r.state && last.moment !== 'start') pages[pages.length - 1] = { ...end, events: last.events };
  else if (last.state !== r.state) pages.push(end);
  return { pages, final: r.state };
}

interface Loaded {
  status: EndedStatus;
  guildId: string;
  ai: number[];
  pages: ReplayPage[];
}

type Refusal = { key: MessageKey; params?: Record<string, string | number> };

const caches = new WeakMap<GameStore, Map<number, Loaded>>();

/**
 * An ended game of this server whose channel the one asking may see (its players may always), rebuilt
 * into pages; or why it cannot be replayed. A game they may not see is one this server does not have.
 */
async function load(ctx: Context, gameId: number, i: ChatInputCommandInteraction | Component): Promise<Loaded | Refusal> {
  const info = await ctx.store.game(gameId);
  const notHere: Refusal = { key: 'replay.notHere', params: { game: gameId } };
  if (!info || info.guildId !== i.guildId) return notHere;
  const seats = await ctx.store.seats(gameId);
  const played = seats.some((s) => s.userId === i.user.id);
  if (!played && !(await canView(ctx.client, i, info.channelId))) return notHere;
  if (info.status === 'active') return { key: 'replay.active' };
  if (info.status === 'broken' || !info.setup) return { key: 'replay.broken', params: { reason: info.brokenReason ?? 'damaged setup' } };
  let cache = caches.get(ctx.store);
  if (!cache) caches.set(ctx.store, (cache = new Map()));
  const hit = cache.get(gameId);
  if (hit) {
    cache.delete(gameId);
    cache.set(gameId, hit);
    return hit;
  }
  const built = replayPages({ setup: info.setup, decisionMs: info.decisionMs, windowMs: info.windowMs, createdAt: info.createdAt }, await ctx.store.repos.games.log(gameId));
  if ('reason' in built) return { key: 'replay.broken', params: { reason: built.reason } };
  // A log that no longer replays to the stored game (the rules changed since) would show another game.
  const stored = await ctx.store.state(gameId);
  if (!stored || snapshotText(stored) !== snapshotText(built.final)) return { key: 'replay.broken', params: { reason: 'the log does not replay to the stored game' } };
  const loaded: Loaded = {
    status: info.status,
    guildId: info.guildId,
    ai: seats.filter((s) => s.ai).map((s) => s.seat),
    pages: built.pages,
  };
  cache.set(gameId, loaded);
  if (cache.size > CACHED_GAMES) cache.delete(cache.keys().next().value!);
  return loaded;
}

function momentText(l: Locale, p: ReplayPage): string {
  if (p.moment === 'start') return t(l, 'replay.start');
  if (p.moment === 'end') return t(l, 'replay.end');
  return t(l, 'replay.turn', { round: p.round, name: nameText(p.state.players[p.seat].name) });
}

/** The custom_id of ◀ (dir 0) or ▶ (dir 1) leading to `page`: the direction keeps the two ids apart when both lead nowhere. */
export const pageId = (gameId: number, page: number, dir: 0 | 1) => encodeId(gameId, 0, 'replay', page, dir);

/** One page of a game's replay: its picture, what moment it is, and ◀ ▶. */
async function pageMessage(l: Locale, gameId: number, g: Loaded, page: number) {
  const p = g.pages[page];
  const input = openPictureInput(l, p.state, { status: g.status, ai: g.ai });
  const png = await drawInThread(pictureText(input));
  const last = g.pages.length - 1;
  const row: APIActionRowComponent<APIButtonComponent> = {
    type: ComponentType.ActionRow,
    components: [
      { type: ComponentType.Button, style: ButtonStyle.Secondary, label: '◀', custom_id: pageId(gameId, Math.max(0, page - 1), 0), disabled: page === 0 },
      { type: ComponentType.Button, style: ButtonStyle.Secondary, label: '▶', custom_id: pageId(gameId, Math.min(last, page + 1), 1), disabled: page === last },
    ],
  };
  // That turn's log, as the table wrote it while the game was played.
  const names = p.state.players.map((x) => nameText(x.name));
  const lines = logLines(l, p.events, names, p.state.cards);
  return {
    content: t(l, 'replay.caption', { game: gameId, page: page + 1, pages: g.pages.length, moment: momentText(l, p) }),
    embeds: lines.length ? [{ description: clipGraphemes(lines.join('\n'), 4096), color: 0x7f8c8d }] : [],
    components: [row],
    files: [{ attachment: png, name: REPLAY_IMAGE, description: describeTable(input) }],
    allowedMentions: { parse: [] as never[] },
  };
}

/** /fengsheng replay [game]: the channel's last ended game, or the one named, privately. */
async function onCommand(ctx: Context, i: ChatInputCommandInteraction): Promise<void> {
  const l = ctx.locales.of(i);
  const gameId = i.options.getInteger('game') ?? (i.guildId ? await ctx.store.repos.history.lastEndedIn(i.guildId, i.channelId) : null);
  if (gameId === null) return void (await i.editReply(t(l, 'replay.none')));
  const g = await load(ctx, gameId, i);
  if ('key' in g) return void (await i.editReply(t(l, g.key, g.params ?? {})));
  await i.editReply(await pageMessage(l, gameId, g, 0));
}

/**
 * 回放 on a closed table opens a replay at its first page (a new private message); ◀ ▶ on a
 * replay edit that message in place. Someone else's replay, a game not ended, a page the replay
 * does not have: a short private explanation.
 */
async function onClick(ctx: Context, i: Component, id: CustomId): Promise<void> {
  const l = ctx.locales.of(i);
  if (onPrivatePanel(i) && panelOwner(i) !== i.user.id) return explain(i, t(l, 'replay.notYours'));
  const g = await load(ctx, id.game, i);
  if ('key' in g) return explain(i, t(l, g.key, g.params ?? {}));
  const page = id.args[0] ?? 0;
  if (page >= g.pages.length || id.args.length > 2) return explain(i, t(l, 'replay.badPage'));
  await i.editReply(await pageMessage(l, id.game, g, page));
}

export const replayHandler: Handler = {
  verbs: ['replay'],
  clickAck: 'ack',
  subcommands: [
    {
      name: 'replay',
      zh: '回放',
      at: 12,
      desc: 'cmd.replay.desc',
      options: [{ type: ApplicationCommandOptionType.Integer, name: 'game', ...desc('cmd.replay.game'), min_value: 1 }],
      ack: 'private',
    },
  ],
  run: runner({ command: onCommand, click: onClick }),
};
