// Checking a scenario's expectations (docs/scenarios.md) against the state and the event log.
import { countColor } from '../engine/state.js';
import type { Color, GameEvent, GameState } from '../engine/types.js';
import { ScenarioError, type Scenario } from './load.js';

interface Subject {
  sc: Scenario;
  state: GameState;
  events: GameEvent[];
}

const EXPECT_KEYS = ['intel', 'hand', 'handHas', 'alive', 'out', 'faceUp', 'over', 'winners', 'declarer', 'draw', 'turn', 'deck', 'discard', 'removed', 'events'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function checkExpect(r: Subject, raw: unknown, field: string): string[] {
  const { sc, state: s } = r;
  if (!raw || typeof raw !== 'object') throw new ScenarioError(sc.file, field, 'must be an object');
  const e = raw as Record<string, unknown>;
  for (const k of Object.keys(e))
    if (!EXPECT_KEYS.includes(k)) throw new ScenarioError(sc.file, `${field}.${k}`, 'unknown expectation');
  const out: string[] = [];
  const seat = (name: string, f: string) => {
    const i = sc.names.indexOf(name);
    if (i < 0) throw new ScenarioError(sc.file, f, `"${name}" is not a player`);
    return i;
  };
  const perPlayer = (key: string, get: (i: number) => unknown, norm: (v: unknown) => unknown = (v) => v) => {
    const m = e[key];
    if (m === undefined) return;
    if (!m || typeof m !== 'object') throw new ScenarioError(sc.file, `${field}.${key}`, 'must map player names to values');
    for (const [name, want] of Object.entries(m)) {
      const got = get(seat(name, `${field}.${key}.${name}`));
      if (!same(got, norm(want))) out.push(`${key} of ${name}: expected ${JSON.stringify(norm(want))}, got ${JSON.stringify(got)}`);
    }
  };
  const colours: Color[] = ['红', '蓝', '黑'];
  perPlayer(
    'intel',
    (i) => Object.fromEntries(colours.map((c) => [c, countColor(s, s.players[i].intel, c)])),
    (v) => Object.fromEntries(colours.map((c) => [c, (v as Record<string, number>)[c] ?? 0])),
  );
  perPlayer('hand', (i) => s.players[i].hand.length);
  perPlayer('alive', (i) => s.players[i].alive);
  perPlayer('out', (i) => s.players[i].out);
  perPlayer('faceUp', (i) => s.chars?.seats[i].faceUp ?? null);
  if (e.handHas !== undefined) {
    for (const [name, want] of Object.entries(e.handHas as Record<string, string[]>)) {
      const hand = s.players[seat(name, `${field}.handHas.${name}`)].hand.map((id) => s.cards[id].name as string);
      for (const w of want) if (!hand.includes(w)) out.push(`handHas of ${name}: no ${w} in ${JSON.stringify(hand)}`);
    }
  }
  const scalar = (key: string, got: unknown) => {
    if (e[key] !== undefined && !same(got, e[key])) out.push(`${key}: expected ${JSON.stringify(e[key])}, got ${JSON.stringify(got)}`);
  };
  scalar('over', s.result !== null);
  scalar('draw', s.result?.draw ?? false);
  scalar('turn', sc.names[s.current]);
  scalar('deck', s.deck.length);
  scalar('discard', s.discard.length);
  scalar('removed', s.removed.length);
  scalar('declarer', s.result?.declarer == null ? null : sc.names[s.result.declarer]);
  if (e.winners !== undefined) {
    const got = (s.result?.winners ?? []).map((i) => sc.names[i]).sort();
    const want = [...(e.winners as string[])].sort();
    if (!same(got, want)) out.push(`winners: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  if (e.events !== undefined) {
    const seen = new Set<string>(r.events.map((ev) => ev.type));
    for (const k of e.events as string[]) if (!seen.has(k)) out.push(`events: no "${k}" event in the log`);
  }
  return out;
}
