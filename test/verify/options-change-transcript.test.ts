/**
 * A match whose options the creator changed between hands, exported from a
 * seat's page as the app exports it (store-transcript.ts) and checked by the
 * offline verifier: each hand is checked under the options its own seats'
 * readies signed, and the chain between hands (dealer, carried match state,
 * the previous outcome) still has to hold. Whole table sessions on the
 * in-memory mesh with the real cryptography and the seats' bots.
 */
import { afterEach, expect, it } from 'vitest';
import { matchTranscript } from '../../src/app/store-transcript.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, tablePeers, type TablePeer } from '../adversarial/table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

const done = (hand: number) => (p: TablePeer) => {
  const current = p.session.current;
  return current?.handNo === hand && current.session.phase === 'done' && current.session.auditResult !== null;
};

it('a match with an option changed between hands verifies clean, each hand under the options its seats signed', async () => {
  const { peers } = await tablePeers({ game: 'stress-shed', players: 2, seed: 61 });
  running = peers;
  await until(() => peers.every(done(0)));
  expect(peers[0]!.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await until(() => peers.every((p) => p.session.nextChanges.length > 0));
  for (const p of peers) p.session.rematch();
  await until(() => peers.every(done(1)));

  const exported = await matchTranscript(peers[1]!.session, peers[1]!.store);
  const report = verifyTranscript(exported!.text);
  expect(report.fault).toBeNull();
  expect(report.ok).toBe(true);
  expect(report.file!.hands.map((h) => h.setup.options)).toEqual([{}, { voluntaryPickup: true }]);
  // The chain is still checked: hand 2 set up under other options than its seats signed is refused.
  const forged = {
    ...report.file!,
    hands: [
      report.file!.hands[0]!,
      { ...report.file!.hands[1]!, setup: { ...report.file!.hands[1]!.setup, options: {} } },
    ],
  };
  expect(verifyTranscript(forged).ok).toBe(false);
}, 120_000);
