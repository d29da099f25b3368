// The version of the rules as they replay. A stored game is its setup and its log; recovery replays
// them and compares with the stored snapshot (src/store/recovery.ts). Bump ENGINE_VERSION with any
// change that makes a logged game replay to another state (a rule, a random draw, a state field
// added, removed or renamed), so recovery can tell "this engine replays it differently" (a rules
// change since the game was stored) from "the stored game is not what was played" (damage).
// The order of keys in a state is not part of it: recovery compares values, not text. A change of the
// state's shape alone (same rules) also bumps it, with an upgrade of older snapshots (src/store/upgrade.ts).
// 2: characters' records moved into their seat's mark; 后着's decision data `sees` is `from`.
export const ENGINE_VERSION = 2;
