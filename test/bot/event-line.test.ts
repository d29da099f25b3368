// The table's log line for an event (src/discord/render/words.ts eventLine), in both languages.
import { describe, expect, it } from 'vitest';
import { eventLine } from '../../src/discord/render/words.js';

const names = ['alice', 'bob', 'carol'];

describe('eventLine', () => {
  it('a reveal names the identity', () => {
    expect(eventLine('en', { to: 'all', type: 'reveal', seat: 1, identity: '军情处' }, names, [])).toContain('bob');
    expect(eventLine('zh-CN', { to: 'all', type: 'reveal', seat: 1, identity: '军情处' }, names, [])).toBe('bob的身份是军情处。');
  });

  it('a reveal without an identity (临危受命 took the card) says the card was gone', () => {
    const ev = { to: 'all', type: 'reveal', seat: 2, character: '老鬼' } as const;
    expect(eventLine('en', ev, names, [])).toBe("carol's identity card was gone: no identity is shown.");
    expect(eventLine('zh-CN', ev, names, [])).toBe('carol的身份牌已被拿走，没有身份可翻开。');
  });

  it("a response clock running out writes nothing; a decision's timer running out is told", () => {
    expect(eventLine('zh-CN', { to: 'all', type: 'timeout', pending: 'window' }, names, [])).toBeNull();
    expect(eventLine('en', { to: 'all', type: 'timeout', pending: 'window' }, names, [])).toBeNull();
    expect(eventLine('zh-CN', { to: 'all', type: 'timeout', pending: 'receive' }, names, [])).toBe('时间到，按默认处理。');
  });
});
