/**
 * How hard a test run looks. `npm test` is the fast suite: every property runs
 * a count of inputs that fits a ten-minute run, from one fixed seed, so a run
 * is repeatable. `npm run test:deep` sets FAIRDECK_DEEP=1: the same properties
 * run their deep counts from a fresh seed, chosen and printed once at the
 * start of the run (test/helpers/depth-global.ts); FAIRDECK_SEED=<n> repeats
 * a run.
 */
export const DEEP = process.env.FAIRDECK_DEEP === '1';

/** The fast suite's fixed fast-check seed. */
export const FAST_SEED = 20_261_129;

/** The seed of this run: FAIRDECK_SEED when set, else fixed (fast) or fresh (deep). */
export const SEED: number = (() => {
  const given = process.env.FAIRDECK_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`FAIRDECK_SEED must be an integer, got "${given}"`);
    return seed;
  }
  return DEEP ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : FAST_SEED;
})();

/**
 * The seed of one property: its own fixed seed in the fast suite (so its
 * known outcome stays known), moved by the run's seed in a deep run or when
 * FAIRDECK_SEED is given.
 */
export function seedFor(fixed: number): number {
  const given = process.env.FAIRDECK_SEED;
  return DEEP || (given !== undefined && given !== '') ? (SEED + fixed) | 0 : fixed;
}

/** An input count: `fast` in `npm test`, `deep` in `npm run test:deep`. */
export function runs(fast: number, deep: number): number {
  return DEEP ? deep : fast;
}
