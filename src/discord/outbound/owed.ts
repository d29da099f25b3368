// What a commit owes Discord, worded from the commit and the stored rows alone: the store calls
// `owes` inside the commit's transaction (src/store/commit.ts), and the outbox sender delivers it
// after. Pure: it reads no cache of the bot and no database.
import { view, type GameEvent, type GameState } from '../../engine/index.js';
import { pickLocale, t, type Locale } from '../../i18n/index.js';
import type { Owed, Owes } from '../../store/index.js';
import { clipGraphemes, nameText } from '../clip.js';
import { resultText, secretLine } from '../render/words.js';

/** The purpose of a DM whose every word the player's panel shows too (secrets alone, or the result): `secret:<seat>`. */
export const SECRET = 'secret';
/** The purpose of a game's first DM: `welcome:<seat>`. */
export const WELCOME = 'welcome';
/**
 * A game's first DM waits this long: a player who opens their panel meanwhile (with characters on,
 * the channel's first ping asks everyone to choose there) has seen all it says, and is not sent it (pings.ts).
 */
export const WELCOME_GRACE_MS = 30_000;

/** A DM owed to a player (Discord takes 2,000 characters). */
export const dmOwed = (gameId: number, userId: string, content: string): Owed => ({
  gameId,
  kind: 'dm',
  target: userId,
  body: { content: clipGraphemes(content, 2000) },
});
/**
 * Whether a private event tells its reader something no click of theirs brought and no panel showed
 * yet, so it is worth a DM: who they are (the deal, a changed identity), someone else's identity shown
 * to them, what another player took from or gave to their hand, a 试探 on them. Their draws, sends,
 * discards and what their own cards showed them are in their panel's 你知道的 (one notification per
 * decision, not one per card).
 */
function tellsByDm(ev: GameEvent, me: number): boolean {
  switch (ev.type) {
    case 'identity':
    case 'identitySeen':
      return true;
    case 'handTakenCards':
    case 'cardGivenCards':
    case 'handGivenCards':
    case 'probeCard':
      return ev.seat !== me;
    default:
      return false;
  }
}

/**
 * The DM each player is owed for one commit, in words, as [userId, text]: at the start of the game
 * (where it is, their identity and hand), when the commit tells them something worth a DM
 * (`tellsByDm`: then with all it told them), and at the end how they did.
 */
export function owedDms(
  info: { guildId: string; channelId: string },
  users: (string | null)[],
  state: GameState,
  events: GameEvent[],
  userLocale: (userId: string) => Locale,
): [string, string][] {
  const names = state.players.map((p) => nameText(p.name));
  const dms = new Map<string, string[]>();
  const add = (userId: string, ...lines: string[]) => dms.set(userId, [...(dms.get(userId) ?? []), ...lines]);
  const start = events.some((ev) => ev.type === 'gameStart');
  const told = new Set<number>();
  for (const ev of events) if (ev.to !== 'all') for (const seat of ev.to) if (start || tellsByDm(ev, seat)) told.add(seat);
  for (const ev of events) {
    if (ev.to === 'all') continue;
    for (const seat of ev.to) {
      if (!told.has(seat)) continue;
      const userId = users[seat];
      if (!userId) continue;
      // Each player reads their DMs in their own language; the channel reads the table's.
      const line = secretLine(userLocale(userId), ev, seat, names, state.cards);
      if (line) add(userId, line);
    }
  }
  const link = `https://discord.com/channels/${info.guildId}/${info.channelId}`;
  if (start) {
    for (const userId of users) {
      if (!userId) continue;
      dms.set(userId, [t(userLocale(userId), state.chars ? 'dm.welcomeChars' : 'dm.welcome', { link }), ...(dms.get(userId) ?? [])]);
    }
  }
  if (state.result) {
    const final = view(state, null);
    users.forEach((userId, seat) => {
      if (!userId) return;
      const ul = userLocale(userId);
      add(userId, resultText(ul, final, seat), t(ul, 'result.link', { link }));
    });
  }
  return [...dms].map(([userId, lines]) => [userId, lines.join('\n')]);
}

/**
 * The DMs a commit owes: its private events in words, the first DM of a game, the result, each in
 * the language its player reads (the server's setting, else their own Discord language). A commit
 * with none of these (most: a pass, a public move) owes nothing, and the store reads no row for it.
 */
export const owes: Owes = owesAfter(WELCOME_GRACE_MS);

/** `owes` with the first DM held `welcomeMs` (tests that read the first DM at once take 0; the grace has a test of its own). */
export function owesAfter(welcomeMs: number): Owes {
  return {
    any: ({ state, events }) =>
      state.result !== null || events.some((ev) => ev.type === 'gameStart' || (ev.to !== 'all' && ev.to.some((seat) => tellsByDm(ev, seat)))),
    word: (c, rows) => {
      const dms = owedDms(rows, rows.users, c.state, c.events, (userId) => pickLocale(rows.language, rows.locales.get(userId) ?? null));
      // Not the first DM: secrets alone, or the result with them, which the player's panel shows too
      // (pings.ts drops such a DM to a player looking at their panel), marked with their seat. The
      // first DM waits `welcomeMs`, and goes only to whoever has not opened their panel by then.
      const start = c.events.some((ev) => ev.type === 'gameStart');
      return dms.map(([userId, content]) => {
        const seat = rows.users.indexOf(userId);
        const mark = start ? { purpose: `${WELCOME}:${seat}`, delayMs: welcomeMs } : { purpose: `${SECRET}:${seat}` };
        return { ...dmOwed(c.gameId, userId, content), ...mark };
      });
    },
  };
}
