// What the private panel (我的信息) says about one's own character.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view } from '../../src/engine/index.js';
import type { GameState } from '../../src/engine/types.js';
import { CHARACTER_NAMES } from '../../src/engine/characters/index.js';
import { characterText } from '../../src/i18n/characters.js';
import { renderPanel } from '../../src/discord/render/panel.js';

function chosen(seed: number): GameState {
  let s = newGame({ seed, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
  for (let i = 0; i < 5; i++) {
    const r = apply(s, { kind: 'pickCharacter', seat: i, character: s.chars!.seats[i].offers[0] });
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
  }
  return s;
}

const panelText = (s: GameState, seat: number, l: 'zh-CN' | 'en' = 'zh-CN') =>
  renderPanel(l, { gameId: 1, view: view(s, seat), legal: legalActions(s, seat), secrets: [] }).embeds[0].description ?? '';

describe('我的信息 and one’s character', () => {
  it('shows the 机密任务 to an 打酱油 player, and to nobody else', () => {
    let checked = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = chosen(seed);
      for (let seat = 0; seat < 5; seat++) {
        const name = s.chars!.seats[seat].name!;
        const mission = characterText('zh-CN', name)!.mission;
        const text = panelText(s, seat);
        expect(text).toContain(`角色：${name}`);
        expect(text).toContain(characterText('zh-CN', name)!.skills.slice(0, 10));
        if (s.players[seat].identity === '打酱油的') {
          expect(text).toContain(`机密任务：${mission}`);
          expect(panelText(s, seat, 'en')).toContain(characterText('en', name)!.mission);
          checked++;
        } else expect(text).not.toContain('机密任务：');
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('has words for every character, in both languages', () => {
    for (const name of CHARACTER_NAMES) {
      const zh = characterText('zh-CN', name);
      const en = characterText('en', name);
      expect(zh?.skills.length, name).toBeGreaterThan(10);
      expect(zh?.mission.length, name).toBeGreaterThan(1);
      // English falls back to Chinese when a text is missing: it must be there on its own.
      expect(en?.skills, name).not.toBe(zh?.skills);
    }
  });
});

describe('sending a card as intel', () => {
  it('asks where the intel goes, not what the card would do when used (识破, 烧毁 sent as 直达)', () => {
    let checked = 0;
    for (let seed = 1; seed <= 200 && checked < 3; seed++) {
      let s = newGame({ seed, players: ['A', 'B', 'C', 'D', 'E'] }).state;
      // Pass the first 出牌阶段 away: the current player then sends.
      for (let k = 0; k < 20 && s.pending?.kind === 'window'; k++) {
        const seat = [0, 1, 2, 3, 4].find((x) => legalActions(s, x).some((a) => a.kind === 'pass'));
        const r = seat === undefined ? null : apply(s, { kind: 'pass', seat });
        if (!r?.ok) break;
        s = r.state;
      }
      if (s.pending?.kind !== 'send') continue;
      const me = s.current;
      const card = s.players[me].hand.find((id) => ['识破', '烧毁'].includes(s.cards[id].name) && s.cards[id].mode === '直达');
      if (card === undefined) continue;
      for (const l of ['zh-CN', 'en'] as const) {
        const text = renderPanel(l, { gameId: 1, view: view(s, me), legal: legalActions(s, me), secrets: [], focus: { verb: 'send', card } }).embeds[0].description ?? '';
        expect(text).toMatch(l === 'zh-CN' ? /作为情报传出/ : /as intel/);
        expect(text).not.toMatch(/选择要识破的牌|选择一张假情报/);
      }
      checked++;
    }
    expect(checked).toBe(3);
  });
});

describe('before what cannot be taken back', () => {
  it('a card picked to send as intel asks for one more click; the last card of 出牌阶段(1) comes with a warning', async () => {
    const { clickAction } = await import('../../src/discord/handlers/game.js');
    let sends = 0;
    for (let seed = 1; seed <= 60 && sends < 3; seed++) {
      let s = newGame({ seed, players: ['A', 'B', 'C'] }).state;
      for (let k = 0; k < 20 && s.pending?.kind === 'window'; k++) {
        const seat = [0, 1, 2].find((x) => legalActions(s, x).some((a) => a.kind === 'pass'));
        const r = seat === undefined ? null : apply(s, { kind: 'pass', seat });
        if (!r?.ok) break;
        s = r.state;
      }
      if (s.pending?.kind !== 'send') continue;
      const me = s.current;
      const card = s.players[me].hand.find((id) => s.cards[id].mode !== '直达');
      if (card === undefined) continue;
      const r = clickAction(s, me, { game: 1, version: s.pending.opened, verb: 'send', args: [] }, String(card));
      expect(r).toEqual({ focus: { verb: 'send', card } });
      sends++;
    }
    expect(sends).toBe(3);

    const s = newGame({ seed: 4, players: ['A', 'B', 'C'] }).state;
    const me = s.current;
    const v = view(s, me);
    const last = { ...v, hand: v.hand!.slice(0, 1) };
    const legal = legalActions(s, me).filter((a) => a.kind !== 'play' || a.card === last.hand[0].id);
    const warned = (l: 'zh-CN' | 'en') => renderPanel(l, { gameId: 1, view: last, legal: [...legal, { kind: 'play', seat: me, card: last.hand[0].id }], secrets: [] }).embeds[0].description;
    expect(warned('zh-CN')).toContain('最后一张手牌');
    expect(warned('en')).toContain('last card');
    expect(renderPanel('zh-CN', { gameId: 1, view: v, legal: legalActions(s, me), secrets: [] }).embeds[0].description).not.toContain('最后一张手牌');
  });
});

describe('a skill question says what it asks', () => {
  it('names the skill and the question, and its answers read as sentences, in both languages', async () => {
    const { randInt, seedRng } = await import('../../src/engine/rng.js');
    const asked = new Set<string>();
    for (let g = 0; g < 400 && asked.size < 12; g++) {
      let s = newGame({ seed: g, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
      const rng = seedRng(g);
      for (let k = 0; k < 1500 && !s.result; k++) {
        const p = s.pending!;
        if (p.kind === 'decide') {
          const legal = legalActions(s, p.seat);
          for (const l of ['zh-CN', 'en'] as const) {
            const panel = renderPanel(l, { gameId: 1, view: view(s, p.seat), legal, secrets: [] });
            const text = panel.embeds[0].description ?? '';
            expect(text, `${p.skill}:${p.stage}`).toContain(`【${p.skill}】`);
            expect(text).not.toContain(l === 'zh-CN' ? '决定是否发动技能' : 'decide on a skill');
            const labels = panel.components.flatMap((r) => r.components).flatMap((c) => ('label' in c && c.label ? [c.label] : 'options' in c ? c.options.map((o) => o.label) : []));
            for (const a of legal) if (a.kind === 'decide' && a.option === 'no' && (p.stage === 'use' || p.stage === 'answer'))
              expect(labels.some((x) => x.includes(`【${p.skill}】`)), `${p.skill}: ${labels.join(' | ')}`).toBe(true);
          }
          asked.add(`${p.skill}:${p.stage}`);
        }
        const seats = p.kind === 'window' || p.kind === 'chooseCharacter' ? [0, 1, 2, 3, 4] : [p.seat];
        const all = seats.flatMap((x) => legalActions(s, x));
        const r = all.length ? apply(s, all[randInt(rng, all.length)]) : apply(s, { kind: 'timeout' });
        if (!r.ok) break;
        s = r.state;
      }
    }
    expect(asked.size).toBeGreaterThanOrEqual(12);
  });
});

describe('identical cards', () => {
  it('are one choice in a menu, with their count', () => {
    const s = newGame({ seed: 4, players: ['A', 'B', 'C'] }).state;
    const me = s.current;
    // Two cards of the same face from the deck, as the hand.
    const ids = s.cards.map((_, i) => i);
    const face = (i: number) => JSON.stringify(s.cards[i]);
    const pair = ids.filter((i) => ids.some((j) => j !== i && face(j) === face(i) && s.cards[i].name === '识破')).slice(0, 2);
    expect(pair).toHaveLength(2);
    const v = view(s, me);
    const hand = pair.map((id) => ({ id, ...s.cards[id] }));
    const legal = pair.map((card) => ({ kind: 'choose' as const, seat: me, card }));
    const panel = renderPanel('zh-CN', { gameId: 1, view: { ...v, hand }, legal, secrets: [] });
    const menu = panel.components.flatMap((r) => r.components).find((c) => 'options' in c) as { options: { label: string }[] };
    expect(menu.options).toHaveLength(1);
    expect(menu.options[0].label).toMatch(/识破.*×2/);
  });
});

describe('long answers', () => {
  it('a choice longer than a button holds becomes a menu option that says it in full, never a cut button', () => {
    const s = newGame({ seed: 4, players: ['A', 'B', 'C'] }).state;
    const me = s.current;
    const v = view(s, me);
    const cards = s.players[me].hand.slice(0, 5);
    const target = (me + 1) % 3;
    const legal = [
      { kind: 'decide' as const, seat: me, option: 'place', cards, target },
      { kind: 'decide' as const, seat: me, option: 'no' },
    ];
    const panel = renderPanel('en', { gameId: 1, view: v, legal, secrets: [] });
    const parts = panel.components.flatMap((r) => r.components);
    for (const c of parts) if ('label' in c && c.label) expect([...c.label].length).toBeLessThanOrEqual(80);
    const menu = parts.find((c) => 'options' in c) as { options: { label: string; description?: string }[] } | undefined;
    expect(menu).toBeDefined();
    const full = menu!.options.map((o) => o.label + (o.description ?? '')).join(' ');
    expect([...menu!.options[0].label + (menu!.options[0].description ?? '')].length).toBeGreaterThan(80);
    expect(full).toContain(`in front of ${s.players[target].name}`);
  });
});

describe('接收 / 不接收 says what is at stake', () => {
  /** A state where the intel waits at a seat for 接收 / 不接收 (a random game, no characters). */
  function takeState(): { s: GameState; seat: number } {
    for (let seed = 1; seed < 200; seed++) {
      let s = newGame({ seed, players: ['A', 'B', 'C', 'D', 'E'] }).state;
      for (let k = 0; k < 400 && !s.result; k++) {
        const seat = s.players.findIndex((_, i) => legalActions(s, i).some((a) => a.kind === 'take'));
        if (seat >= 0) return { s, seat };
        const waiting = s.players.map((_, i) => i).filter((i) => legalActions(s, i).length > 0);
        const acts = legalActions(s, waiting[k % waiting.length]);
        const pass = acts.find((a) => a.kind === 'pass');
        const r = apply(s, pass ?? acts[k % acts.length]);
        if (!r.ok) throw new Error(r.reason);
        s = r.state;
      }
    }
    throw new Error('no take decision in 200 games');
  }
  /** The same moment with the seat's intel, its identity and the intel at it (its face shown or not) set. */
  function at(o: { intel: ('红' | '蓝' | '黑')[]; card: '红' | '蓝' | '黑'; faceUp: boolean; identity?: '潜伏战线' | '军情处' | '打酱油的' }, l: 'zh-CN' | 'en' = 'zh-CN') {
    const { s: base, seat } = takeState();
    const s = structuredClone(base);
    const pool = s.cards.map((c, id) => ({ c, id })).filter(({ id }) => !s.players.some((p) => p.hand.includes(id)));
    const of = (color: string, skip: number[]) => pool.find(({ c, id }) => c.color === color && !skip.includes(id))!.id;
    const used: number[] = [];
    for (const color of o.intel) used.push(of(color, used));
    s.players[seat].intel = used;
    s.transit!.card = of(o.card, used);
    s.transit!.faceUp = o.faceUp;
    s.transit!.known = 0;
    if (o.identity) s.players[seat].identity = o.identity;
    return panelText(s, seat, l);
  }

  it('a third black intel kills; a face-down one with two black may; your side’s third colour wins; else which one it would be', () => {
    expect(at({ intel: ['黑', '黑'], card: '黑', faceUp: true })).toContain('⚠️ 接收它会是你的第三张黑情报：你会死亡。');
    expect(at({ intel: ['黑', '黑'], card: '红', faceUp: false })).toContain('⚠️ 它背面朝上；你已有两张黑情报，若它是黑色，接收它你会死亡。');
    expect(at({ intel: ['黑'], card: '红', faceUp: false })).toContain('它背面朝上：你看不到它的颜色。');
    expect(at({ intel: ['红', '红'], card: '红', faceUp: true, identity: '潜伏战线' })).toContain('接收它会是你的第3张红情报：你的阵营获胜。');
    expect(at({ intel: ['红', '红'], card: '红', faceUp: true, identity: '军情处' })).toContain('接收它会是你的第3张红情报。');
    expect(at({ intel: ['蓝'], card: '蓝', faceUp: true, identity: '军情处' }, 'en')).toContain('Taking it would be your blue intel number 2.');
  });

  it('where the intel is chosen, the panel says how each mode travels, once', () => {
    let state = newGame({ seed: 3, players: ['A', 'B', 'C'] }).state;
    const sender = () => state.players.findIndex((_, i) => legalActions(state, i).some((a) => a.kind === 'send'));
    for (let k = 0; k < 50 && sender() < 0; k++) {
      const acts = state.players.flatMap((_, i) => legalActions(state, i));
      const r = apply(state, acts.find((a) => a.kind === 'pass') ?? acts[0]);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    expect(sender()).toBeGreaterThanOrEqual(0);
    const text = panelText(state, sender());
    expect(text.split('密电背面朝上').length).toBe(2);
    expect(panelText(state, (sender() + 1) % 3)).not.toContain('密电背面朝上');
  });
});
