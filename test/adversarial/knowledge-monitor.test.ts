/**
 * F1 and the knowledge monitor. The last shuffler of
 * a two-seat stress-shed hand replaces one output point by Y_a + 2·Y_b — a of
 * its own hand, b of its victim's — and makes the best proof the real prover
 * API can make for it (its true s and π over the altered deck). With the old
 * verification (everything but the shuffle argument: context, turn, distinct
 * points; the retired Schnorr proof of s would pass as well, since the
 * cheater knows s) the step is accepted, and when the cheater's own card at
 * position a is opened to it, it reads H_x + 2·H_y and so the victim's card
 * y: the monitor on the cheater's peer must flag that card as a leak, and it
 * must be the victim's real card. With the shuffle argument checked, the
 * step is refused at once naming the cheater, and nobody can read anything
 * beyond what the rules show. The switch is test-only (vi.mock of the
 * verifier the follower imports); the app always runs the real one.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { makeCheat, cheaterSeat } from '../../tools/sim/cheats.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { shuffleArgument } from '../helpers/shuffle-argument-switch.js';
import { closeAll } from '../helpers/table-page.js';

vi.mock('../../crypto/index.js', async (importOriginal) => {
  const { withSwitchableShuffleArgument } = await import('../helpers/shuffle-argument-switch.js');
  return withSwitchableShuffleArgument(await importOriginal());
});

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
  shuffleArgument.checked = true;
});

async function f1Hand(seed: number) {
  const cheat = makeCheat('shuffle-linear', 'stress-shed')!;
  const cheater = cheaterSeat('shuffle-linear', 2);
  const { peers, cheat: ctx } = await seatPeers({
    game: 'stress-shed',
    players: 2,
    hands: 1,
    seed,
    cheat: { seat: cheater, cheat },
    monitor: 'all',
  });
  running = peers;
  return { peers, ctx: ctx!, cheater, victim: 1 - cheater };
}

it('F1 without the shuffle argument: the step is accepted and the monitor sees the cheater read its victim’s card', async () => {
  shuffleArgument.checked = false;
  const { peers, ctx, cheater, victim } = await f1Hand(7);
  await until(() => (peers[cheater]!.monitor!()?.leaks.length ?? 0) > 0, 10);
  expect(ctx.done).toBe(true);
  const leaks = peers[cheater]!.monitor!()!.leaks;
  // The victim's hand arrives too (the cheater sent its shares for it before it stopped): the leaked card is one of them.
  const victimHand = peers[victim]!.session.current!.session;
  await until(() => Object.keys(victimHand.privateView.known).length > 0 || victimHand.halt !== null, 10);
  const victimCards = Object.values(victimHand.privateView.known);
  const read = leaks.filter((l) => l.handle === null).map((l) => l.card);
  expect(read.length).toBeGreaterThan(0);
  expect(victimCards).toEqual(expect.arrayContaining(read));
  // The honest peer accepted the step: nothing named the cheater at the shuffle.
  expect(victimHand.halt?.code).not.toBe('bad-step');
}, 180_000);

it('F1 with the shuffle argument: refused at the shuffle step naming the cheater, and nothing leaks', async () => {
  const { peers, ctx, cheater, victim } = await f1Hand(7);
  const honest = peers[victim]!.session;
  await until(() => honest.current?.session.halt !== null && honest.current?.session.halt !== undefined, 10);
  expect(ctx.done).toBe(true);
  expect(honest.current!.session.halt).toMatchObject({ code: 'bad-step', seat: cheater });
  for (const peer of peers) {
    const monitor = peer.monitor!()!;
    monitor.observe();
    expect(monitor.leaks).toEqual([]);
  }
  // The deck never locked: nobody can open any card.
  expect(peers[cheater]!.monitor!()!.readableCards().size).toBe(0);
}, 180_000);
