/**
 * A match with a hand that a seat ended without a result, exported from a
 * seat's page as the app exports it (store-transcript.ts) and checked by the
 * offline verifier: the check goes on past that hand (the next one chains
 * from it: the same dealer and carry), so every later hand is verified too;
 * the match is not clean for that reason alone, with no seat to blame, and
 * the words say so. A file that claims a result for that hand is refused.
 * Whole table sessions on the in-memory mesh with the real cryptography and
 * the seats' bots.
 */
import { afterEach, expect, it } from 'vitest';
import { matchTranscript } from '../../src/app/store-transcript.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, handOver, tablePeers, type TablePeer } from '../adversarial/table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

const over = handOver;
const audited = (hand: number) => (p: TablePeer) => over(hand)(p) && p.session.current!.session.auditResult !== null;

it('a hand ended without a result does not stop the check: the hands after it are verified, and nobody is blamed', async () => {
  const { peers } = await tablePeers({ game: 'stress-shed', players: 2, seed: 63 });
  running = peers;
  await until(() => peers.every((p) => p.session.current?.handNo === 0));
  peers[0]!.session.abandon('the test moves on');
  await until(() => peers.every(over(0)));
  for (const p of peers) p.session.rematch();
  await until(() => peers.every(audited(1)));

  const exported = await matchTranscript(peers[1]!.session, peers[1]!.store);
  const report = verifyTranscript(exported!.text);
  expect(report.ok).toBe(false);
  expect(report.fault).toMatchObject({ code: 'abandoned', seat: null, hand: 0 });
  expect(report.hands.map((h) => h.verdict?.status)).toEqual(['no-result', 'clean']);
  const words = describeReport(report);
  expect(words.at(-2)).toBe(
    'VERDICT: NOT CLEAN — hand 1 ended without a result (no seat is to blame, and the file is whole); the other 1 hand(s) verified clean offline.',
  );
  expect(words.join('\n')).not.toMatch(/altered/);

  // A file that claims a result for the hand that had none is refused, naming nobody.
  const second = report.file!.hands[1]!;
  const claimed = { ...report.file!, hands: [{ ...report.file!.hands[0]!, claimed: second.claimed }, second] };
  expect(verifyTranscript(claimed).fault).toMatchObject({ code: 'claim-mismatch', seat: null, hand: 0 });
}, 120_000);
