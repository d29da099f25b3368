// Open 我的信息 panels (src/discord/outbound/panels.ts): each click brings a new interaction token for
// the player's panel, and the panel it replaces is edited no more. Its closing timer (set for just
// before its token's 15 minutes run out) must go with it: a timer left running keeps the old panel
// in memory for those minutes, one more per click (the bot grew by megabytes a game under load).
import { describe, expect, it } from 'vitest';
import type { ChatInputCommandInteraction, REST } from 'discord.js';
import { Panels } from '../../src/discord/outbound/panels.js';
import { logger } from '../../src/log.js';
import type { StoredPanel } from '../../src/store/index.js';

describe('panels', () => {
  it("a player's new panel stops the closing timer of the one it replaces", () => {
    const live = new Set<number>();
    let next = 0;
    const stored: (StoredPanel | null)[] = [];
    const panels = new Panels({
      log: logger.child({}, { level: 'silent' }),
      now: () => 1_000_000,
      render: () => ({ content: 'x' }),
      rest: {} as REST,
      closed: () => ({ content: 'closed' }),
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
});
