// Tasks shared out to child processes of a command-line tool (ai:eval, ai:forks): each child runs
// `script --child`, takes a task at a time by message and answers with its result.
import { fork } from 'node:child_process';

/** Runs every task in at most `workers` children of `script`, handing each result to `onResult` as it comes. */
export function runInChildren<T, R>(script: string, tasks: readonly T[], workers: number, onResult: (r: R) => void): Promise<void> {
  return new Promise<void>((done, reject) => {
    let next = 0;
    let running = 0;
    if (tasks.length === 0) return done();
    for (let w = 0; w < Math.min(workers, tasks.length); w++) {
      const child = fork(script, ['--child'], { execArgv: ['--import', 'tsx'] });
      running++;
      const feed = () => (next < tasks.length ? child.send(tasks[next++] as object) : child.kill());
      child.on('message', (r: R) => {
        onResult(r);
        feed();
      });
      child.on('exit', () => {
        if (--running === 0) done();
      });
      child.on('error', reject);
      feed();
    }
  });
}
