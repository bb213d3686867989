/**
 * A hand's set-up is agreed and persisted: each seat's ready commits to the
 * set-up's hash, the table stores the set-up with the hand, and the next
 * hand's set-up comes from the previous hand's stored outcome. Two peers
 * finish hand 1, one reloads mid-hand 2 (a fresh TableSession over its stored
 * data only, nothing kept in memory), and both finish hand 2 with one state
 * hash and a clean audit (in Stress, shedding: the set-up does not depend on
 * the game, and test/conformance/table.test.ts plays every game's two hands
 * with a reload mid-hand 2). A peer whose stored outcome says another dealer
 * is refused at its ready and named.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { outcomeHash } from '../../src/table/hand/setup.js';
import { handFinished, resultOf, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll } from '../helpers/table-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

const finishedHand = (hand: number) => (p: SimulationPeer) => p.session.current?.handNo === hand && handFinished(p);

describe('set-up across hands', () => {
  const game = 'stress-shed';
  it('a peer reloaded mid-hand 2 rebuilds the set-up from storage and both finish with one hash and a clean audit', async () => {
    const { peers, reload } = await seatPeers({ game, players: 2, hands: 2, seed: 7 });
    running = peers;
    await until(() => peers.every(finishedHand(0)), 10);
    expect(resultOf(peers, game).allClean).toBe(true);
    for (const p of peers) p.session.rematch();
    await until(
      () =>
        (peers[1]!.session.current?.handNo === 1 && peers[1]!.session.current.session.step >= 10) ||
        handFinished(peers[1]!),
      2,
    );
    expect(peers[1]!.session.current!.session.phase).not.toBe('done');
    await reload(1);
    await until(() => peers.every(finishedHand(1)), 10);
    const result = resultOf(peers, game);
    expect(result.peers.map((p) => p.halt)).toEqual([null, null]);
    expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.allClean).toBe(true);
    // Hand 2's stored set-up derives from hand 1's stored outcome.
    const table = peers[0]!.session.lobby.table;
    const first = await peers[1]!.store.loadHandRecord(table, 0);
    const second = await peers[1]!.store.loadHandRecord(table, 1);
    expect(first?.outcome).not.toBeNull();
    expect(second?.setup.dealer).toBe(first!.outcome!.nextDealer);
    expect(second?.setup.previous).toBe(outcomeHash(first!.outcome!));
    expect(await peers[0]!.store.loadHandRecord(table, 1)).toEqual(second);
  }, 300_000);
});

it('a peer whose stored outcome names another dealer is refused at its ready and named', async () => {
  const { peers } = await seatPeers({ game: 'stress-shed', players: 2, hands: 2, seed: 8 });
  running = peers;
  await until(() => peers.every(finishedHand(0)), 10);
  // Seat 2's storage says another dealer deals next (a stale or tampered record).
  const table = peers[0]!.session.lobby.table;
  const record = (await peers[1]!.store.loadHandRecord(table, 0))!;
  await peers[1]!.store.saveHandRecord(table, 0, {
    ...record,
    outcome: { ...record.outcome!, nextDealer: 1 - record.outcome!.nextDealer },
  });
  for (const p of peers) p.session.rematch();
  await until(() => peers[0]!.session.current?.handNo === 1 && peers[0]!.session.current.session.halt !== null, 10);
  const halt = peers[0]!.session.current!.session.halt!;
  expect(halt.code).toBe('bad-setup');
  expect(halt.seat).toBe(1);
}, 300_000);
