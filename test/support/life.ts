// One life of a child process that a test kills and starts again (the crash tests): its stdout as
// lines, a promise for its "ready" line, its exit, and SIGKILL.
import { spawn } from 'node:child_process';

export interface Life {
  /** Whole lines the child wrote; a failed exit (not a kill) adds `child failed (code): stderr`. */
  lines: string[];
  /** Resolves at the first line starting with "ready", or when the child ends without one. */
  ready: Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): void;
}

export function startLife(script: string, args: string[], env: NodeJS.ProcessEnv): Life {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => (onReady = r));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!; // a line cut by the kill was never fully announced
    for (const l of parts) {
      if (!l) continue;
      lines.push(l);
      if (l.startsWith('ready')) onReady();
    }
  });
  child.stderr.on('data', (c) => (stderr += String(c)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL') lines.push(`child failed (${code}): ${stderr}`);
      onReady();
      resolve({ code, signal });
    }),
  );
  return { lines, ready, exit, kill: () => child.kill('SIGKILL') };
}
