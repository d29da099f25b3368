import { Writable } from 'node:stream';
import { DiscordAPIError } from 'discord.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logOptions } from '../src/log.js';

describe('logs', () => {
  it('a Discord error is logged by route, status and code, without the body sent or the interaction token', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ level: 'info', ...logOptions }, sink);
    const err = new DiscordAPIError(
      { code: 50035, message: 'Invalid Form Body' },
      50035,
      400,
      'PATCH',
      'https://discord.com/api/v10/webhooks/1234567890/aW50ZXJhY3Rpb246c2VjcmV0/messages/@original',
      { body: { content: '你的身份：潜伏战线。手牌：锁定（红·密电）' } },
    );
    log.error({ gameId: 7, err }, 'interaction failed');
    const line = lines.join('');
    expect(line).toContain('"gameId":7');
    expect(line).toContain('50035');
    expect(line).toContain('/webhooks/1234567890/:token/messages/@original');
    expect(line).not.toContain('潜伏战线');
    expect(line).not.toContain('aW50ZXJhY3Rpb246c2VjcmV0');
    expect(line).not.toContain('requestBody');
  });
});
