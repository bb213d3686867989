/**
 * The knowledge monitor as an oracle (knowledge-monitor.ts), in played hands
 * with the shuffle argument switched off (test-only): the last shuffler of a
 * two-seat stress-shed hand replaces its own first card by
 * Y_a + r_1·Y_b1 + r_2·Y_b2 with random scalars r_i (b_i dealt to its
 * victim), and its monitor must read exactly the victim's two cards — from
 * the relation the cheater made, solved over the deck, whatever the
 * coefficients — while the honest seat's monitor reads nothing it may not.
 * Several seeds and random coefficients each: a long run (the deep suite).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { Fn } from '../../crypto/group.js';
import { seededRandom } from '../../crypto/index.js';
import { linearShuffle } from '../../tools/sim/cheats-protocol.js';
import { makeCheat, type Cheat } from '../../tools/sim/cheats.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { seedFor } from '../helpers/depth.js';
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

it.each([11, 12, 13])(
  'seed %i: a random two-victim combination is read exactly by the cheater’s monitor',
  async (seed) => {
    shuffleArgument.checked = false;
    const random = seededRandom(`combinations-${seedFor(seed)}`);
    const scalar = () => Fn.create(BigInt(`0x${Buffer.from(random(32)).toString('hex')}`)) || 1n;
    const coeffs = [scalar(), scalar()];
    const cheat: Cheat = { ...makeCheat('shuffle-linear', 'stress-shed')!, sign: linearShuffle(coeffs) };
    const { peers, cheat: ctx } = await seatPeers({
      game: 'stress-shed',
      players: 2,
      hands: 1,
      seed,
      cheat: { seat: 1, cheat },
      monitor: 'all',
    });
    running = peers;
    await until(() => peers.every((p) => p.session.current?.session.halt), 10);
    for (const p of peers) p.monitor!()!.observe();
    const relation = ctx!.relations![0]!;
    const known = peers[0]!.session.current!.session.privateView.known;
    const victims = relation.terms.slice(1).map((t) => known[t.position]);
    expect(victims.every((card) => card !== undefined)).toBe(true);
    expect(peers[1]!.monitor!()!.leaks.map((l) => l.card)).toEqual(victims);
    expect(peers[1]!.monitor!()!.unexplained).toEqual([]);
    expect(peers[0]!.monitor!()!.leaks).toEqual([]);
  },
  300_000,
);
