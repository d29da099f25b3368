import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The files named, with every *.json below a named folder, in a stable order. */
export function scenarioFiles(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) {
      for (const f of readdirSync(p).sort()) {
        const q = join(p, f);
        if (statSync(q).isDirectory() || f.endsWith('.json')) walk(q);
      }
    } else out.push(p);
  };
  paths.forEach(walk);
  return out;
}
