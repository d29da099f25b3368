export type StoreOpenErrorCode =
  | 'not-a-database'
  | 'foreign-database'
  | 'newer-schema'
  | 'unknown-schema'
  | 'read-only-file'
  | 'read-only-folder'
  | 'no-folder'
  | 'damaged'
  | 'unreachable';

/**
 * The bot's exit code for each refusal at start-up (README "Where data lives"); 1 is a missing setting
 * in .env (config.ts). A file that is not the bot's (or is newer than it) shares one code: the answer is
 * the same, point DATABASE_PATH elsewhere or run the right version.
 */
export const EXIT_CODES: Record<StoreOpenErrorCode, number> = {
  'not-a-database': 2,
  'foreign-database': 2,
  'newer-schema': 2,
  'unknown-schema': 2,
  'read-only-file': 3,
  'read-only-folder': 4,
  'no-folder': 5,
  damaged: 6,
  unreachable: 7,
};

/** Start-up must stop on this: the file is not one the bot may (or can) write to. Nothing in it was changed. */
export class StoreOpenError extends Error {
  constructor(
    readonly code: StoreOpenErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreOpenError';
  }

  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}
