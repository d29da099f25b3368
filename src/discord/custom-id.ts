// Every component's custom_id: "fs:<game>:<decision version>:<verb>[:<arg>...]", at most 100
// characters. The version is the one the pending decision opened at: a click made for an older
// decision is stale. Which verbs exist is the handlers' to say (handlers/*.ts, each its own).

export interface CustomId {
  game: number;
  version: number;
  verb: string;
  args: number[];
}

export function encodeId(game: number, version: number, verb: string, ...args: number[]): string {
  const id = ['fs', game, version, verb, ...args].join(':');
  if (id.length > 100) throw new Error(`custom_id too long: ${id}`);
  return id;
}

/**
 * A short check of an action's content: 'act' buttons name an action by its place in the seat's
 * legal list, and this tells a list that changed since the button was made.
 */
export function actionHash(a: unknown): number {
  const text = JSON.stringify(a);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % 1_000_000;
}

/** Null for anything that is not one of ours, or is damaged (the router refuses a verb no handler owns). */
export function decodeId(raw: string): CustomId | null {
  const parts = raw.split(':');
  if (parts.length < 4 || parts.length > 8 || parts[0] !== 'fs') return null;
  const nums = (xs: string[]) => xs.map((x) => (/^\d{1,15}$/.test(x) ? Number(x) : NaN));
  const [game, version] = nums(parts.slice(1, 3));
  const args = nums(parts.slice(4));
  const verb = parts[3];
  if (!/^[a-z]{1,16}$/.test(verb) || Number.isNaN(game) || Number.isNaN(version) || args.some(Number.isNaN)) return null;
  return { game, version, verb, args };
}
