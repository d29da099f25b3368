import type { Clock } from './clock.js';

const DISCORD_EPOCH = 1420070400000n;

/**
 * Real-looking snowflakes: @discordjs/rest groups rate-limit buckets by
 * matching 17-19 digit ids, and discord.js derives timestamps from them.
 */
export class Snowflakes {
  private last = 0n;

  constructor(private readonly clock: Clock) {}

  next(): string {
    let id = (BigInt(Math.floor(this.clock.now())) - DISCORD_EPOCH) << 22n;
    if (id <= this.last) id = this.last + 1n;
    this.last = id;
    return id.toString();
  }
}

export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^\d{17,20}$/.test(value);
}
