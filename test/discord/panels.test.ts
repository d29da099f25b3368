// Open 我的信息 panels (src/discord/outbound/panels.ts): each click brings a new interaction token for
// the player's panel, and the panel it replaces is edited no more. Its closing timer (set for just
// before its token's 15 minutes run out) must go with it: a timer left running keeps the old panel
// in memory for those minutes, one more per click (the bot grew by megabytes a game under load).
// A refresh that changes only a panel's words (others' moves) waits its turn, as the table's edits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatInputCommandInteraction, REST } from 'discord.js';
import { encodeId } from '../../src/discord/custom-id.js';
import { Panels, type PanelsOptions } from '../../src/discord/outbound/panels.js';
import { logger } from '../../src/log.js';
import type { StoredPanel } from '../../src/store/index.js';

afterEach(() => void vi.useRealTimers());

/**
 * Lets a refresh run (it starts on the next turn of the event loop, which fake timers leave real) but
 * not a refresh waiting its turn: panels.idle() would wait for that, on the fake clock.
 */
const settle = async () => {
  for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r));
};

/** Panels on a still clock that render nothing keyed, store nothing and send nothing, but for `o`. */
const panelsWith = (o: Partial<PanelsOptions>) =>
  new Panels({
    log: logger.child({}, { level: 'silent' }),
    now: () => 1_000_000,
    render: () => ({ content: 'x' }),
    keyOf: () => null,
    rest: {} as REST,
    closed: () => ({ content: 'closed' }),
    persist: () => undefined,
    timers: { now: () => 1_000_000, setTimeout: () => 1, clearTimeout: () => undefined },
    everyMs: 1000,
    ...o,
  });


