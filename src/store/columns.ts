// What both backends share about reading a row: the columns a query reads are named once, as a list
// of keys (games-repo.ts, outbox.ts, settings.ts, history.ts), and picked from either dialect's table, so the
// SQLite and the PostgreSQL query read the same columns and a new one is added in one place.

/** The properties `keys` of `from`: the columns of a table of either dialect (schema.ts, pg/schema.ts) for a select, or the values of a row. */
export function pick<T, const K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const k of keys) picked[k] = from[k];
  return picked;
}

/** A stored JSON column, or null when its text is damaged (the game is then marked broken). */
export function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
