/**
 * The split views and hostile relays of split-view.test.ts with other seeds
 * (a fresh one each deep run; FAIRDECK_SEED repeats one), and the table
 * shapes that take longer: a whole hand over a partial mesh, five seats with
 * several unlinked pairs.
 */
import { describe } from 'vitest';
import { runs, seedFor } from '../helpers/depth.js';
import { itNamesTheCheater, SPLIT_CASES, WIDER_CASES } from './split-cases.js';

describe('split views and a relay that drops, other seeds and wider tables', () => {
  for (let i = 0; i < runs(1, 3); i++) itNamesTheCheater([...SPLIT_CASES, ...WIDER_CASES], seedFor(100 + i));
});
