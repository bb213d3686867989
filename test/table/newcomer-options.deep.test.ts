/**
 * A newcomer at a table whose options changed between hands. Three seats play
 * a stress-shed hand; the creator changes an option; every seat agrees with
 * Rematch and the second hand is played under the new option; a seat leaves.
 * A newcomer (Dan) follows both hands — the first under the options it was
 * played with, which the creator's roster keeps for it — sits in the freed
 * seat, and the third hand is played with him on the same set-up as every
 * seat. The match Ann's page exports then verifies clean offline. Over the in-memory transport with the real cryptography and the
 * seats' own bots.
 */
import { afterEach, expect, it } from 'vitest';
import { matchTranscript } from '../../src/app/store-transcript.js';
import { keyHex } from '../../src/net/envelope.js';
import { setupHash } from '../../src/table/hand/setup.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { handFinished, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { newcomerPage, pages } from './newcomer-pages.js';

afterEach(() => pages.closeAll());

it('a newcomer follows hands played before and after an option changed, sits, and plays the next hand', async () => {
  const { peers, network, table } = await seatPeers({ game: 'stress-shed', players: 3, hands: 1, seed: 47 });
  pages.running = [...peers];
  const [ann, bob, cat] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
  await until(() => peers.every(handFinished));
  expect(peers.map((p) => p.session.current!.session.auditResult?.clean)).toEqual([true, true, true]);

  expect(ann.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await until(() => peers.every((p) => p.session.nextChanges.length > 0));
  for (const p of peers) p.session.rematch();
  const at = (hand: number) => (p: SimulationPeer) => p.session.current?.handNo === hand && handFinished(p);
  await until(() => peers.every(at(1)));
  for (const p of peers) {
    const hand = p.session.current!.session;
    expect(hand.auditResult?.clean).toBe(true);
    expect(hand.config.setup.options).toEqual({ voluntaryPickup: true });
  }
  const played = await Promise.all([0, 1].map((hand) => ann.store.loadHandRecord(table, hand)));
  expect(played.map((r) => r?.setup.options)).toEqual([{}, { voluntaryPickup: true }]);

  bob.session.leave();
  await until(() => [ann, cat].every((p) => p.session.lobby.view().seats[1]!.member === null));

  const dan = await newcomerPage(network, table, 95, 'Dan');
  await until(() => dan.session.lobby.mySeat() !== null || dan.session.history.problem !== null);
  expect(dan.session.history.problem).toBeNull();
  expect(dan.session.lobby.mySeat()).toBe(1);
  // He derived both hands' records himself, each under the options it was played with.
  const followed = await Promise.all([0, 1].map((hand) => dan.store.loadHandRecord(table, hand)));
  expect(followed).toEqual(played);

  await until(() => [ann, cat].every((p) => p.session.lobby.view().seats[1]!.keyHex === keyHex(dan.signer.publicKey)));
  ann.session.rematch();
  cat.session.rematch();
  await until(() => [ann, cat, dan].every(at(2)));
  const hands = [ann, cat, dan].map((p) => p.session.current!.session);
  expect(hands.map((h) => h.halt)).toEqual([null, null, null]);
  expect(hands.map((h) => h.auditResult?.clean)).toEqual([true, true, true]);
  expect(new Set(hands.map((h) => keyHex(setupHash(h.config.setup)))).size).toBe(1);
  expect(hands[2]!.config.setup.options).toEqual({ voluntaryPickup: true });
  expect(dan.session.current!.mySeat).toBe(1);

  // The match as Ann's page exports it (an option change, then another player in seat 2) verifies clean offline:
  // each hand's seats are those its own readies signed.
  const exported = await matchTranscript(ann.session, ann.store);
  const report = verifyTranscript(exported!.text);
  expect(report.fault).toBeNull();
  expect(report.file!.hands.map((h) => h.setup.seatKeys[1])).toEqual([
    keyHex(bob.signer.publicKey),
    keyHex(bob.signer.publicKey),
    keyHex(dan.signer.publicKey),
  ]);
}, 600_000);
