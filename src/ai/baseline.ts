// The baseline: a rule-based yardstick, the way a club player or a typical open bot plays.
// Take your colour, refuse black, lock an ally onto your colour, 识破 what hurts you, burn a
// second black in front of you. No inference: it knows of others only what the view shows
// (identities shown or of players gone), never what their play suggests. It reads the view and
// the legal actions only (no memory), and is deterministic.
import type { Action, GameView, SeenCard } from '../engine/index.js';
import { BLACK, colorIndex, factionColor, idIndex, SOY } from './cards.js';
import type { Policy } from './policy.js';

type PlayAct = Extract<Action, { kind: 'play' }>;
type SendAct = Extract<Action, { kind: 'send' }>;

/** Colour counts [red, blue, black] of a seat's intel. */
function counts(v: GameView, seat: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (const c of v.players[seat].intel) out[colorIndex(c.color)]++;
  return out;
}

/** +1 a known ally, -1 a known enemy, 0 unknown (as the view shows identities). */
function side(v: GameView, seat: number): number {
  if (seat === v.you) return 1;
  const mine = v.identity === undefined ? SOY : idIndex(v.identity);
  const id = v.players[seat].identity;
  if (id === undefined || mine === SOY) return 0;
  const theirs = idIndex(id);
  return theirs === SOY ? 0 : theirs === mine ? 1 : -1;
}

export class BaselinePolicy implements Policy {
  readonly name = 'baseline';
  readonly usesMemory = false;

  decide(v: GameView, legal: readonly Action[]): Action {
    if (legal.length === 0) throw new Error(`baseline: seat ${v.you} has no legal action`);
    if (legal.length === 1 || v.identity === undefined || v.you === null) return legal[0];
    const me = v.you;
    const my = idIndex(v.identity);
    const colour = factionColor(my);
    const k = legal[0].kind;
    const hand = new Map((v.hand ?? []).map((c) => [c.id, c]));
    if (k === 'take' || k === 'refuse') return this.receive(v, legal, me, colour);
    if (k === 'send') return this.send(v, legal as SendAct[], hand, me, colour);
    if (k === 'choose') {
      // 试探's discard: a black card first.
      const black = legal.find((a) => a.kind === 'choose' && hand.get(a.card)?.color === '黑');
      return black ?? legal[0];
    }
    if (k === 'pickCharacter' || k === 'decide') return legal[0];
    return this.window(v, legal, hand, me, colour);
  }

  private receive(v: GameView, legal: readonly Action[], me: number, colour: number): Action {
    const take = legal.find((a) => a.kind === 'take')!;
    const refuse = legal.find((a) => a.kind === 'refuse');
    if (!refuse) return take;
    const card = v.transit?.card;
    const blacks = counts(v, me)[BLACK];
    if (!card) return blacks >= 2 ? refuse : take;
    const x = colorIndex(card.color);
    if (x === BLACK) return refuse;
    if (x === colour || colour < 0) return take;
    // The enemy's colour: refusing sends it on toward them; take it only when it comes back to us anyway.
    return refuse;
  }

  private send(v: GameView, legal: SendAct[], hand: Map<number, SeenCard>, me: number, colour: number): Action {
    // Black goes to a known enemy, else to the next seat face down; one's colour goes to a known
    // ally; otherwise the card we least want to keep.
    let best: Action = legal[0];
    let bestS = -Infinity;
    for (const a of legal) {
      const c = hand.get(a.card);
      if (!c) continue;
      const x = colorIndex(c.color);
      const t = a.target;
      let s = 0;
      if (x === BLACK) s += 2 + (t !== undefined ? -2 * side(v, t) : 0) + (c.mode === '文本' ? -1 : 0);
      else if (x === colour) s += t !== undefined ? 2 * side(v, t) : -1;
      else s += t !== undefined ? -side(v, t) : 0.5;
      if (t !== undefined && counts(v, t)[BLACK] >= 2 && x === BLACK) s += side(v, t) < 0 ? 3 : -5;
      // Keep the cards that act (识破, 截获, 锁定) for the windows.
      if (c.name === '识破' || c.name === '截获' || c.name === '锁定') s -= 1;
      if (s > bestS) {
        bestS = s;
        best = a;
      }
    }
    return best;
  }

  private window(v: GameView, legal: readonly Action[], hand: Map<number, SeenCard>, me: number, colour: number): Action {
    const pass = legal.find((a) => a.kind === 'pass') ?? legal[0];
    const plays = legal.filter((a): a is PlayAct => a.kind === 'play' && !a.as);
    const named = (name: string) => plays.filter((a) => hand.get(a.card)?.name === name);
    const top = v.stack[v.stack.length - 1];
    // 识破 what hurts us: a card aimed at us, or a 烧毁 of our own non-black intel.
    if (top && top.user !== me) {
      const ours = top.intel && v.players[me].intel.some((c) => c.id === top.intel!.id);
      const card = v.transit?.card;
      const hurts =
        (top.target === me && (top.as === '试探' || top.as === '调虎离山' || (top.as === '锁定' && (!card || colorIndex(card.color) !== colour)))) ||
        (top.as === '烧毁' && ours && colorIndex(top.intel!.color) !== BLACK) ||
        (top.as === '截获' && card !== undefined && colorIndex(card.color) === colour);
      if (hurts) {
        const sp = named('识破').find((a) => a.of === undefined || a.of === v.stack.length - 1);
        if (sp) return sp;
      }
    }
    if (v.stack.length > 0) return pass;
    // Burn a black in front of us when it is our second.
    if (counts(v, me)[BLACK] >= 2) {
      const burn = named('烧毁').find((a) => v.players[me].intel.some((c) => c.id === a.intel && c.color === '黑'));
      if (burn) return burn;
    }
    const t = v.transit;
    if (t?.card && v.pending?.step === 'transmit') {
      const x = colorIndex(t.card.color);
      // Our colour heading elsewhere: intercept it.
      if (x === colour && t.at !== me) {
        const cut = named('截获')[0];
        if (cut) return cut;
        // Lock a known ally onto it.
        const lock = named('锁定').find((a) => a.target === t.at && side(v, t.at) > 0);
        if (lock) return lock;
      }
      // Black heading to a known enemy: lock them onto it.
      if (x === BLACK && t.at !== me) {
        const lock = named('锁定').find((a) => a.target === t.at && side(v, t.at) < 0);
        if (lock) return lock;
      }
    }
    return pass;
  }
}

export function baselinePolicy(): Policy {
  return new BaselinePolicy();
}
