/**
 * How much this page answers one key's `fetch`es: a token bucket of bytes
 * per asking key (`FETCH_LIMITS`: a burst, then a steady rate), so that no
 * key — a seat or an admitted watcher — can make this page send much more
 * than an honest catch-up needs, however often it asks. A whole hand of the
 * largest kind measured (1.4 MB) fits in one burst; older hands for a page
 * following the table's history come at the steady rate. An answer cut
 * short is not lost: the asker fetches again (every fetch says what it
 * holds) and gets the rest as its budget refills.
 */

export interface FetchLimits {
  /** Bytes one key may be sent at once. */
  readonly burstBytes: number;
  /** Bytes per second its budget refills by. */
  readonly bytesPerSecond: number;
  /** How many keys without a seat (watchers, newcomers) are answered at once. */
  readonly watchers: number;
}

export const FETCH_LIMITS: FetchLimits = {
  burstBytes: 2 * 1024 * 1024,
  bytesPerSecond: 256 * 1024,
  watchers: 8,
};

/** Keys tracked before full buckets are forgotten (a forgotten key starts full again, as it would have refilled). */
const TRACKED = 64;

export class FetchBudget {
  private readonly buckets = new Map<string, { bytes: number; atMs: number }>();

  constructor(private readonly limits: FetchLimits = FETCH_LIMITS) {}

  /** Takes `bytes` from `key`'s budget at `nowMs`: false (and nothing taken) when the budget does not hold them. */
  take(key: string, bytes: number, nowMs: number): boolean {
    const bucket = this.refilled(key, nowMs);
    if (bytes > bucket.bytes) return false;
    bucket.bytes -= bytes;
    return true;
  }

  /** What `key` may still be sent now. */
  left(key: string, nowMs: number): number {
    return this.refilled(key, nowMs).bytes;
  }

  private refilled(key: string, nowMs: number): { bytes: number; atMs: number } {
    const { burstBytes, bytesPerSecond } = this.limits;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= TRACKED) this.forgetFull(nowMs);
      bucket = { bytes: burstBytes, atMs: nowMs };
      this.buckets.set(key, bucket);
    }
    const elapsed = Math.max(0, nowMs - bucket.atMs);
    bucket.bytes = Math.min(burstBytes, bucket.bytes + (elapsed * bytesPerSecond) / 1000);
    bucket.atMs = Math.max(bucket.atMs, nowMs);
    return bucket;
  }

  private forgetFull(nowMs: number): void {
    const { burstBytes, bytesPerSecond } = this.limits;
    for (const [key, bucket] of this.buckets)
      if (bucket.bytes + ((nowMs - bucket.atMs) * bytesPerSecond) / 1000 >= burstBytes) this.buckets.delete(key);
  }
}
