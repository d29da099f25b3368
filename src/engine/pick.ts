// Choosing characters before the first turn (docs/rules.md §11).
import { setPending } from './pending.js';
import { refuse, type Refusal } from './refusals.js';
import { CHARACTERS } from './registry.js';
import { bit, has, type Ctx } from './state.js';
import { startTurn } from './turn.js';
import type { Action, CharacterName, GameState, Pending } from './types.js';

export function checkPick(s: GameState, a: Extract<Action, { kind: 'pickCharacter' }>): Refusal | null {
  const p = s.pending!;
  if (p.kind !== 'chooseCharacter' || has(p.picked, a.seat)) return refuse('notChoosingCharacter');
  if (!s.chars!.seats[a.seat].offers.includes(a.character)) return refuse('notOffered', { character: String(a.character) });
  return null;
}

export function performPick(s: GameState, ctx: Ctx, seat: number, character: CharacterName): void {
  const p = s.pending as Extract<Pending, { kind: 'chooseCharacter' }>;
  const sc = s.chars!.seats[seat];
  // The one place a seat's character is named, once.
  sc.name = character;
  sc.faceUp = !CHARACTERS[character].hidden;
  p.picked |= bit(seat);
  ctx.ev.push({ to: 'all', type: 'characterPicked', seat });
  ctx.ev.push({ to: [seat], type: 'character', seat, character });
  const all = (1 << s.players.length) - 1;
  if ((p.picked & all) !== all) return;
  // Everyone has chosen: face-up characters are shown, then identities are dealt (003 开始游戏).
  s.chars!.seats.forEach((x, i) => {
    if (x.faceUp) ctx.ev.push({ to: 'all', type: 'characterUp', seat: i, character: x.name! });
  });
  s.players.forEach((q, i) => ctx.ev.push({ to: [i], type: 'identity', seat: i, identity: q.identity }));
  setPending(s, ctx, null);
  startTurn(s, ctx);
}

/** The timer ran out (docs/rules.md §10): each who has not chosen gets the first offered, in seat order. */
export function timeoutPick(s: GameState, ctx: Ctx): void {
  for (let i = 0; i < s.players.length; i++) {
    const p = s.pending;
    if (!p || p.kind !== 'chooseCharacter') return;
    if (!has(p.picked, i)) performPick(s, ctx, i, s.chars!.seats[i].offers[0]);
  }
}