/** A refresh as the REST client is handed it: the JSON text its digest was taken of, sent as it is. */
type Sent = { body: string; passThroughBody?: boolean; headers?: Record<string, string> };
const sent = (o: Sent): string => {
  expect(o.passThroughBody).toBe(true);
  expect(o.headers?.['Content-Type']).toBe('application/json');
  return (JSON.parse(o.body) as { content: string }).content;
};
describe('panels', () => {
  it("a player's new panel stops the closing timer of the one it replaces", () => {
    const live = new Set<number>();
    let next = 0;
    const stored: (StoredPanel | null)[] = [];
    const panels = panelsWith({
      persist: (_g, _s, p) => void stored.push(p),
      timers: {
        now: () => 1_000_000,
        setTimeout: () => (live.add(++next), next),
        clearTimeout: (h) => void live.delete(h as number),
      },
    });
    for (let click = 0; click < 20; click++) {
      const i = { applicationId: 'app', token: `token-${click}`, isChatInputCommand: () => true } as unknown as ChatInputCommandInteraction;
      panels.claim(7, 2, i, 'zh-CN');
      panels.shown(7, 2, { content: `panel ${click}` }, undefined, 0);
      panels.release(7, 2);
    }
    // One panel open, one closing timer; the newest token is the one stored.
    expect(live.size).toBe(1);
    expect(stored.at(-1)?.token).toBe('token-19');
    expect(panels.fresh(7, 2)).toBe(true);
    // The game's end forgets it, and its timer.
    panels.forget(7);
    expect(live.size).toBe(0);
  });

  it("edits a panel at once when its decision's buttons come or go, and its words alone at most once a second", async () => {
    // The pace is the wall clock's (as the table's): vitest's fake timers move it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const closing = new Map<number, () => void>();
    let next = 0;
    let version = 0;
    // A decision's button (its version), or the player's own toggle alone (version 0).
    const PASS = encodeId(7, 5, 'pass');
    const PLAY = encodeId(7, 9, 'play');
    const NONE = encodeId(7, 0, 'respond', 1);
    const PICK = encodeId(7, 0, 'act', 1, 5);
    let buttons = PASS;
    const edits: string[] = [];
    const panels = panelsWith({
      render: () => ({ content: `v${version}`, components: [{ type: 1, components: [{ type: 2, custom_id: buttons, label: buttons, style: 2 }] }] }),
      rest: { patch: async (_route: string, o: Sent) => void edits.push(sent(o)) } as unknown as REST,
      timers: { now: () => 1_000_000, setTimeout: (fn) => (closing.set(++next, fn), next), clearTimeout: (h) => void closing.delete(h as number) },
    });
    const advance = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      await settle();
    };
    const commit = async (b = buttons) => {
      version++;
      buttons = b;
      panels.changed(7, version);
      await settle();
    };
    panels.claim(7, 2, { applicationId: 'app', token: 't', isChatInputCommand: () => true } as unknown as ChatInputCommandInteraction, 'zh-CN');
    panels.shown(7, 2, { content: 'v0', components: [{ type: 1, components: [{ type: 2, custom_id: PASS, label: PASS, style: 2 }] }] }, undefined, 0);
    panels.release(7, 2);
    // Words alone within the second of its showing: none goes until the second is up, then the newest.
    await commit();
    await advance(400);
    await commit();
    expect(edits).toEqual([]);
    await advance(600);
    expect(edits).toEqual(['v2']);
    // New buttons (a decision of its player's): at once, and what waited goes with them.
    await advance(100);
    await commit();
    await commit(PLAY);
    expect(edits).toEqual(['v2', 'v4']);
    // Its buttons gone: at once too; then words alone wait again.
    await advance(100);
    await commit(NONE);
    await commit();
    expect(edits).toEqual(['v2', 'v4', 'v5']);
    await advance(1000);
    expect(edits).toEqual(['v2', 'v4', 'v5', 'v6']);
    // A decision opened at version 0 (the characters offered as a game begins) is a decision too.
    await advance(100);
    await commit(PICK);
    expect(edits).toEqual(['v2', 'v4', 'v5', 'v6', 'v7']);
    await advance(1000);
    // The game's end edits it at once, a last time, and forgets it with its timers.
    await commit();
    panels.changed(7, ++version, {} as never); // its last state: this render reads none
    await settle();
    expect(edits).toEqual(['v2', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
    expect(vi.getTimerCount()).toBe(0);
    expect(closing.size).toBe(0);
    expect(panels.fresh(7, 2)).toBe(false);
    vi.useRealTimers();
  });

  it('draws a panel no sooner than its edit may go while the decision it shows stays open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let version = 0;
    let renders = 0;
    const edits: string[] = [];
    const panels = panelsWith({
      render: () => (renders++, { content: `v${version}` }),
      rest: { patch: async (_route: string, o: Sent) => void edits.push(sent(o)) } as unknown as REST,
    });
    const commit = async (opened: number) => {
      version++;
      panels.changed(7, opened);
      await settle();
    };
    panels.claim(7, 2, { applicationId: 'app', token: 't', isChatInputCommand: () => true } as unknown as ChatInputCommandInteraction, 'zh-CN');
    panels.shown(7, 2, { content: 'v0' }, undefined, 3);
    panels.release(7, 2);
    // Four players pass in the window opened at version 3: nothing drawn until the second is up, then once.
    for (let i = 0; i < 4; i++) await commit(3);
    expect(renders).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect([renders, edits]).toEqual([1, ['v4']]);
    // A new decision is drawn at once (its buttons may go at once), even within the second.
    await vi.advanceTimersByTimeAsync(100);
    await commit(8);
    expect(renders).toBe(2);
    vi.useRealTimers();
  });

  it('renders a panel whose key (what it shows, where cheaply known) is the one shown only when the key changes', async () => {
    let key: string | null = 'a';
    let words = 'w0';
    let renders = 0;
    const edits: string[] = [];
    const panels = panelsWith({
      render: () => (renders++, { content: words }),
      keyOf: () => key,
      rest: { patch: async (_route: string, o: Sent) => void edits.push(sent(o)) } as unknown as REST,
      everyMs: 0,
    });
    let opened = 0;
    const commit = async () => {
      panels.changed(7, ++opened);
      await settle();
    };
    panels.claim(7, 2, { applicationId: 'app', token: 't', isChatInputCommand: () => true } as unknown as ChatInputCommandInteraction, 'zh-CN');
    panels.shown(7, 2, { content: 'w0' }, undefined, 0);
    panels.release(7, 2);
    // What the handler showed has no key: the first refresh renders it, finds it unchanged, and learns its key.
    await commit();
    expect([renders, edits]).toEqual([1, []]);
    await commit();
    await commit();
    expect([renders, edits]).toEqual([1, []]);
    // A new key: rendered and edited; then kept again.
    key = 'b';
    words = 'w1';
    await commit();
    await commit();
    expect([renders, edits]).toEqual([2, ['w1']]);
    // No key (the seat is asked something): rendered every time, edited only when it changed.
    key = null;
    await commit();
    await commit();
    expect([renders, edits]).toEqual([4, ['w1']]);
    // Shown by a click again, keyed by its handler: not rendered while the key stays.
    key = 'b';
    panels.claim(7, 2, { applicationId: 'app', token: 't2', isChatInputCommand: () => true } as unknown as ChatInputCommandInteraction, 'zh-CN');
    panels.shown(7, 2, { content: 'w1' }, undefined, opened, 'b');
    panels.release(7, 2);
    await commit();
    await commit();
    expect([renders, edits]).toEqual([4, ['w1']]);
    // Shown without a key (the handler did not know it): the next refresh renders it once.
    panels.claim(7, 2, { applicationId: 'app', token: 't3', isChatInputCommand: () => true } as unknown as ChatInputCommandInteraction, 'zh-CN');
    panels.shown(7, 2, { content: 'w1' }, undefined, opened);
    panels.release(7, 2);
    await commit();
    await commit();
    expect([renders, edits]).toEqual([5, ['w1']]);
  });
});
