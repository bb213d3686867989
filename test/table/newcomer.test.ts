/**
 * A newcomer takes a freed seat at the next hand. Three seats play
 * a stress-shed hand; the second leaves between hands. A newcomer (Dan) opens
 * the table and asks for a seat: its table follows the hand played with the
 * seatless follower (fetched from the seats' storage, its set-up found from
 * the seats' readies, every event verified, the audit run), and only then is
 * the join sent; the next hand is played with Dan seated, every page on the
 * same hash and set-up (dealer, carried state). The one who left follows that
 * hand as a watcher. A hand called off before every seat agreed (the seats
 * changed after one seat's Rematch) has no set-up all its seats signed: the
 * newcomer steps over it on the word of the next hand's seats and sits. The
 * attacks on a newcomer (a forged event, a withheld one) are in
 * newcomer-forged.deep.test.ts. Over the in-memory transport with the real
 * cryptography and the seats' own bots.
 */
import { afterEach, expect, it } from 'vitest';
import { matchTranscript } from '../../src/app/store-transcript.js';
import { keyHex } from '../../src/net/envelope.js';
import { setupHash } from '../../src/table/hand/setup.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { handFinished, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { tablePeers } from '../adversarial/table-peers.js';
import { handPlayedThenBobLeaves, newcomerPage, pages, waitFor } from './newcomer-pages.js';

afterEach(() => pages.closeAll());

it('a newcomer follows the hand played, sits in the freed seat, and plays the next hand on the same set-up', async () => {
  const { peers, network, table } = await handPlayedThenBobLeaves(41);
  const [ann, bob, cat] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
  const dan = await newcomerPage(network, table, 91, 'Dan');

  // Dan followed hand 1 (seatless) before asking: he sits in the free seat once his record of it is stored.
  await until(() => dan.session.lobby.mySeat() !== null);
  expect(dan.session.lobby.mySeat()).toBe(1);
  const annRecord = await ann.store.loadHandRecord(table, 0);
  const danRecord = await dan.store.loadHandRecord(table, 0);
  expect(danRecord?.outcome).not.toBeNull();
  expect(danRecord).toEqual(annRecord);
  expect(dan.session.current!.session.auditResult?.clean).toBe(true);
  expect(dan.session.history.problem).toBeNull();

  await until(() => [ann, cat].every((p) => p.session.lobby.view().seats[1]!.keyHex === keyHex(dan.signer.publicKey)));
  ann.session.rematch();
  cat.session.rematch();
  const atHand2 = (p: SimulationPeer) => p.session.current?.handNo === 1 && handFinished(p);
  await until(() => [ann, cat, dan, bob].every(atHand2));

  const hands = [ann, cat, dan].map((p) => p.session.current!.session);
  expect(hands.map((h) => h.halt)).toEqual([null, null, null]);
  expect(hands.map((h) => h.auditResult?.clean)).toEqual([true, true, true]);
  expect(new Set(hands.map((h) => h.hash)).size).toBe(1);
  expect(dan.session.current!.mySeat).toBe(1);
  expect(new Set(hands.map((h) => keyHex(setupHash(h.config.setup)))).size).toBe(1);
  expect(hands[0]!.config.setup.previous).not.toBeNull();
  // Bob, who left, watched hand 2: no seat, the same hash.
  expect(bob.session.isWatching).toBe(true);
  expect(bob.session.current!.session.hash).toBe(hands[0]!.hash);
}, 600_000);

it('a newcomer steps over a hand called off before every seat agreed, and may sit', async () => {
  const { peers, network, table } = await tablePeers({ game: 'stress-shed', players: 3, seed: 45 });
  pages.running = [...peers];
  const [ann, , cat] = peers as unknown as [SimulationPeer, SimulationPeer, SimulationPeer];
  const at = (hand: number, over: boolean) => (p: SimulationPeer) => {
    const current = p.session.current;
    const ended = current?.session.phase === 'done' || current?.session.phase === 'halted';
    return current?.handNo === hand && (!over || ended);
  };
  // Hand 1 ends without a result at once (no shuffle to wait for).
  await waitFor('hand 1 everywhere', () => peers.every(at(0, false)));
  ann.session.abandon('the test moves on');
  await waitFor('step 2 of the table', () => peers.every(at(0, true)));
  // Hand 2: Cat agrees first; then the creator gives Bob's seat to a bot. Cat's agreement is withdrawn, and the
  // creator's page, under the new seats, calls the hand off too: no set-up has every seat's ready, no card is dealt.
  cat.session.rematch();
  await waitFor('step 3 of the table', () => at(1, false)(cat));
  await ann.session.addBot(1, true);
  await waitFor('step 4 of the table', () => at(1, true)(cat));
  ann.session.rematch();
  await waitFor('step 5 of the table', () => [ann, cat].every(at(1, true)));
  expect([ann, cat].map((p) => p.session.current!.session.halt?.code)).toEqual(['abandoned', 'abandoned']);
  // Hand 3 under the new seats: agreed by every seat, then ended at once.
  for (const p of [ann, cat]) p.session.rematch();
  await waitFor('step 6 of the table', () =>
    [ann, cat].every((p) => at(2, false)(p) && p.session.current!.session.phase !== 'ready'),
  );
  ann.session.abandon('the test moves on again');
  await waitFor('step 7 of the table', () => [ann, cat].every(at(2, true)));
  cat.session.leave();
  // Cat's seat is freed (Bob, who follows the table and wants a seat, may take it at once).
  await waitFor(
    'step 8 of the table',
    () => ann.session.lobby.view().seats[2]!.keyHex !== keyHex(cat.signer.publicKey),
  );

  const dan = await newcomerPage(network, table, 94, 'Dan');
  // (Bob, whose seat the bot took, follows the same way and may take the freed seat first: Dan's follow is the point.)
  await waitFor(
    'Dan to follow every hand',
    () => (dan.session.current?.handNo === 2 && dan.session.history.mayJoin()) || dan.session.history.problem !== null,
  );
  expect(dan.session.history.problem).toBeNull();
  expect(dan.session.current?.handNo).toBe(2);
  expect(dan.logs).toContain(
    'hand 2 was called off before every seat agreed to it (no card was dealt): following hand 3',
  );
  // Dan derived hand 3's set-up himself, the same one the seats played.
  const [annHand3, danHand3] = await Promise.all([ann.store, dan.store].map((s) => s.loadHandRecord(table, 2)));
  expect(danHand3?.setup).toEqual(annHand3?.setup);
  expect(danHand3?.setup.previous).toBeNull();
  // The match as either page exports it verifies whole: three hands, none with a result, no fault of anyone's.
  for (const page of [ann, dan]) {
    const report = verifyTranscript((await matchTranscript(page.session, page.store))!.text);
    expect(report.fault, report.fault?.detail).toMatchObject({ code: 'abandoned', seat: null, hand: 0 });
    expect(report.hands).toHaveLength(3);
    // The called-off hand is named as such (the newcomer's file has no seats for it), and the check goes on past it.
    expect(report.hands.map((h) => [h.handNo, h.calledOff ?? false, h.verdict?.status ?? null])).toEqual([
      [0, false, 'no-result'],
      [1, true, null],
      [2, false, 'no-result'],
    ]);
  }
}, 240_000);
