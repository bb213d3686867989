/**
 * Group commit: writes asked for while one is being committed wait, and then
 * go together in one write (as a database's log commits the transactions that
 * queued behind a flush). The first write of a quiet spell starts at once, so
 * nothing waits that would not have waited anyway; a burst (one move's event
 * and the key shares that follow it, each arriving in a task of its own)
 * costs two transactions instead of one each. Every ask settles with the
 * write that carried it: a failed write rejects exactly its own asks, and
 * the asks behind it still go.
 */
export class GroupCommit<T> {
  private waiting: { items: T[]; settle: Promise<void> } | null = null;
  private inFlight: Promise<void> | null = null;

  /** `write` stores every item it is given, all or none (one transaction). */
  constructor(private readonly write: (items: readonly T[]) => Promise<void>) {}

  /** Stores `item`: settles once the write that carries it has committed or failed. */
  add(item: T): Promise<void> {
    if (!this.inFlight) return this.start([item]);
    if (this.waiting) {
      this.waiting.items.push(item);
      return this.waiting.settle;
    }
    const items = [item];
    const settle = this.inFlight.then(
      () => this.next(items),
      () => this.next(items),
    );
    this.waiting = { items, settle };
    return settle;
  }

  private next(items: T[]): Promise<void> {
    this.waiting = null;
    return this.start(items);
  }

  private start(items: readonly T[]): Promise<void> {
    const flight = this.write(items);
    this.inFlight = flight;
    const done = () => {
      if (this.inFlight === flight) this.inFlight = null;
    };
    flight.then(done, done);
    return flight;
  }
}
