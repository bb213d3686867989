/**
 * Vitest global setup of the `deep` project: picks one seed for the whole
 * deep run (unless FAIRDECK_SEED is given) and prints it once, before the
 * workers start, so every file of the run explores inputs from the same seed
 * and one line repeats the run: `FAIRDECK_SEED=<seed> npm run test:deep`.
 */
export function setup(): void {
  if (!process.env.FAIRDECK_SEED) process.env.FAIRDECK_SEED = String((Math.random() * 0x7fffffff) | 0);
  console.log(
    `deep run: fast-check seed ${process.env.FAIRDECK_SEED} (repeat with FAIRDECK_SEED=${process.env.FAIRDECK_SEED})`,
  );
}
