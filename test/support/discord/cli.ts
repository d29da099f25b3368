/**
 * `npm run discord:local` — the stand-in alone, for driving a game from
 * outside the test process through its control API (docs/testing.md).
 *
 *   --port N            listen on 127.0.0.1:N (default: a free port)
 *   --manual-clock      Discord's timers only move via POST /control/clock/advance
 *   --heartbeat-ms N    heartbeat_interval sent in HELLO (default 41250)
 *   --token T           bot token to accept (default: generated)
 *   --limit-scale X     shortens every window of Discord's limits (always on) to X of it (default 1, as Discord)
 */
import { atLeast, parseCommand, usageError } from '../../../src/cli/args.js';
import { ManualClock } from './clock.js';
import { startStandIn } from './server.js';

const command = {
  usage: 'npm run discord:local --',
  summary: 'The local Discord stand-in alone, for driving a game from outside the test process through its control API (docs/testing.md).',
  options: {
    port: { type: 'string', value: 'N', int: [0, 65535], help: 'listen on 127.0.0.1:N (default: a free port)' },
    'manual-clock': { type: 'boolean', help: "Discord's timers only move via POST /control/clock/advance" },
    'heartbeat-ms': { type: 'string', value: 'N', int: atLeast(1), help: 'heartbeat_interval sent in HELLO (default 41250)' },
    token: { type: 'string', value: 'T', help: 'the bot token to accept (default: generated)' },
    'limit-scale': { type: 'string', value: 'X', help: "shortens every window of Discord's limits (always on) to X of it, 0 < X <= 1 (default 1, as Discord)" },
  },
} as const;
const { values } = parseCommand(command);

const scale = values['limit-scale'] === undefined ? 1 : Number(values['limit-scale']);
if (!(scale > 0 && scale <= 1)) usageError(command, `--limit-scale must be a number in (0, 1], not ${values['limit-scale']}`);

const standIn = await startStandIn({
  port: values.port ?? 0,
  ...(values['manual-clock'] ? { clock: new ManualClock() } : {}),
  ...(values['heartbeat-ms'] ? { heartbeatIntervalMs: values['heartbeat-ms'] } : {}),
  ...(values.token ? { token: values.token } : {}),
  limits: { scale },
});

// The first line is the contract for scripts: "control API: <url>".
process.stdout.write(
  [
    `control API: ${standIn.controlUrl}`,
    `Discord stand-in on ${standIn.url} (clock: ${values['manual-clock'] ? 'manual' : 'real'}; Discord's limits on real time, windows x${scale})`,
    'Run the bot with:',
    ...Object.entries(standIn.env()).map(([k, v]) => `  ${k}=${v}`),
    '',
  ].join('\n'),
);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
