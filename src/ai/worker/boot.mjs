// The entry of the search worker thread: TypeScript through tsx, then the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
