/**
 * runCheat (src/table/cheat-run.ts) judging a replay: the cheater sends its
 * first event again later, and the honest peers must ignore it — nothing
 * may change, the hand ends with a clean audit and every honest peer holds
 * the same final state. A replay shows only once the hand is over, so this
 * plays a whole two-seat stress-shed hand (a few seconds): kept apart from
 * simulation-runs.test.ts, whose hands stop early.
 */
import { expect, it } from 'vitest';
import { runCheat } from '../../src/table/cheat-run.js';

it('a replay: nothing changes, the hand ends with a clean audit on every honest peer', async () => {
  const report = (await runCheat({ game: 'stress-shed', players: 2, kind: 'replay', seed: 3 }))!;
  expect(report.committed).toBe(true);
  expect(report.verdicts).toEqual([{ seat: 0, code: 'clean', blamed: null, detail: 'audit clean' }]);
  expect(report.ok).toBe(true);
  expect(report.why).toBe('');
}, 300_000);
