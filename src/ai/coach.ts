// The coach (提示, issue 38 §3): why a move is worth making, from what one seat may know — its
// view, its legal actions and its memory (the events it was shown) — never the state. The move
// itself is the expert's (the bot asks its search thread); this says in one reason why, from the
// move's kind, the faces the view shows and the seat's beliefs read as the expert reads them.
// Pure and wordless: src/discord/render/coach.ts puts the reason into the locale's words.
import type { Action, CardName, Color, GameView, Identity } from '../engine/index.js';
import { explainBeliefs, reread } from './beliefs.js';
import { expertFit } from './learned.js';
import type { SeatMemory } from './memory.js';

/** What the seat's beliefs say of another seat: its likeliest identity and how sure, in tenths (1–10). */
export interface Read {
  seat: number;
  identity: Identity;
  tenths: number;
}

/** Why the move: one reason, each naming only what the seat's view or beliefs hold. */
export type Why =
  /** One legal choice only. */
  | { kind: 'only' }
  /** Refuse: a third black intel would kill you. */
  | { kind: 'deadlyBlack' }
  /** Refuse face-down intel with two black in front of you. */
  | { kind: 'blindAtTwo' }
  | { kind: 'refuseBlack' }
  /** Refuse the other side's colour (`color`). */
  | { kind: 'refuseTheirs'; color: Color }
  | { kind: 'refuse' }
  /** Take: your side's `color` reaches the intel that wins (`count`). */
  | { kind: 'takeWins'; color: Color; count: number }
  | { kind: 'takeOwn'; color: Color }
  | { kind: 'takeBlind' }
  | { kind: 'take' }
  /** Send black toward a likely enemy. */
  | { kind: 'blackToEnemy'; read: Read }
  /** Send your colour toward a likely teammate (`tenths`: the chance they are, 1–10). */
  | { kind: 'ownToAlly'; seat: number; tenths: number; color: Color }
  /** Send, and keep your colour away from the likeliest enemy (who is not on its way). */
  | { kind: 'avoid'; read: Read; color: Color }
  | { kind: 'send'; color: Color }
  /** Use a card; `read` when it names another player. */
  | { kind: 'card'; card: CardName; read?: Read }
  | { kind: 'pass' }
  | { kind: 'discard' }
  | { kind: 'character' }
  | { kind: 'skill'; skill: string; read?: Read }
  | { kind: 'answer' };

/** Your side's colour; null for 打酱油的 (and before identities are dealt). */
function sideColor(id: Identity | undefined): Color | null {
  return id === '潜伏战线' ? '红' : id === '军情处' ? '蓝' : null;
}

/** A chance in tenths, 1 to 10 (约一成 … 十成). */
const tenths = (p: number) => Math.max(1, Math.min(10, Math.round(p * 10)));

/** Per seat, the likeliest identity and its chance as the expert reads the table (learned.ts expertFit). */
function reads(v: GameView, memory: SeatMemory): { read: (seat: number) => Read | undefined; ally: (seat: number) => number } {
  const fit = expertFit(v);
  const b = fit ? reread(memory.beliefs, { ...memory.beliefOptions, strategicPrior: fit.strategicPrior, weights: fit.weights }) : memory.beliefs;
  const seats = v.identity !== undefined ? explainBeliefs(b) : [];
  return {
    read: (seat) => {
      const s = seats[seat];
      if (!s || seat === v.you) return undefined;
      // An identity the view shows is no guess: said as certain.
      const shown = v.players[seat]?.identity;
      if (shown) return { seat, identity: shown, tenths: 10 };
      const p = s.identity[s.likely] ?? 0;
      return { seat, identity: s.likely as Identity, tenths: tenths(p) };
    },
    ally: (seat) => seats[seat]?.ally ?? 0,
  };
}

const blackIn = (v: GameView, seat: number) => v.players[seat].intel.filter((c) => c.color === '黑').length;
const colorIn = (v: GameView, seat: number, color: Color) => v.players[seat].intel.filter((c) => c.color === color).length;

/** The first player a send reaches: its target, else the next seat in its direction still in the game. */
export function firstStop(v: GameView, a: Extract<Action, { kind: 'send' }>): number {
  if (a.target !== undefined) return a.target;
  const n = v.players.length;
  const dir = a.dir ?? 1;
  for (let k = 1; k < n; k++) {
    const s = (((a.seat + dir * k) % n) + n) % n;
    if (v.players[s].alive && !v.players[s].out) return s;
  }
  return a.seat;
}

/** Why `action` (one of `legal`), in one reason, from the seat's view and memory only. */
export function whyMove(v: GameView, legal: readonly Action[], memory: SeatMemory, action: Action): Why {
  if (legal.length === 1) return { kind: 'only' };
  const me = v.you ?? ('seat' in action ? action.seat : 0);
  const mine = sideColor(v.identity);
  const need = v.victoryIntel ?? 3;
  const { read, ally } = reads(v, memory);
  switch (action.kind) {
    case 'take':
    case 'refuse': {
      const face = v.transit?.card;
      const black = blackIn(v, me);
      if (action.kind === 'refuse') {
        if (face?.color === '黑') return black >= 2 ? { kind: 'deadlyBlack' } : { kind: 'refuseBlack' };
        if (!face && black >= 2) return { kind: 'blindAtTwo' };
        if (face && mine && face.color !== mine) return { kind: 'refuseTheirs', color: face.color };
        return { kind: 'refuse' };
      }
      if (face && mine && face.color === mine) {
        const count = colorIn(v, me, mine) + 1;
        return count >= need ? { kind: 'takeWins', color: mine, count } : { kind: 'takeOwn', color: mine };
      }
      return face ? { kind: 'take' } : { kind: 'takeBlind' };
    }
    case 'send': {
      const card = v.hand?.find((c) => c.id === action.card);
      const color = card?.color ?? '黑';
      const to = firstStop(v, action);
      const r = read(to);
      if (color === '黑' && r && r.identity !== v.identity && ally(to) < 0.5) return { kind: 'blackToEnemy', read: r };
      if (mine && color === mine && to !== me && ally(to) >= 0.5) return { kind: 'ownToAlly', seat: to, tenths: tenths(ally(to)), color };
      if (mine && color === mine) {
        // The seat likeliest to be an enemy, when it is not the one the intel goes to first.
        let worst: number | null = null;
        for (let s = 0; s < v.players.length; s++)
          if (s !== me && s !== to && v.players[s].alive && !v.players[s].out && (worst === null || ally(s) < ally(worst))) worst = s;
        const w = worst === null ? undefined : read(worst);
        if (w && worst !== null && w.identity !== v.identity && ally(worst) < 0.5) return { kind: 'avoid', read: w, color };
      }
      return { kind: 'send', color };
    }
    case 'play': {
      const card = (action.as ?? v.hand?.find((c) => c.id === action.card)?.name) as CardName | undefined;
      const r = action.target !== undefined ? read(action.target) : undefined;
      return card ? { kind: 'card', card, ...(r ? { read: r } : {}) } : { kind: 'pass' };
    }
    case 'pass':
      return { kind: 'pass' };
    case 'choose':
      return { kind: 'discard' };
    case 'pickCharacter':
      return { kind: 'character' };
    case 'skill': {
      const r = action.target !== undefined ? read(action.target) : undefined;
      return { kind: 'skill', skill: action.skill, ...(r ? { read: r } : {}) };
    }
    default:
      return { kind: 'answer' };
  }
}
