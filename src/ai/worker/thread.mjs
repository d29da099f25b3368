// The search thread's entry from src/ (tsx: the tests, the tools): a thread does not inherit tsx's loader,
// so this registers it and loads thread.ts. Built (lib/, npm start), the thread runs thread.js itself
// (src/threads.ts, threadScript).
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
