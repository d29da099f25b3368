// The refresher skips rendering a panel whose key (handlers/game.ts panelKey) is the one it last showed.
// That holds only if the key says everything such a panel shows: over whole strong-played games of
// every size and edition, both languages, with the player's toggles on and off, two moments with one
// key must render one panel, body for body.
import { describe, expect, it } from 'vitest';
import { panelBody, panelKey } from '../../src/discord/handlers/game.js';
import { turnKey } from '../../src/discord/seats/pace.js';
import type { CharacterName, Edition, GameEvent, GameState } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { Locale } from '../../src/i18n/index.js';
import { playUntil } from '../ai/fixtures/strong-games.js';

interface Table {
  players: number;
  edition?: Edition;
  characters: boolean;
  classic?: boolean;
}

const TWINS = 7;

/** `s` with one thing of `seat`'s changed (`k`: 0 and 6 change nothing in the state, the lobby's 提示 and the player's toggle). */
function twinOf(s: GameState, seat: number, k: number): GameState {
  const players = (f: (p: GameState['players'][number]) => GameState['players'][number]) => s.players.map((p, i) => (i === seat ? f(p) : p));
  switch (k) {
    case 1:
      return { ...s, players: players((p) => ({ ...p, identity: p.identity === '军情处' ? '潜伏战线' : '军情处' })) };
    case 2: {
      if (!s.chars?.seats[seat].name) return s;
      const name: CharacterName = s.chars.seats[seat].name === '老鬼' ? '译电员' : '老鬼';
      return { ...s, chars: { ...s.chars, seats: s.chars.seats.map((c, i) => (i === seat ? { ...c, name } : c)) } };
    }
    case 3:
      return { ...s, players: players((p) => ({ ...p, alive: !p.alive })) };
    case 4:
      return { ...s, players: players((p) => ({ ...p, out: !p.out })) };
    case 5:
      return { ...s, players: players((p) => ({ ...p, name: `${p.name}之二` })) };
    default:
      return s;
  }
}

/** Every moment of one game, each seat's panel keyed and rendered as the refresher would see it. */
function keyedPanels(seed: number, table: Table, seen: Map<string, string>): { keyed: number; again: number } {
  let s: GameState | null = null;
  const secrets: GameEvent[] = [];
  const rng = seedRng(seed + 1);
  // Each seat's toggles as its player may set them: 本回合不再响应 for the turn it was pressed in, 只在与我有关时询问.
  const quiet: (string | null)[] = Array(table.players).fill(null);
  const respond = quiet.map((_, i) => ((seed + i) % 3 === 0 ? 'concerned' : 'all') as 'concerned' | 'all');
  let hints = false;
  const ctx = {
    store: { liveState: () => s, known: () => ({ windowMs: 8000 }) },
    sessions: {
      events: { secretsOf: (_g: number, seat: number) => secrets.filter((ev) => ev.to !== 'all' && ev.to.includes(seat)) },
      users: { of: () => quiet.map((_, i) => `user${i}`) },
      flags: { quietTurns: () => quiet, respondOf: (user: string) => respond[Number(user.slice(4))] },
      hints: () => hints,
    },
  } as unknown as Parameters<typeof panelKey>[0];
  let keyed = 0;
  let again = 0;
  playUntil(
    seed,
    (moment, acting, events) => {
      secrets.push(...events.filter((ev) => ev.to !== 'all'));
      for (let seat = 0; seat < table.players; seat++) {
        // The moment as it is, and a twin told apart from it by one thing the panel shows (in turn: the
        // lobby's 提示, the seat's identity, its character, whether it is alive or out, its name, its player's
        // 只在与我有关时询问): two panels with one key must read the same.
        for (const twin of [-1, (moment.version + seat) % TWINS]) {
          s = twin === -1 ? moment : twinOf(moment, seat, twin);
          hints = twin === 0;
          const saved = respond[seat];
          if (twin === 6) respond[seat] = saved === 'all' ? 'concerned' : 'all';
          for (const l of ['zh-CN', 'en'] as Locale[]) {
            const key = panelKey(ctx, 1, seat, l);
            if (key === null) continue;
            keyed++;
            const body = JSON.stringify(panelBody(ctx, 1, seat, l));
            const before = seen.get(key);
            if (before === undefined) seen.set(key, body);
            else {
              again++;
              expect(body, `seed ${seed}, seat ${seat}, version ${moment.version}, twin ${twin}`).toBe(before);
            }
          }
          respond[seat] = saved;
        }
      }
      if (acting >= 0 && randInt(rng, 10) === 0) quiet[acting] = quiet[acting] === null ? turnKey(moment) : null;
      return false;
    },
    table.characters,
    { players: table.players, edition: table.edition, characterSet: table.classic ? 'classic' : undefined },
  );
  return { keyed, again };
}

describe("a panel's key", () => {
  const tables: Table[] = [
    { players: 5, characters: true },
    { players: 7, characters: true },
    { players: 9, characters: true },
    { players: 5, characters: false },
    { players: 6, edition: 'qianzhi', characters: true },
    { players: 5, characters: true, classic: true },
  ];
  for (const table of tables)
    it(`says all a waiting player's panel shows: ${table.players} players${table.edition ? `, ${table.edition}` : ''}${table.classic ? ', 初版' : ''}${table.characters ? '' : ', no characters'}`, () => {
      const seen = new Map<string, string>();
      let keyed = 0;
      let again = 0;
      for (let g = 0; g < 2; g++) {
        const r = keyedPanels(7100 + g, table, seen);
        keyed += r.keyed;
        again += r.again;
      }
      // Most moments ask a seat nothing, and most of those show what an earlier moment showed.
      expect(keyed).toBeGreaterThan(500);
      expect(again).toBeGreaterThan(keyed / 3);
    });
});
