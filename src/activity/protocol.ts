// What the Activity's socket carries, both ways: the page (web/activity) imports these types only.
import type { Action } from '../engine/types.js';
import type { GameView } from '../engine/view.js';
import type { Locale } from '../i18n/index.js';

export interface CardWords {
  id: number;
  /** 密电 · 红 · 锁定, as the panel writes it (a 试探 with its bet: it is in the viewer's own hand). */
  label: string;
  name: string;
  color: string;
  mode: string;
  /** What the card does. */
  effect: string;
}

export interface SeatWords {
  seat: number;
  name: string;
  /** Shown only where the view shows it. */
  identity: string | null;
  character: string | null;
  /** Face up in front of the seat: its words (红色密电的截获 …), and its name alone for the table's chips. */
  intel: { id: number; label: string; name: string; color: string }[];
  /** 阵亡, 出局, 锁定, 调虎离山, AI, 托管, as short words; empty when none. */
  tags: string[];
}

export interface ActionWords {
  /** The engine action itself, sent back as it is when chosen. */
  action: Action;
  label: string;
}

export interface Frame {
  t: 'frame';
  game: number;
  /** The viewer's seat; null for a spectator (the public view). */
  seat: number | null;
  locale: Locale;
  /** The game's clock when this was sent (deadlines are on it). */
  now: number;
  view: GameView;
  title: string;
  seats: SeatWords[];
  hand: CardWords[];
  actions: ActionWords[];
  /** The viewer's character and its printed skills (or, while choosing, the two offered), as the panel prints them. */
  characters: { name: string; skills: string }[];
  /** What the viewer is asked now (the panel's words), or null. */
  asked: string | null;
  /** Whose decision it is, as the table says it (a window never names who is still waited on). */
  status: string;
  /** The seat whose own decision it is, if one. */
  decider: number | null;
  piles: string;
  transit: string | null;
  stack: string[];
  log: string[];
  secrets: string[];
  /** 本回合不再响应: on or off for a seat in the game, all through the turns (as the panel offers it); null when it does not apply. */
  quiet: boolean | null;
  /** The response clock, while a window is open. */
  windowMs: number | null;
  /** The game's end for everyone: who won, or why it was a draw. */
  result: string | null;
  /** The viewer's own end (你赢了！你的身份是…), as the panel says it; null for a spectator. */
  yours: string | null;
}

/** What the server sends besides frames: no game in the channel yet, or a move refused (in words). */
export interface Notice {
  t: 'none' | 'refused';
  text: string;
}

export type ServerMessage = Frame | Notice;

/**
 * What the page sends: first who (its access token) and its Activity instance (the SDK's `instanceId`,
 * whose server and channel the bot reads from Discord), then moves (engine actions, as a button sends
 * them) and 本回合不再响应.
 */
export type PageMessage =
  | { t: 'hello'; token: string; instance: string }
  | { t: 'act'; opened: number; action: Action }
  | { t: 'quiet'; on: boolean };
