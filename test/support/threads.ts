// The threads of this process under Linux's SCHED_BATCH (src/threads.ts): the policy is field 41 of
// /proc/<pid>/task/<tid>/stat (3: SCHED_BATCH).
import { readdirSync, readFileSync } from 'node:fs';

export function batchThreadIds(): number[] {
  const out: number[] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (fields[38] === '3') out.push(Number(tid));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}
