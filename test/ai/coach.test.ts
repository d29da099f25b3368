// The coach (提示, issue 38 §3): the move it gives is one of the seat's legal actions; what it says is
// made from the seat's view, legal actions and the events that seat was shown only — a state whose
// hidden parts were dealt again, with the events the seat never saw left out, gets the same hint
// word for word — and names nothing the view does not allow; its reasons read what the view shows.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view, waitingOn, type Action, type GameEvent, type GameState, type GameView } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { ExpertPolicy, newMemory, observeAll, StrongPolicy, visibleTo } from '../../src/ai/index.js';
import { whyMove } from '../../src/ai/coach.js';
import { makeCoach } from '../../src/discord/seats/coach.js';
import { renderAdvice, whyText } from '../../src/discord/render/coach.js';
import { decodeId, actionHash } from '../../src/discord/custom-id.js';
import { redeal } from './fixtures/redeal.js';
import { hintProblems } from './fixtures/coach-text.js';

interface Moment {
  s: GameState;
  seat: number;
  events: GameEvent[];
}

/** Moments of strong-played games (every decision kind, every seat asked), with the game's events so far. */
function moments(count: number, characters: boolean, every = 4, choices = true): Moment[] {
  const out: Moment[] = [];
  const strong = new StrongPolicy();
  for (let g = 0; out.length < count && g < 30; g++) {
    const start = newGame({ seed: 700 + g, players: ['A', 'B', 'C', 'D', 'E'], options: { characters } });
    let s = start.state;
    const events: GameEvent[] = [...start.events];
    let mems = s.players.map((_, i) => observeAll(newMemory(view(s, i)), start.events));
    const rng = seedRng(g + 1);
    let k = 0;
    while (!s.result && out.length < count) {
      const seats = waitingOn(s);
      const seat = seats[randInt(rng, seats.length)];
      const legal = legalActions(s, seat);
      // A real choice (more than one legal action), unless every moment is asked for.
      if ((!choices || legal.length > 1) && k++ % every === 0) out.push({ s, seat, events: [...events] });
      const r = apply(s, strong.decide(view(s, seat), legal, mems[seat]));
      if (!r.ok) throw new Error(r.reason);
      events.push(...r.events);
      mems = mems.map((m) => observeAll(m, r.events));
      s = r.state;
    }
  }
  return out;
}


const expert = new ExpertPolicy({ steps: 1500 });
const coach = makeCoach({ advise: async (v, legal, memory) => expert.decide(v, legal, memory) }, async (gameId) => logs.get(gameId) ?? []);
const logs = new Map<number, GameEvent[]>();

async function hintAt(s: GameState, seat: number, events: GameEvent[]) {
  logs.set(1, events);
  const advice = await coach(1, s, seat);
  return { advice, zh: renderAdvice('zh-CN', 1, advice), en: renderAdvice('en', 1, advice) };
}

describe('the coach (提示)', () => {
  for (const characters of [false, true]) {
    it(`gives one of the seat's legal actions, and 照做 names it (characters ${characters ? 'on' : 'off'})`, async () => {
      const ms = moments(40, characters);
      expect(ms.length).toBe(40);
      const kinds = new Set<string>();
      let searched = 0;
      for (const { s, seat, events } of ms) {
        const legal = legalActions(s, seat);
        const before = expert.stats().playouts;
        const { advice, zh } = await hintAt(s, seat, events);
        if (expert.stats().playouts > before) searched++;
        expect(advice.move).not.toBeNull();
        const move = advice.move!;
        kinds.add(move.action.kind);
        expect(legal.map((a) => JSON.stringify(a))).toContain(JSON.stringify(move.action));
        // 照做 is an 'act' click: the action's place in the seat's legal list and a check of it.
        const id = decodeId((zh.components[0].components[0] as { custom_id: string }).custom_id)!;
        expect(id.verb).toBe('act');
        expect(id.version).toBe(s.pending!.opened);
        expect(JSON.stringify(legal[id.args[0]])).toBe(JSON.stringify(move.action));
        expect(id.args[1]).toBe(actionHash(legal[id.args[0]]));
        expect(apply(s, move.action).ok).toBe(true);
      }
      // Real choices of several kinds, some of them searched (not only the strong policy's answer).
      expect([...kinds].sort().join(' ')).toMatch(characters ? /pickCharacter.*play/ : /pass.*send/);
      expect(searched).toBeGreaterThan(3);
    }, 60_000);

    it(`says the same when what the seat cannot see changes, and names nothing outside its view (characters ${characters ? 'on' : 'off'})`, async () => {
      const ms = moments(24, characters, 5);
      let reads = 0;
      for (const [i, { s, seat, events }] of ms.entries()) {
        const t = redeal(s, seat, i + 1);
        expect(JSON.stringify(view(t, seat))).toBe(JSON.stringify(view(s, seat)));
        const a = await hintAt(s, seat, events);
        // Only the events this seat was shown: an honest coach cannot tell the difference.
        const b = await hintAt(t, seat, events.filter((e) => visibleTo(e, seat)));
        expect(b.zh).toEqual(a.zh);
        expect(b.en).toEqual(a.en);
        const v = view(s, seat);
        for (const text of [a.zh.content, a.en.content]) expect(hintProblems(text, v, legalActions(s, seat))).toEqual([]);
        if (a.zh.content.includes('可能是')) reads++;
      }
      // Some hints do read the table (a guess about a player), so the check above checks them.
      expect(reads).toBeGreaterThan(0);
    }, 60_000);
  }

  it('with nothing asked of the seat, says so and offers no move', async () => {
    const m = moments(60, false, 1, false).find((x) => waitingOn(x.s).length < x.s.players.length)!;
    const idle = m.s.players.map((_, i) => i).find((i) => !waitingOn(m.s).includes(i))!;
    expect(legalActions(m.s, idle)).toEqual([]);
    const { advice, zh, en } = await hintAt(m.s, idle, m.events);
    expect(advice.move).toBeNull();
    expect(zh.content).toBe('现在没有等你做的决定。');
    expect(en.content).toBe('Nothing is asked of you right now.');
    expect(zh.components).toEqual([]);
  });

  it('the secrecy check finds what a hint must not name', () => {
    const m = moments(1, false)[0];
    const v = view(m.s, m.seat);
    const other = v.players.find((p) => p.seat !== m.seat)!;
    const hand = new Set((v.hand ?? []).map((c) => c.name));
    const unseen = ['锁定', '截获', '识破', '烧毁', '破译', '调虎离山', '试探', '退回'].find((n) => !hand.has(n as never) && !v.players.some((p) => p.intel.some((c) => c.name === n)))!;
    const legal = legalActions(m.s, m.seat);
    expect(hintProblems(`${other.name} 很可能是军情处（约七成）：别把红情报交给他。`, v, legal)).toEqual([]);
    expect(hintProblems(`${other.name} 是军情处`, v, legal)).toHaveLength(1);
    expect(hintProblems(`${v.players[m.seat].name} 很可能是军情处（约七成）`, v, legal)).toHaveLength(1);
    expect(hintProblems(`${other.name} 可能是打酱油的（约四成）`, v, legal)).toEqual([]);
    expect(hintProblems(`${other.name} may be 打酱油的 (Bystander) (about 40%)`, v, legal)).toEqual([]);
    expect(hintProblems(`${other.name} 手里有${unseen}`, v, legal)).toHaveLength(1);
  });
});

