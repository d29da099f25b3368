// A lobby: the seats and options of a game not yet begun. Pure data and rules; storage is the
// store's (src/store/lobbies.ts), Discord is src/discord/handlers/lobby.ts's.
import { EDITIONS, hasAltSplit, identitiesFor, type CharacterSet, type Edition } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';

export interface LobbySeat {
  /** null for an AI seat. */
  userId: string | null;
  name: string;
}

export interface LobbyOptions {
  edition: Edition;
  /** Characters (角色) on: each player picks one of two before the first turn. */
  characters: boolean;
  altSplit: boolean;
  soySauceAlliance: boolean;
  /** Seconds per decision. */
  timer: number;
  /** What the channel reads for this lobby and its game (the host's choice); absent: the server's language. */
  language?: Locale;
  /** Seconds of the response clock of response windows (docs/rules.md §8b); absent in lobbies opened before it: the server's. */
  response?: number;
  roundLimit: number;
  /** The AI level of its AI seats and of absent players' autopilot (src/discord/ai-seats.ts); absent (stored before levels): STORED_AI_LEVEL. */
  ai?: AiLevel;
  /** 角色版本 (docs/rules.md §11b): absent in lobbies opened before it: standard. */
  characterSet?: CharacterSet;
  /** 胜利情报数 (调整胜利条件, docs/rules.md §9b): absent: 3. */
  victoryIntel?: 3 | 4;
  /** 提示 (the coach, src/discord/seats/coach.ts): false turns it off; absent (new, or stored before it): allowed. */
  hints?: boolean;
}

/** The AI levels a lobby offers, easiest first: 简单 baseline, 普通 strong, 困难 expert (src/ai). */
export const AI_LEVELS = ['baseline', 'strong', 'expert'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];
/** A new lobby's level: 困难 since 2026-12-02, when the expert was measured better than 普通 (src/ai/README.md; README). */
export const DEFAULT_AI_LEVEL: AiLevel = 'expert';
/** The level of a lobby or game stored before lobbies had levels: they played 普通, and go on so. */
export const STORED_AI_LEVEL: AiLevel = 'strong';

export interface Lobby {
  id: number;
  guildId: string;
  channelId: string;
  hostId: string;
  options: LobbyOptions;
  seats: LobbySeat[];
  messageId: string | null;
  /** Set when the lobby became a game; the row stays so the game knows its host. */
  gameId: number | null;
}

export const MAX_SEATS = 9;
export const MIN_SEATS = 3;

/** The table sizes the lobby's edition is played at: 3 to 9, 千智风声 5 or 6 (docs/rules.md §12). */
export function seatRange(l: Lobby): { min: number; max: number } {
  const sizes = EDITIONS[l.options.edition ?? 'standard'].players;
  return { min: sizes[0], max: sizes[sizes.length - 1] };
}

/**
 * 000_… 进阶规则 suggests four when both factions have three players: true when the lobby's table
 * (its seats now, with the optional split if chosen) deals three 潜伏战线 and three 军情处.
 */
export function suggestsFourIntel(l: Lobby): boolean {
  const n = l.seats.length;
  if (n < MIN_SEATS || n > MAX_SEATS) return false;
  const ids = identitiesFor(n, l.options.altSplit && hasAltSplit(n));
  return ids.filter((x) => x === '潜伏战线').length === 3 && ids.filter((x) => x === '军情处').length === 3;
}

export type LobbyChange = 'ok' | 'alreadyIn' | 'notIn' | 'full' | 'hostOnly' | 'noAi';

export function join(l: Lobby, userId: string, name: string): LobbyChange {
  if (l.seats.some((s) => s.userId === userId)) return 'alreadyIn';
  if (l.seats.length >= seatRange(l).max) return 'full';
  l.seats.push({ userId, name });
  return 'ok';
}

/** The host leaving hands the lobby to the next person in it; with nobody left it is empty. */
export function leave(l: Lobby, userId: string): LobbyChange {
  const i = l.seats.findIndex((s) => s.userId === userId);
  if (i < 0) return 'notIn';
  l.seats.splice(i, 1);
  if (userId === l.hostId) l.hostId = l.seats.find((s) => s.userId !== null)?.userId ?? '';
  return 'ok';
}

export function hasHumans(l: Lobby): boolean {
  return l.seats.some((s) => s.userId !== null);
}

export function addAi(l: Lobby, by: string): LobbyChange {
  if (by !== l.hostId) return 'hostOnly';
  if (l.seats.length >= seatRange(l).max) return 'full';
  const taken = new Set(l.seats.map((s) => s.name));
  let n = 1;
  while (taken.has(`AI-${n}`)) n++;
  l.seats.push({ userId: null, name: `AI-${n}` });
  return 'ok';
}

export function removeAi(l: Lobby, by: string): LobbyChange {
  if (by !== l.hostId) return 'hostOnly';
  for (let i = l.seats.length - 1; i >= 0; i--)
    if (l.seats[i].userId === null) {
      l.seats.splice(i, 1);
      return 'ok';
    }
  return 'noAi';
}
