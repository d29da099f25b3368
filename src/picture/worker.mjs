// The picture thread's entry from src/ (tsx: the tests, the tools): a thread does not inherit tsx's loader,
// so this registers it and loads worker.ts. Built (lib/, npm start), the thread runs worker.js itself
// (src/threads.ts, threadScript).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
