// What one viewer's socket is sent after each commit: `view(state, seat)` of that viewer's seat (the
// public view for a spectator), the seat's own legal actions, and the words for both in the viewer's
// language, made by the same renderers as the table and the panel. Secrets by construction: nothing
// here reads the state except `view`, `legalActions` and `decider` for that seat, as the panel does.
import { decider, isResponseWindow, legalActions, printedName, view, type GameState, type GameView } from '../engine/index.js';
import { t, type Locale, type MessageKey } from '../i18n/index.js';
import type { Frame } from './protocol.js';
import { characterText } from '../i18n/characters.js';
import { actionLabel } from '../discord/render/panel.js';
import { KEPT_LINES } from '../discord/outbound/publisher.js';
import { cardText, identityText, pendingText, resultText, secretLine, stepText } from '../discord/render/words.js';
import type { GameEvent } from '../engine/index.js';

export interface FrameInput {
  gameId: number;
  state: GameState;
  seat: number | null;
  l: Locale;
  now: number;
  log: string[];
  /** The seat's private events (EventLog.secretsOf); empty for a spectator. */
  secrets: GameEvent[];
  ai: number[];
  autopilot: number[];
  quiet: boolean;
  windowMs: number | null;
}

/** Direction marks and overrides, which could reorder the text around a name. */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function frameOf(x: FrameInput): Frame {
  const { l, state, seat } = x;
  const v = view(state, seat);
  // Names as typed (the page writes them as text, never as markup), without direction marks.
  const names = v.players.map((p) => p.name.replace(BIDI, ''));
  const legal = seat === null || v.result ? [] : legalActions(state, seat);
  const byId = new Map<number, GameView['players'][number]['intel'][number]>();
  for (const c of v.hand ?? []) byId.set(c.id, c);
  for (const p of v.players) for (const c of p.intel) byId.set(c.id, c);
  for (const c of v.pending?.cards ?? []) byId.set(c.id, c);
  const mine = new Set((v.hand ?? []).map((c) => c.id));
  const label = (id: number) => {
    const c = byId.get(id);
    return c ? cardText(l, c, mine.has(id)) : t(l, 'card.secret');
  };
  const asked = { skill: v.pending?.skill, stage: v.pending?.stage };
  const waited = seat !== null && (v.pending?.waitingOn.includes(seat) ?? false);
  const own = decider(state);
  const closed = v.result !== null;
  return {
    t: 'frame',
    game: x.gameId,
    seat,
    locale: l,
    now: x.now,
    view: v,
    title: closed ? t(l, 'table.titleOver') : t(l, 'table.title', { round: v.round }),
    seats: v.players.map((p) => ({
      seat: p.seat,
      name: names[p.seat],
      identity: p.identity ? identityText(l, p.identity) : null,
      character: p.character ? printedName(p.character) : null,
      intel: p.intel.map((c) => ({ id: c.id, label: cardText(l, c), name: c.name, color: c.color })),
      tags: [
        ...(!p.alive ? [t(l, 'act.dead')] : p.out ? [t(l, 'act.out')] : []),
        ...(p.locked && !closed ? [t(l, 'act.locked')] : []),
        ...(v.transit?.away.includes(p.seat) && !closed ? [t(l, 'act.away')] : []),
        ...(x.ai.includes(p.seat) ? [t(l, 'act.ai')] : x.autopilot.includes(p.seat) ? [t(l, 'act.auto')] : []),
      ],
    })),
    hand: (v.hand ?? []).map((c) => ({
      id: c.id,
      label: cardText(l, c, true),
      name: c.name,
      color: t(l, `color.${c.color}`),
      mode: t(l, `mode.${c.mode}`),
      effect: t(l, `hint.${c.name}` as MessageKey),
    })),
    actions: legal.map((a) => ({ action: a, label: a.kind === 'pass' ? t(l, 'btn.pass') : actionLabel(l, a, names, label, asked) })),
    characters: seat === null ? [] : charactersOf(l, v, seat),
    asked: waited ? pendingText(l, v) : null,
    status: closed ? '' : statusOf(l, v, own, names),
    decider: closed ? null : own,
    piles: t(l, 'table.piles', { deck: v.deck, discard: v.discard, removed: v.removed }),
    transit:
      v.transit && !closed
        ? t(l, 'act.transit', {
            from: names[v.transit.sender],
            mode: t(l, `mode.${v.transit.mode}`),
            face: v.transit.card ? cardText(l, v.transit.card) : t(l, 'table.faceDown'),
            where: names[v.transit.at],
          })
        : null,
    stack: closed ? [] : v.stack.map((s) => `${names[s.user]}：${s.card ? cardText(l, s.card) : s.as}${s.target !== undefined ? ` → ${names[s.target]}` : ''}`),
    log: x.log.slice(-KEPT_LINES),
    secrets: x.secrets
      .map((ev) => (seat === null ? null : secretLine(l, ev, seat, names, state.cards)))
      .filter((s): s is string => s !== null)
      .slice(-10),
    // As the panel (render/panel.ts answerButtons): for a seat in the game, all through the turns.
    quiet: seat !== null && v.players[seat].alive && !v.players[seat].out && !closed && ((v.pending && v.pending.kind !== 'chooseCharacter') || x.quiet) ? x.quiet : null,
    windowMs: isResponseWindow(state) && !closed ? x.windowMs : null,
    result: closed ? publicResult(l, v, names) : null,
    yours: closed && seat !== null ? resultText(l, v, seat) : null,
  };
}

/** The seat's own character with its printed skills; while none is chosen, the two offered. */
function charactersOf(l: Locale, v: GameView, seat: number): { name: string; skills: string }[] {
  const mine = v.players[seat].character;
  return (mine ? [mine] : (v.offers ?? [])).map((name) => ({ name: printedName(name), skills: characterText(l, name)?.skills ?? '' }));
}

function statusOf(l: Locale, v: GameView, own: number | null, names: string[]): string {
  if (!v.pending) return '';
  if (own !== null) return t(l, 'act.waiting', { what: v.pending.kind === 'window' ? stepText(l, v) : pendingText(l, v), who: names[own] });
  if (v.pending.kind === 'window') return t(l, 'act.window', { step: stepText(l, v) });
  return t(l, 'act.everyone', { what: pendingText(l, v) });
}

function publicResult(l: Locale, v: GameView, names: string[]): string {
  const r = v.result!;
  return r.draw ? t(l, 'table.draw', { reason: t(l, `reason.${r.reason}` as 'reason.roundLimit') }) : t(l, 'table.winners', { names: r.winners.map((w) => names[w]).join('、') });
}
