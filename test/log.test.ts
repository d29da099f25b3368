import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { DiscordAPIError } from 'discord.js';
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
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

  it("a failed query is logged with its statement and the database's reason, never its parameters", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ level: 'info', ...logOptions }, sink);
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "games_one_active_per_channel"'), { code: '23505' });
    const err = new DrizzleQueryError('insert into "games" ("guild_id", "setup") values ($1, $2)', ['g1', '{"seed":123456,"identity":"潜伏战线"}'], cause);
    log.error({ gameId: 7, err }, 'a commit failed');
    const line = lines.join('');
    expect(line).toContain('insert into \\"games\\"');
    expect(line).toContain('games_one_active_per_channel');
    expect(line).not.toContain('123456');
    expect(line).not.toContain('潜伏战线');
    expect(line).not.toContain('params');
  });

  it.each([
    ['is gone (its pipe broken)', true],
    ['does not read (its pipe full: the exit waits for it two seconds at most)', false],
  ])('a process whose log reader %s, lines still unwritten, exits with its own exit code', async (_, gone) => {
    // Lines past what the pipe holds (nobody reads it), then the reader closes it and the process exits:
    // what is left cannot be written (EPIPE), and the exit must not wait for it.
    const script = [
      "const { logger } = await import('./src/log.ts');",
      "for (let i = 0; i < 20000; i++) logger.info({ i, pad: 'x'.repeat(200) }, 'a line nobody reads');",
      "process.stdin.once('data', () => process.exit(3));",
      "process.send?.('written');",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      env: { ...process.env, VITEST: '', LOG_LEVEL: 'info' },
      stdio: ['pipe', 'pipe', 'ignore', 'ipc'],
    });
    const exited = once(child, 'exit');
    onTestFinished(() => void child.kill('SIGKILL'));
    await once(child, 'message');
    if (gone) child.stdout!.destroy(); // the reader goes away with the pipe full
    child.stdin!.write('exit now\n');
    const [code] = await exited;
    expect(code).toBe(3);
  }, 60_000);
});
