/**
 * One FIFO chain per key: work for the same game runs strictly one after another, in arrival order,
 * including any awaited part of it; different games do not wait for each other.
 */
export class KeyedQueue<K> {
  private tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, work: () => T | Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(() => work());
    // Tails never reject, so the chain goes on after a failure; the caller still sees its own.
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when everything queued so far (for every key) has finished. */
  async drain(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }

  get busyKeys(): number {
    return this.tails.size;
  }
}
