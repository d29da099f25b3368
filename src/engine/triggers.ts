// The framework of declared triggered skills (characters/skill.ts TriggerSkill): each becomes a hook
// on its timing point and, when optional, the yes/no question of its 'use' stage. registry.ts
// compiles them when a character registers; fire() and the queue (queue.ts) then see plain hooks
// and decisions.
import type { CharacterDef, DecideAction, Decision, Hook, HookPoint, Hooks, SkillUse, TriggerSkillAt } from './characters/skill.js';
import { flip } from './ops.js';
import { enqueue } from './pending.js';
import { inGame, type Ctx } from './state.js';
import type { Action, GameState } from './types.js';

/** The answers of a yes/no question, the default (on timeout) first. */
export const YES_NO: Extract<Action, { kind: 'decide' }>[] = [
  { kind: 'decide', seat: 0, option: 'no' },
  { kind: 'decide', seat: 0, option: 'yes' },
];

/** A declared trigger at whichever point (its `when` is only called by its point's hook). */
type Declared = TriggerSkillAt<SkillUse, HookPoint>;

const sideOk = (s: GameState, seat: number, t: Declared): boolean => s.chars!.seats[seat].faceUp === (t.face !== 'down');
/** The owner may use it: on its side, and in the game unless it is a skill of the owner's own death. */
const ownerOk = (s: GameState, seat: number, t: Declared): boolean => sideOk(s, seat, t) && (t.ownDeath === true || inGame(s.players[seat]));

function use(s: GameState, ctx: Ctx, t: Declared, u: SkillUse, a?: DecideAction): void {
  if (!t.silent) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: u.seat, skill: t.skill, ...t.names?.(s, u, a) });
  t.effect(s, ctx, u, a);
}

function hookOf<P extends HookPoint>(t: TriggerSkillAt<SkillUse, P>): Hook<P> {
  return (s, ctx, owner, info) => {
    if (!ownerOk(s, owner, t)) return;
    if (t.about !== undefined && (info.seat === owner) !== (t.about === 'self')) return;
    const r = t.when ? t.when(s, ctx, owner, info) : true;
    if (r === false) return;
    const data = r === true ? undefined : r;
    if (t.optional === false) use(s, ctx, t, data === undefined ? { seat: owner } : { seat: owner, data });
    else enqueue(s, owner, t.skill, t.stage ?? 'use', data);
  };
}

function decisionOf(t: Declared): Decision {
  const first = t.stage ?? 'use';
  return {
    showsIdentity: t.showsIdentity,
    sees: t.then?.sees && ((s, d) => (d.stage === first ? undefined : t.then!.sees!(s, d))),
    choices(s, d) {
      if (d.stage !== first) return t.then ? t.then.choices(s, d) : [];
      if (!ownerOk(s, d.seat, t)) return [];
      if (t.still && !t.still(s, d)) return [];
      return t.choices ? t.choices(s, d) : YES_NO;
    },
    answer(s, ctx, d, a) {
      if (d.stage !== first) return t.then?.answer(s, ctx, d, a);
      if (a.option === 'no') return;
      if (t.face === 'down') flip(s, ctx, d.seat, true);
      use(s, ctx, t, d, a);
    },
  };
}

/** Adds a declared trigger's hook at its point, after what is there already (the character's own hook runs first). */
function attach<P extends HookPoint>(on: Hooks, t: TriggerSkillAt<SkillUse, P>): void {
  // The hooks seen at P alone: TypeScript writes an entry of a mapped type by a generic key only so.
  const at: { [K in P]?: Hook<K> } = on;
  const prev = at[t.on];
  const h = hookOf(t);
  at[t.on] = prev
    ? (s, ctx, owner, info) => {
        prev(s, ctx, owner, info);
        h(s, ctx, owner, info);
      }
    : h;
}

/** The character with its declared triggers made into hooks and questions. */
export function compileTriggers(def: CharacterDef): CharacterDef {
  if (!def.triggers?.length) return def;
  const on = { ...def.on };
  const decide = { ...def.decide };
  for (const t of def.triggers) {
    attach(on, t);
    if (t.optional === false) continue;
    if (decide[t.skill]) throw new Error(`${def.name}: ${t.skill} is both declared and decided by hand`);
    decide[t.skill] = decisionOf(t);
  }
  return { ...def, on, decide };
}
