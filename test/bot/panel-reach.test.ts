// Every legal action of every seat can be reached from the private panel by clicks (a button, a
// menu option, then the buttons of the step it opens), within Discord's component limits —
// checked along random games with all characters, so every skill's uses are met somewhere.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view, waitingOn } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { Action, GameState } from '../../src/engine/types.js';
import { decodeId } from '../../src/discord/custom-id.js';
import { clickAction } from '../../src/discord/handlers/game.js';
import { renderPanel, type PanelFocus, type PanelMessage } from '../../src/discord/render/panel.js';
import { randomAction } from '../../src/sim/random-play.js';
import { ApiError } from '../support/discord/errors.js';
import { readMessageFields } from '../support/discord/rules/message-limits.js';
import { checkBody, RequestBodies } from '../support/discord/rules/schema.js';

/**
 * An action as a comparable string: keys sorted, absent fields dropped, and a hand card named by
 * its face (identical cards in hand are one choice on the panel, and either is the same move).
 */
function norm(a: Action, s?: GameState): string {
  const face = s && (a.kind === 'play' || a.kind === 'send' || a.kind === 'choose') ? s.cards[a.card] : undefined;
  const o = (face ? { ...a, card: JSON.stringify(face) } : a) as unknown as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => [k, o[k]])));
}

/** The panel as the bot sends it (an interaction webhook edit), checked as the stand-in checks it: Discord's schema, then its documented limits. */
function checkLimits(p: PanelMessage, problems: string[]): void {
  try {
    checkBody(RequestBodies.editWebhookMessage, p);
    readMessageFields(p, 0);
  } catch (error) {
    problems.push(error instanceof ApiError ? JSON.stringify(error.body.errors) : String(error));
  }
}

/** Every action the seat's panel lets them make, following the steps a menu or group opens. */
function reachable(s: GameState, seat: number, problems: string[]): Set<string> {
  const legal = legalActions(s, seat);
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (focus: PanelFocus | undefined, depth: number) => {
    const key = JSON.stringify(focus ?? null);
    if (seen.has(key) || depth > 4) return;
    seen.add(key);
    const panel = renderPanel('zh-CN', { gameId: 1, view: view(s, seat), legal, secrets: [], focus });
    checkLimits(panel, problems);
    for (const row of panel.components)
      for (const c of row.components) {
        const x = c as { custom_id: string; options?: { value: string }[] };
        const id = decodeId(x.custom_id);
        if (!id || id.verb === 'back' || id.verb === 'info') continue;
        for (const value of x.options ? x.options.map((o) => o.value) : [undefined]) {
          const r = clickAction(s, seat, id, value);
          if ('stale' in r) problems.push(`stale at once: ${x.custom_id} ${value}`);
          else if ('focus' in r) visit(r.focus, depth + 1);
          else out.add(norm(r.action, s));
        }
      }
  };
  visit(undefined, 0);
  return out;
}

/** Seat names as long as the lobby lets them be (30 of the 32 characters), of emoji that a UTF-16 cut would split. */
const EMOJI_NAMES = (n: number) => Array.from({ length: n }, (_, i) => '👨‍👩‍👧' + '😀'.repeat(26) + String(i));

function playChecking(players: number, seed: number, names = Array.from({ length: players }, (_, i) => `P${i}`)): { checked: number; problems: string[] } {
  let s = newGame({ seed, players: names, options: { characters: true } }).state;
  const rng = seedRng(seed);
  const problems: string[] = [];
  let checked = 0;
  for (let k = 0; k < 3000 && !s.result; k++) {
    for (const seat of waitingOn(s)) {
      const reach = reachable(s, seat, problems);
      for (const a of legalActions(s, seat)) {
        checked++;
        if (!reach.has(norm(a, s))) problems.push(`v${s.version} seat ${seat} cannot reach ${norm(a, s)}`);
      }
    }
    if (problems.length > 5) break;
    const r = apply(s, randomAction(s, rng));
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
  }
  return { checked, problems };
}

describe('the panel offers every legal action', () => {
  it('along random 5-player games with characters', () => {
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const r = playChecking(5, seed * 31 + randInt(seedRng(seed), 1000));
      expect(r.problems.slice(0, 5)).toEqual([]);
      checked += r.checked;
    }
    expect(checked).toBeGreaterThan(10_000);
  }, 240_000);

  it('along random 9-player games with characters', () => {
    for (let seed = 1; seed <= 3; seed++) expect(playChecking(9, 900 + seed).problems.slice(0, 5)).toEqual([]);
  }, 240_000);

  it('along random 9-player games whose seats are named in emoji, every panel valid text within the limits', () => {
    for (let seed = 1; seed <= 2; seed++) expect(playChecking(9, 950 + seed, EMOJI_NAMES(9)).problems.slice(0, 5)).toEqual([]);
  }, 240_000);
});
