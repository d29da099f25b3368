import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, expect, test } from 'vitest';

let child: ChildProcess | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
});

test('npm run discord:local starts the stand-in alone and prints its control API URL', async () => {
  // What `npm run discord:local -- --manual-clock` runs, without npm in between so the test owns the pid.
  child = spawn(process.execPath, ['--import', 'tsx', 'test/support/discord/cli.ts', '--manual-clock'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`discord:local exited with ${String(code)} before printing its URL`);
  });
  const [first] = (await Promise.race([once(lines, 'line'), exited])) as [string];
  exited.catch(() => undefined);
  const url = /^control API: (http:\/\/127\.0\.0\.1:\d+\/control)$/.exec(first)?.[1];
  expect(url).toBeDefined();

  const info = (await (await fetch(url!)).json()) as { clock: string; env: Record<string, string> };
  expect(info.clock).toBe('manual');
  // Discord's limits are on, at Discord's own windows, unless --limit-scale says otherwise.
  const limits = (await (await fetch(`${url}/limits`)).json()) as { scale: number; globalPerSecond: number };
  expect(limits).toMatchObject({ scale: 1, globalPerSecond: 50 });
  expect(info.env.DISCORD_API_BASE).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  const user = (await (
    await fetch(`${url}/users`, { method: 'POST', body: JSON.stringify({ username: 'outsider' }) })
  ).json()) as { id: string; username: string };
  expect(user.username).toBe('outsider');
  const gateway = (await (
    await fetch(`${info.env.DISCORD_API_BASE}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${info.env.DISCORD_TOKEN}` },
    })
  ).json()) as { url: string };
  expect(gateway.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/gateway$/);
}, 30_000);
