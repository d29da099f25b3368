// Listing what a seat may do now. Every listed action passes check(); nothing else does.
import type { CardRule, PlayAction } from './cards/rule.js';
import { has, inGame } from './state.js';
import { playsAs, rulesOf } from './registry.js';
import { sendActions } from './send.js';
import { decideChoices, skillActions } from './skills.js';
import type { Action, GameState } from './types.js';

/** Seats the game waits on now: every live seat that has not passed in a window. */
export function waitingOn(s: GameState): number[] {
  const p = s.pending;
  if (!p || s.result) return [];
  if (p.kind === 'chooseCharacter') {
    const out: number[] = [];
    for (let i = 0; i < s.players.length; i++) if (!has(p.picked, i)) out.push(i);
    return out;
  }
  if (p.kind !== 'window') return [p.seat];
  const out: number[] = [];
  for (let i = 0; i < s.players.length; i++) if (inGame(s.players[i]) && !has(p.passed, i)) out.push(i);
  return out;
}

/** Every way to name what a card needs; the card's rule then says which are allowed. */
function candidates(s: GameState, seat: number, card: number, needs: CardRule['needs']): PlayAction[] {
  const out: PlayAction[] = [];
  switch (needs) {
    case 'nothing':
      out.push({ kind: 'play', seat, card });
      break;
    case 'player':
      for (let t = 0; t < s.players.length; t++) out.push({ kind: 'play', seat, card, target: t });
      break;
    case 'intel':
      for (const q of s.players) {
        if (!inGame(q)) continue;
        for (const i of q.intel) if (s.cards[i].color === '黑') out.push({ kind: 'play', seat, card, intel: i });
      }
      break;
    case 'stackItem':
      for (let i = 0; i < s.stack.length; i++) out.push({ kind: 'play', seat, card, of: i });
      break;
  }
  return out;
}

export function legalActions(s: GameState, seat: number): Action[] {
  const p = s.pending;
  if (!p || s.result || !s.players[seat]) return [];
  // A dead player still decides their own death-triggered skills (遗志, 后着).
  if (p.kind === 'decide') return p.seat === seat ? decideChoices(s, p).map((a) => ({ ...a, seat })) : [];
  if (!inGame(s.players[seat])) return [];
  const hand = s.players[seat].hand;
  const out: Action[] = [];
  switch (p.kind) {
    case 'window': {
      if (has(p.passed, seat)) return out;
      out.push({ kind: 'pass', seat });
      const rules = rulesOf(s);
      for (const card of hand) {
        const rule = rules[s.cards[card].name];
        for (const a of candidates(s, seat, card, rule.needs)) if (!rule.check(s, seat, p.step, a)) out.push(a);
        if (!s.chars) continue;
        for (const x of playsAs(s, seat, card)) {
          const as = rules[x.as];
          for (const a of candidates(s, seat, card, as.needs)) {
            a.as = x.as;
            if (!as.check(s, seat, p.step, a)) out.push(a);
          }
        }
      }
      if (s.chars) skillActions(s, seat, p.step, out);
      return out;
    }
    case 'send':
      return p.seat === seat ? sendActions(s, seat) : out;
    case 'receive':
      if (p.seat !== seat) return out;
      out.push({ kind: 'take', seat });
      if (!has(s.locked, seat)) out.push({ kind: 'refuse', seat });
      return out;
    case 'discard':
      if (p.seat !== seat) return out;
      for (const card of hand) out.push({ kind: 'choose', seat, card });
      return out;
    case 'chooseCharacter':
      if (has(p.picked, seat)) return out;
      for (const character of s.chars!.seats[seat].offers) out.push({ kind: 'pickCharacter', seat, character });
      return out;
  }
}
