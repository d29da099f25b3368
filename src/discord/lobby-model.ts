// A lobby: the seats and options of a game not yet begun. Pure data and rules; storage is the
// store's, Discord is lobby.ts's.
import { EDITIONS, type Edition } from '../engine/index.js';
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
  /** The AI level of its AI seats and of absent players' autopilot (src/discord/ai-seats.ts); absent: 普通 (strong). */
  ai?: AiLevel;
}

/** The AI levels a lobby offers, easiest first: 简单 baseline, 普通 strong, 困难 expert (src/ai). */
export const AI_LEVELS = ['baseline', 'strong', 'expert'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];
/** 普通 until the expert is measured better (src/ai/README.md). */
export const DEFAULT_AI_LEVEL: AiLevel = 'strong';

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

/** Where lobbies are kept (the store's SQLite table in the bot; a Map in unit tests). */
export interface LobbyRepo {
  /**
   * Opens a lobby unless its channel already has an open lobby or a game in play: the check and the
   * write are one, so two /fengsheng start at once make one lobby. Null when the channel is taken.
   */
  create(l: Omit<Lobby, 'id'>): Lobby | null;
  get(id: number): Lobby | null;
  /** The open lobby (not yet begun) of a channel. */
  inChannel(guildId: string, channelId: string): Lobby | null;
  ofGame(gameId: number): Lobby | null;
  /** The open lobby a user hosts in a server, wherever it is (one at a time when games get threads). */
  hostedBy(guildId: string, hostId: string): Lobby | null;
  save(l: Lobby): void;
  remove(id: number): void;
}

export function memoryLobbies(): LobbyRepo {
  const all = new Map<number, Lobby>();
  let next = 1;
  const copy = (l: Lobby): Lobby => structuredClone(l);
  return {
    create(l) {
      for (const x of all.values()) if (x.guildId === l.guildId && x.channelId === l.channelId && x.gameId === null) return null;
      const lobby = { ...structuredClone(l), id: next++ };
      all.set(lobby.id, lobby);
      return copy(lobby);
    },
    get: (id) => (all.has(id) ? copy(all.get(id)!) : null),
    inChannel: (g, c) => {
      for (const l of all.values()) if (l.guildId === g && l.channelId === c && l.gameId === null) return copy(l);
      return null;
    },
    ofGame: (gameId) => {
      for (const l of all.values()) if (l.gameId === gameId) return copy(l);
      return null;
    },
    hostedBy: (g, h) => {
      for (const l of all.values()) if (l.guildId === g && l.hostId === h && l.gameId === null) return copy(l);
      return null;
    },
    save: (l) => void all.set(l.id, copy(l)),
    remove: (id) => void all.delete(id),
  };
}
