// 传递情报阶段 (docs/rules.md §5, §6): the one definition of how a card may be sent. check() refuses
// what it refuses and legalActions() lists exactly what it accepts.
import { refuse, type Refusal } from './refusals.js';
import { perk } from './registry.js';
import { inGame } from './state.js';
import type { Action, GameState } from './types.js';

export type SendAction = Extract<Action, { kind: 'send' }>;

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** Why `seat` may not send a hand card like this (the card is in hand; the send is theirs), or null. */
export function sendRefusal(s: GameState, seat: number, a: SendAction): Refusal | null {
  const mode = a.via ?? s.cards[a.card].mode;
  if (a.via !== undefined && (a.via !== '密电' || s.cards[a.card].mode !== '文本' || !perk(s, seat, 'textAsCipher')))
    return refuse('cannotSendAs', { rule: 'only a skill sends 文本 intel as 密电' });
  // The usual direction is the default, never named: a listed action is the only way to say it.
  if (a.dir !== undefined && (a.dir !== -1 || mode === '直达' || !perk(s, seat, 'chooseDirection')))
    return refuse('cannotSendAs', { rule: 'only a skill chooses the direction of non-直达 intel' });
  if (mode === '直达') {
    const t = a.target;
    if (!isInt(t) || t < 0 || t >= s.players.length || t === seat || !inGame(s.players[t])) return refuse('directNeedsTarget');
  }
  return null;
}

/** Every way to send a card of `seat`'s hand, in the order legalActions lists them. */
export function sendActions(s: GameState, seat: number): SendAction[] {
  const out: SendAction[] = [];
  for (const card of s.players[seat].hand) {
    const candidates: SendAction[] =
      s.cards[card].mode === '直达'
        ? s.players.map((_, target) => ({ kind: 'send', seat, card, target }))
        : [
            { kind: 'send', seat, card },
            { kind: 'send', seat, card, via: '密电' },
            { kind: 'send', seat, card, dir: -1 },
            { kind: 'send', seat, card, via: '密电', dir: -1 },
          ];
    for (const a of candidates) if (!sendRefusal(s, seat, a)) out.push(a);
  }
  return out;
}

/**
 * The playouts' shortcut (src/ai/expert.ts rolloutAction): how many sends `sendActions` lists for
 * `seat` and the k-th of them, without listing them. Per card, in the order sendActions tries them:
 * a 直达 card to each other player in the game; any other card as itself, as 密电 (文本 only, with
 * the textAsCipher perk), in the other direction (chooseDirection), as 密电 in the other direction.
 * test/engine/playout-step.test.ts proves them equal to sendActions.
 */
export function sendCount(s: GameState, seat: number): number {
  const cipher = !!perk(s, seat, 'textAsCipher');
  const turn = !!perk(s, seat, 'chooseDirection');
  let others = -1;
  let n = 0;
  for (const card of s.players[seat].hand) {
    const mode = s.cards[card].mode;
    if (mode === '直达') n += others < 0 ? (others = liveOthers(s, seat)) : others;
    else n += (cipher && mode === '文本' ? 2 : 1) * (turn ? 2 : 1);
  }
  return n;
}

/** sendActions(s, seat)[k] (k < sendCount(s, seat)). */
export function nthSend(s: GameState, seat: number, k: number): SendAction {
  const cipher = !!perk(s, seat, 'textAsCipher');
  const turn = !!perk(s, seat, 'chooseDirection');
  for (const card of s.players[seat].hand) {
    const mode = s.cards[card].mode;
    if (mode === '直达') {
      for (let target = 0; target < s.players.length; target++) {
        if (target === seat || !inGame(s.players[target])) continue;
        if (k-- === 0) return { kind: 'send', seat, card, target };
      }
      continue;
    }
    // sendActions' four candidates in its order (as itself, 密电, the other way, both), those refused left out.
    const asCipher = cipher && mode === '文本';
    for (let j = 0; j < 4; j++) {
      const via = (j & 1) !== 0;
      const back = (j & 2) !== 0;
      if ((via && !asCipher) || (back && !turn) || k-- !== 0) continue;
      const a: SendAction = { kind: 'send', seat, card };
      if (via) a.via = '密电';
      if (back) a.dir = -1;
      return a;
    }
  }
  throw new Error(`nthSend: seat ${seat} has no send ${k}`);
}

function liveOthers(s: GameState, seat: number): number {
  let n = 0;
  for (let t = 0; t < s.players.length; t++) if (t !== seat && inGame(s.players[t])) n++;
  return n;
}
