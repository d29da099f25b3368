// Seat names are cut as people see characters: never inside an emoji or a letter with its marks; and
// they are written as plain text wherever the bot writes markdown (the table, the log, /history, DMs).
import { afterEach, describe, expect, it } from 'vitest';
import { clipGraphemes } from '../../src/discord/clip.js';
import { clip } from '../../src/discord/render/table.js';
import { openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { playToEnd } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('seat names', () => {
  it('are cut by grapheme, never splitting a surrogate pair or a joined emoji', () => {
    const name = 'a'.repeat(31) + '👨‍👩‍👧' + 'b';
    const cut = clipGraphemes(name, 32);
    expect(cut).toBe('a'.repeat(31));
    expect(() => encodeURIComponent(cut)).not.toThrow();
    const flags = '🇨🇳'.repeat(20);
    const c2 = clipGraphemes(flags, 32);
    expect(c2).toBe('🇨🇳'.repeat(16));
    expect(clipGraphemes('风声', 32)).toBe('风声');
    // A UTF-16 slice would have left a lone surrogate here.
    const emoji = 'x'.repeat(31) + '😀';
    expect(emoji.slice(0, 32)).not.toBe(clipGraphemes(emoji, 32));
    expect(() => encodeURIComponent(clipGraphemes(emoji, 32))).not.toThrow();
  });

  it('the table and the log keep their newest lines without splitting a name in their emoji', () => {
    // Discord refused the log and the table's 最近 field whenever a cut fell inside a surrogate pair.
    const lines = Array.from({ length: 60 }, (_, k) => `😀小王${k}😀 传出了情报`).join('\n');
    for (let max = 100; max < 140; max++) {
      const end = clip(lines, max, true);
      const start = clip(lines, max, false);
      for (const cut of [end, start]) {
        expect([...cut].length).toBeLessThanOrEqual(max);
        expect(() => encodeURIComponent(cut)).not.toThrow();
      }
      expect(end.endsWith('传出了情报')).toBe(true);
      expect(end.startsWith('…')).toBe(true);
      expect(start.endsWith('…')).toBe(true);
    }
    expect(clip('风声', 10, true)).toBe('风声');
  });
});

describe('names that try to shape the text', () => {
  it('a name with a masked link, markdown and a right-to-left mark is plain text on the table and in its log', async () => {
    t = await openBotTable(3);
    const evil = '[免费领取](https://evil.example/x)';
    t.users[1].globalName = `**${evil}**\u202E`;
    await openLobbyAndBegin(t, 3, { characters: false });
    await playToEnd(t, 9, { maxSteps: 40 });
    await t.bot.idle();
    const [alice] = t.users;
    const table = tableMessage(t, alice)!;
    const log = await t.discord.click(alice, { label: '日志', messageId: table.id }).response();
    const texts = [table.content, JSON.stringify(table.embeds), JSON.stringify(log.embeds)];
    for (const text of texts) {
      // Every [ of the name is escaped, so Discord makes no link of it; no bold, no direction mark.
      expect(text).not.toMatch(/(?<!\\)\[免费领取\]/);
      expect(text).not.toContain('\u202E');
      expect(text).not.toMatch(/(?<!\\)\*\*\\?\[/);
    }
    expect(texts.join('\n')).toContain('免费领取');
  }, 120_000);
});
