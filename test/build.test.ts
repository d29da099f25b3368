// npm run build (npm start's prestart, the Docker image's build step): src/ compiled into lib/, from where
// npm start runs the bot without tsx. Every module of src/ has its file there and none loads tsx; the
// bot's threads start from lib/'s own scripts (the HTTP thread, the pictures' pool, the expert's search),
// not through their in-process fallbacks, which would hide a script that failed to load; and lib/main.js,
// with npm start's options, logs in to the stand-in and begins a game whose table shows its picture.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newMemory, observeAll } from '../src/ai/index.js';
import { registerCommands } from '../src/discord/register.js';
import { legalActions, newGame, view, waitingOn } from '../src/engine/index.js';
import { pictureText, type PictureInput } from '../src/picture/input.js';
import { drawTablePicture } from '../src/picture/table.js';
import { BotProcess } from './bench/live/bot-process.js';
import { ManualClock, startStandIn, TEST_LIMITS, type StandIn } from './support/discord/index.js';

const ROOT = resolve(import.meta.dirname, '..');
/** A module of lib/, typed as its source in src/ (the same code, its types stripped). */
const fromLib = <T>(path: string): Promise<T> => import(pathToFileURL(join(ROOT, 'lib', path)).href) as Promise<T>;

let built: ReturnType<typeof spawnSync>;
beforeAll(() => {
  built = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/build.ts'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
}, 130_000);

describe('npm run build', () => {
  it('compiles every module of src/ into lib/, where nothing loads tsx', () => {
    expect(built.status, String(built.stderr)).toBe(0);
    const sources = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && f !== join('cli', 'bench.ts'));
    expect(sources.length).toBeGreaterThan(300);
    for (const f of sources) expect(existsSync(join(ROOT, 'lib', f.replace(/\.ts$/, '.js'))), f).toBe(true);
    expect(existsSync(join(ROOT, 'lib', 'cli', 'bench.js'))).toBe(false);
    const files = (readdirSync(join(ROOT, 'lib'), { recursive: true }) as string[]).filter((f) => f.endsWith('.js'));
    // The HTTP thread's plain-JavaScript script is copied; the tsx boots (picture/worker.mjs, ai/worker/thread.mjs) are not.
    expect(files).toContain(join('discord', 'http', 'worker.js'));
    expect(files.filter((f) => !f.endsWith('.js'))).toEqual([]);
    for (const f of files) expect(readFileSync(join(ROOT, 'lib', f), 'utf8'), f).not.toMatch(/from ["']tsx|import\(["']tsx/);
  });

  it('writes nothing when src/ has not changed since lib/ was built (a restart starts at once)', () => {
    const main = join(ROOT, 'lib', 'main.js');
    const before = statSync(main).mtimeMs;
    const again = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/build.ts'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toBe('npm run build: lib/ is up to date with src/\n');
    expect(statSync(main).mtimeMs).toBe(before);
  }, 130_000);

  it("the picture pool draws in its threads from lib/: the same bytes as src/'s drawing in-process", async () => {
    const renderer = await fromLib<typeof import('../src/picture/renderer.js')>('picture/renderer.js');
    const golden = join(ROOT, 'test', 'picture', 'golden');
    const input = JSON.parse(readFileSync(join(golden, readdirSync(golden).find((f) => f.endsWith('.json'))!), 'utf8')) as PictureInput;
    const png = await renderer.drawInThread(pictureText(input));
    expect(renderer.drawingInThread()).toBe(true);
    expect(png.equals(drawTablePicture(input).png)).toBe(true);
  }, 60_000);

  it("Discord's requests go out from lib/'s HTTP thread, never in-process", async () => {
    const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { httpThread } = await fromLib<typeof import('../src/discord/http/thread.js')>('discord/http/thread.js');
      const send = httpThread(1, () => Promise.reject(new Error('sent in-process: the thread did not start'))).request;
      const res = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`, { method: 'GET', headers: {} });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 60_000);

  it("the expert searches in lib/'s search thread", async () => {
    const { SearchThread } = await fromLib<typeof import('../src/ai/worker/pool.js')>('ai/worker/pool.js');
    const thread = new SearchThread(50);
    try {
      const start = newGame({ seed: 11, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } });
      const seat = waitingOn(start.state)[0];
      const legal = legalActions(start.state, seat);
      expect(legal).toContain(await thread.decide(view(start.state, seat), legal, observeAll(newMemory(view(start.state, seat)), start.events)));
    } finally {
      thread.close();
    }
  }, 60_000);
});

describe('npm start from lib/', () => {
  let discord: StandIn | undefined;
  let bot: BotProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-built-'));
  afterAll(async () => {
    await bot?.kill();
    await discord?.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  });

  it('logs in, and a game begun in a channel shows its table picture', async () => {
    expect(built.status).toBe(0);
    const clock = new ManualClock();
    discord = await startStandIn({ clock, heartbeatIntervalMs: 600_000, limits: TEST_LIMITS });
    const users = ['alice', 'bob', 'carol'].map((username) => discord!.createUser({ username, locale: 'zh-CN' }));
    const guild = discord.createGuild({ name: 'g', members: users });
    const env = discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: guild.id, apiBase: env.DISCORD_API_BASE });
    // npm start's command (`node <options> lib/main.js`, read from package.json), as the bench runs it; resolves once it logged in.
    bot = await BotProcess.start(env, dir);

    const wait = { timeoutMs: 60_000 };
    const channel = discord.channel(guild, 'general');
    const lobby = await discord.runCommand(users[0], channel, 'fengsheng start', { characters: false }).response(wait);
    for (const u of users.slice(1)) await discord.click(u, { label: '加入', messageId: lobby.id }).response(wait);
    await discord.click(users[0], { label: '开始', messageId: lobby.id }).response(wait);
    await vi.waitFor(() => expect(readFileSync(bot!.logPath, 'utf8')).toContain('"msg":"game created"'), { timeout: 60_000 });
    const table = await discord.waitFor(() => discord!.seenBy(users[1]).find((m) => m.id === lobby.id && m.attachments.length > 0), wait);
    expect(table.attachments[0].filename).toMatch(/\.png$/);
    const panel = await discord.runCommand(users[2], channel, 'fengsheng hand').response(wait);
    expect(panel.ephemeral).toBe(true);
  }, 120_000);
});