/** A view of the seat's, changed as a test needs (whyMove reads the view only). */
function withView(s: GameState, seat: number, change: (v: GameView) => void): GameView {
  const v: GameView = JSON.parse(JSON.stringify(view(s, seat)));
  change(v);
  return v;
}

describe('why (the coach reason)', () => {
  const at = (kind: string) => moments(200, false, 1).find((m) => m.s.pending?.kind === kind && legalActions(m.s, m.seat).length > 1)!;
  const blacks = (s: GameState) => s.cards.map((c, id) => ({ ...c, id })).filter((c) => c.color === '黑');

  it('a third black intel would kill you; your colour that wins; a face-down one at two black', () => {
    const m = at('receive');
    expect(m).toBeDefined();
    const legal = legalActions(m.s, m.seat);
    const refuse = legal.find((a) => a.kind === 'refuse') as Action;
    const take = legal.find((a) => a.kind === 'take') as Action;
    const memory = observeAll(newMemory(view(m.s, m.seat)), m.events);
    const [b1, b2, b3] = blacks(m.s);
    const dying = withView(m.s, m.seat, (v) => {
      v.players[m.seat].intel = [b1, b2];
      v.transit!.card = b3;
    });
    expect(whyMove(dying, legal, memory, refuse)).toEqual({ kind: 'deadlyBlack' });
    expect(whyText('zh-CN', whyMove(dying, legal, memory, refuse), [])).toBe('第三张黑情报会让你死亡。');
    const blind = withView(m.s, m.seat, (v) => {
      v.players[m.seat].intel = [b1, b2];
      delete v.transit!.card;
    });
    expect(whyMove(blind, legal, memory, refuse).kind).toBe('blindAtTwo');
    const colour = view(m.s, m.seat).identity === '军情处' ? '蓝' : '红';
    const own = m.s.cards.map((c, id) => ({ ...c, id })).filter((c) => c.color === colour);
    const winning = withView(m.s, m.seat, (v) => {
      v.identity = colour === '红' ? '潜伏战线' : '军情处';
      v.players[m.seat].intel = [own[0], own[1]];
      v.transit!.card = own[2];
    });
    expect(whyMove(winning, legal, memory, take)).toEqual({ kind: 'takeWins', color: colour, count: 3 });
    expect(whyText('zh-CN', { kind: 'takeWins', color: '红', count: 3 }, [])).toBe('收下它，你面前就有 3 张红情报：你方获胜。');
  });

  it('a send reads the table: black to a likely enemy, your colour away from one', () => {
    const m = at('send');
    const v = view(m.s, m.seat);
    const legal = legalActions(m.s, m.seat);
    const memory = observeAll(newMemory(v), m.events);
    const sends = legal.filter((a): a is Extract<Action, { kind: 'send' }> => a.kind === 'send');
    const whys = sends.map((a) => whyMove(v, legal, memory, a));
    for (const [k, w] of whys.entries()) {
      const color = v.hand!.find((c) => c.id === sends[k].card)!.color;
      if (w.kind === 'blackToEnemy') expect(color).toBe('黑');
      if (w.kind === 'avoid' || w.kind === 'ownToAlly') expect(w.color).toBe(color);
      if (w.kind === 'blackToEnemy' || w.kind === 'avoid') expect(w.read.identity).not.toBe(v.identity);
    }
    expect(whys.some((w) => w.kind === 'blackToEnemy' || w.kind === 'avoid' || w.kind === 'ownToAlly')).toBe(true);
  });
});
