export type StoreOpenErrorCode = 'not-a-database' | 'foreign-database' | 'newer-schema' | 'unknown-schema';

/** Start-up must stop on this: the file is not one the bot may write to. Nothing in it was changed. */
export class StoreOpenError extends Error {
  constructor(
    readonly code: StoreOpenErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreOpenError';
  }
}
