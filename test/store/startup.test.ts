// `npm start` against databases it cannot use: one sentence on stderr and in the log, an exit code
// per cause (README "Where data lives"), no stack trace, and the file left as it was. The read-only
// cases need a read-only mount (permission bits do not stop root): a bind mount made read-only in a
// user and mount namespace of the test's own (`unshare -rm`), skipped where that is not allowed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/store/errors.js';
import { GameStore } from '../../src/store/index.js';
import { fileBytes, PLAYERS5, tempDir } from './helpers.js';

const dirs: string[] = [];
const dir = () => {
  const d = tempDir('fengsheng-startup-');
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const MAIN = path.resolve('src/main.ts');

/** Runs the bot (`npm start` without npm) on `file`, inside `mountRo` made read-only when given. */
function start(file: string, mountRo?: string, extra: NodeJS.ProcessEnv = {}) {
  const env = {
    ...process.env,
    ...extra,
    DATABASE_PATH: file,
    DISCORD_TOKEN: 'token-never-used',
    DISCORD_APPLICATION_ID: '123456789012345678',
    // Nothing listens there: if the database opened, logging in would fail, not hang.
    DISCORD_API_BASE: 'http://127.0.0.1:9',
    LOG_LEVEL: 'info',
  };
  const node = [process.execPath, '--import', 'tsx', MAIN];
  const r = mountRo
    ? spawnSync('unshare', ['-rm', 'sh', '-c', 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', mountRo, ...node], { env, encoding: 'utf8', timeout: 60_000 })
    : spawnSync(node[0], node.slice(1), { env, encoding: 'utf8', timeout: 60_000 });
  const log = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { level: number; msg: string; exitCode?: number });
  return { status: r.status, stderr: r.stderr, log };
}

/** Whether this machine lets the test make a read-only mount of its own. */
const canMountRo = (() => {
  const d = tempDir('fengsheng-ro-probe-');
  try {
    const r = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && ! touch "$0/x"', d], { stdio: 'ignore' });
    return r.status === 0;
  } catch {
    return false;
  } finally {
    fs.rmSync(d, { recursive: true, force: true });
  }
})();

function expectOneSentence(r: ReturnType<typeof start>, exitCode: number, says: RegExp): void {
  expect(r.status).toBe(exitCode);
  const line = r.stderr.trim();
  expect(line.split('\n')).toHaveLength(1);
  expect(line).toMatch(says);
  expect(line).not.toMatch(/\n\s+at |StoreOpenError|SqliteError/);
  const fatal = r.log.filter((l) => l.level === 60);
  expect(fatal).toHaveLength(1);
  expect(fatal[0].msg).toBe(line);
  expect(fatal[0].exitCode).toBe(exitCode);
}

/** A database of the bot's with a few games in it, closed (checkpointed into the one file). */
async function aDatabase(file: string): Promise<void> {
  const store = await GameStore.open({ path: file, checkpointWorker: false });
  for (let g = 0; g < 30; g++) await store.createGame({ guildId: '1', channelId: String(100 + g), seats: PLAYERS5, seed: g });
  await store.close();
}

describe('start-up on a database it cannot use', () => {
  it('the exit codes differ for each cause', async () => {
    const codes = ['read-only-file', 'read-only-folder', 'no-folder', 'damaged', 'not-a-database'] as const;
    expect(new Set(codes.map((c) => EXIT_CODES[c])).size).toBe(codes.length);
    expect(codes.map((c) => EXIT_CODES[c])).not.toContain(1);
  });

  it('DATABASE_URL of a server that does not answer: one sentence (exit 7), no password, the file at DATABASE_PATH not created', () => {
    const file = path.join(dir(), 'never.db');
    // Port 1 on the loopback: refused at once (no server, no network needed).
    const r = start(file, undefined, { DATABASE_URL: 'postgres://bot:secret@127.0.0.1:1/fengsheng' });
    expectOneSentence(r, EXIT_CODES.unreachable, /The PostgreSQL database at postgres:\/\/bot@127\.0\.0\.1:1\/fengsheng cannot be reached \(ECONNREFUSED\); check DATABASE_URL/);
    expect(r.stderr).not.toMatch(/secret/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('as shards (SHARDS=2): a file that is not its database is refused the same way, before any shard starts', () => {
    const file = path.join(dir(), 'notes.db');
    fs.writeFileSync(file, 'not a database, somebody\'s notes\n'.repeat(200));
    const before = fileBytes(file);
    const r = start(file, undefined, { SHARDS: '2' });
    expectOneSentence(r, EXIT_CODES['not-a-database'], /notes\.db/);
    expect(r.log.some((l) => l.msg === 'shard starting')).toBe(false);
    expect(fileBytes(file)).toEqual(before);
  });

  it('a folder that cannot be created (a file where a folder should be)', async () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'data'), 'a file, not a folder');
    const r = start(path.join(d, 'data', 'fengsheng.db'));
    expectOneSentence(r, EXIT_CODES['no-folder'], /folder .*data for the database cannot be created \((ENOTDIR|EEXIST)\)/);
  }, 60_000);

  it('a damaged page: refused before any game is read, the file unchanged', async () => {
    const file = path.join(dir(), 'fengsheng.db');
    await aDatabase(file);
    const pages = fs.statSync(file).size / 4096;
    expect(pages).toBeGreaterThan(6);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * Math.floor(pages / 2));
    fs.closeSync(fd);
    const before = fileBytes(file);
    const r = start(file);
    expectOneSentence(r, EXIT_CODES.damaged, /fengsheng\.db is damaged \(SQLite: .*\); it was left unchanged\. .*restore the newest backup/);
    expect(fileBytes(file)).toEqual(before);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  }, 60_000);

  it.skipIf(!canMountRo)('a read-only database file', async () => {
    const file = path.join(dir(), 'fengsheng.db');
    await aDatabase(file);
    const before = fileBytes(file);
    const r = start(file, file);
    expectOneSentence(r, EXIT_CODES['read-only-file'], /database .*fengsheng\.db is read-only \(EROFS\)/);
    expect(fileBytes(file)).toEqual(before);
  }, 60_000);

  it.skipIf(!canMountRo)('a read-only folder, with or without a database in it', async () => {
    const d = dir();
    const r = start(path.join(d, 'fengsheng.db'), d);
    expectOneSentence(r, EXIT_CODES['read-only-folder'], /folder .* is read-only \(EROFS\): the bot writes its database/);
    expect(fs.readdirSync(d)).toEqual([]);

    await aDatabase(path.join(d, 'fengsheng.db'));
    const again = start(path.join(d, 'fengsheng.db'), d);
    expectOneSentence(again, EXIT_CODES['read-only-folder'], /is read-only \(EROFS\)/);
  }, 60_000);
});
