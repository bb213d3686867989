/**
 * Group commit: writes go together in one write (as a database's log commits
 * the transactions that queued behind a flush). Writes asked for in the same
 * task share one write, which starts once that task's own code has run (a
 * microtask), so a peer's event taken in and this page's answer to it, with
 * the secrets the answer depends on, commit in one transaction; writes asked
 * for while one is being committed wait, and then go together after it (a
 * burst, each in a task of its own, costs two transactions instead of one
 * each). Nothing waits for a task or a timer. Every ask settles with the
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
    if (this.waiting) {
      this.waiting.items.push(item);
      return this.waiting.settle;
    }
    const items = [item];
    // Quiet: after the code that asked has run (a microtask); else after the write in flight, whatever its outcome.
    const before = this.inFlight ?? Promise.resolve();
    const settle = before.then(
      () => this.next(items),
      () => this.next(items),
    );
    this.waiting = { items, settle };
    return settle;
  }

  private next(items: T[]): Promise<void> {
    this.waiting = null;
    const flight = this.write(items);
    this.inFlight = flight;
    const done = () => {
      if (this.inFlight === flight) this.inFlight = null;
    };
    flight.then(done, done);
    return flight;
  }
}
