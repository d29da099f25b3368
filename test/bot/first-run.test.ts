// The README's first run, followed literally by a new admin (issue 32): in a folder of its own, copy
// .env.example to .env, fill in the token and the application id (and, here, the stand-in's API base),
// `npm run deploy-commands`, `npm start`; a lobby opens and a game begins through the local Discord
// stand-in; SIGTERM stops it cleanly. And what a wrong token, an unreachable Discord or a bad .env
// does: one sentence and the exit code of README's table. Real npm, real processes, the real client.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ManualClock, startStandIn, TEST_LIMITS, type StandIn } from '../support/discord/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WAIT = { timeoutMs: 60_000 };
const dirs: string[] = [];
let discord: StandIn | undefined;

afterEach(async () => {
  await discord?.close();
  discord = undefined;
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A checkout as an admin has it after `npm ci` (the project's files, linked), with `.env` from `.env.example` and `fill` written into it. */
function checkout(fill: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fengsheng-first-run-'));
  dirs.push(dir);
  for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules', 'src', 'migrations'])
    fs.symlinkSync(path.join(ROOT, name), path.join(dir, name));
  let env = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  for (const [k, v] of Object.entries(fill)) {
    const line = new RegExp(`^${k}=.*$`, 'm');
    expect(env, `.env.example has a ${k}= line to fill in`).toMatch(line);
    env = env.replace(line, `${k}=${v}`);
  }
  fs.writeFileSync(path.join(dir, '.env'), env);
  return dir;
}

interface Run {
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
  /** Resolves at the first stdout line that matches. */
  line(re: RegExp): Promise<string>;
  /** To the whole process group (npm, its shell, the bot), as Ctrl-C in a terminal or systemd's stop. */
  signal(s: NodeJS.Signals): void;
}

/** `npm run …` in `dir` with only what a shell gives: nothing of this test's environment but PATH and HOME. */
function npm(dir: string, ...args: string[]): Run {
  // In a process group of its own, as in a terminal: a signal reaches npm, its shell and the bot alike.
  const child = spawn('npm', ['run', '--silent', ...args], { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const run: Run = {
    stdout: '',
    stderr: '',
    exit: new Promise((resolve) => child.on('close', (code) => resolve(code))),
    line: (re) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = run.stdout.split('\n').find((l) => re.test(l));
          if (hit !== undefined) resolve(hit);
        };
        child.stdout.on('data', check);
        void run.exit.then(() => {
          check();
          reject(new Error(`exited before a line like ${re}; stdout: ${run.stdout}\nstderr: ${run.stderr}`));
        });
        check();
      }),
    signal: (s) => process.kill(-(child.pid ?? 0), s),
  };
  child.stdout.setEncoding('utf8').on('data', (c: string) => (run.stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (run.stderr += c));
  return run;
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('the first run, as the README says', () => {
  it('copy .env.example, fill in the token and the application id, deploy the commands, npm start: a game begins; SIGTERM exits 0', async () => {
    discord = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 600_000, limits: TEST_LIMITS });
    const users = ['alice', 'bob', 'carol'].map((username) => discord!.createUser({ username, locale: 'zh-CN' }));
    const guild = discord.createGuild({ name: '风声', members: users, locale: 'zh-CN' });
    const dir = checkout(discord.env());

    const deploy = npm(dir, 'deploy-commands');
    expect(await deploy.exit, deploy.stderr).toBe(0);
    expect(deploy.stdout).toMatch(/registered \d+ command\(s\) globally/);

    const bot = npm(dir, "start");
    await bot.line(/"msg":"logged in"/);
    // The database went where .env.example says, inside the checkout.
    expect(fs.existsSync(path.join(dir, 'data', 'fengsheng.db'))).toBe(true);
    const channel = discord.channel(guild, 'general');
    const lobby = await discord.runCommand(users[0], channel, 'fengsheng start', { characters: false }).response(WAIT);
    for (const u of users.slice(1)) await discord.click(u, { label: '加入', messageId: lobby.id }).response(WAIT);
    await discord.click(users[0], { label: '开始', messageId: lobby.id }).response(WAIT);
    await bot.line(/"msg":"game created"/);
    const hand = await discord.runCommand(users[1], channel, 'fengsheng hand').response(WAIT);
    expect(hand.ephemeral).toBe(true);
    expect(JSON.stringify(hand)).toMatch(/身份/);

    // The Docker HEALTHCHECK's command: the gateway connected and the database answering.
    const healthy = npm(dir, 'health');
    expect(await healthy.exit, healthy.stderr).toBe(0);
    expect(healthy.stdout).toBe('healthy\n');

    bot.signal('SIGTERM');
    await bot.exit;
    // npm itself answers a signal with 128 + its number; the bot's own exit is in its last line.
    expect(bot.stdout).toMatch(/"signal":"SIGTERM","msg":"stopping"/);
    expect(bot.stdout.trim().split('\n').at(-1)).toMatch(/"exitCode":0,"msg":"stopped"/);
    expect(bot.stderr).toBe('');
    const gone = npm(dir, 'health');
    expect(await gone.exit).toBe(1);
    expect(gone.stderr).toBe(`no bot is running here: no health file in ${path.join(dir, 'data')}\n`);
  }, 180_000);

  it('a wrong token: deploy-commands and npm start each say so in one sentence and exit 8', async () => {
    discord = await startStandIn({ clock: new ManualClock(), limits: TEST_LIMITS });
    const dir = checkout({ ...discord.env(), DISCORD_TOKEN: 'not-the-token' });
    for (const command of ['deploy-commands', 'start']) {
      const run = npm(dir, command);
      expect(await run.exit, `${command}: ${run.stderr}`).toBe(8);
      expect(run.stderr.trim()).toBe('Discord rejected DISCORD_TOKEN: reset the token (Developer Portal → your application → Bot → Reset Token) and put the new one in .env.');
    }
  }, 120_000);

  it('Discord unreachable: one sentence naming where, exit 9', async () => {
    const apiBase = `http://127.0.0.1:${await closedPort()}/api`;
    // SHARDS=1 is one process too: discord.js must not take it for its own list of shard ids.
    const dir = checkout({ DISCORD_TOKEN: 'token', DISCORD_APPLICATION_ID: '123456789012345678', DISCORD_API_BASE: apiBase, SHARDS: '1' });
    const run = npm(dir, 'start');
    expect(await run.exit, run.stderr).toBe(9);
    expect(run.stderr.trim()).toBe(`Discord cannot be reached at ${apiBase} (ECONNREFUSED): check this machine's network and DISCORD_API_BASE.`);
  }, 120_000);

  it('.env.example as it is, and a .env with bad values: every bad variable named in one sentence, exit 1', async () => {
    const empty = npm(checkout({}), 'start');
    expect(await empty.exit).toBe(1);
    expect(empty.stderr).toMatch(/^DISCORD_TOKEN is not set\. Copy \.env\.example to \.env/);
    expect(empty.stderr).toMatch(/^DISCORD_APPLICATION_ID is not set\./m);

    const bad = npm(checkout({ DISCORD_TOKEN: 'x', DISCORD_APPLICATION_ID: '123456789012345678', SHARDS: 'two', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://db/x' }), 'start');
    expect(await bad.exit).toBe(1);
    expect(bad.stderr.trim().split('\n')).toEqual([
      'DATABASE_URL must start with postgres:// or postgresql://; leave it empty to use the SQLite file at DATABASE_PATH.',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, or empty (info).',
      'SHARDS must be auto or a whole number of shards (1 or more), or empty for one process.',
    ]);
  }, 120_000);
});
