/**
 * A page that closes right after its seat disclosed: its word for what it
 * held must still reach every page, or an honest page waits for ever on a
 * word that was lost with it. Three seats over the in-memory transport with
 * the real cryptography; Cid's link to Bob is slow, and Cid's page goes (its
 * link to Bob cut, what it had on the way to Bob lost) as soon as it has
 * disclosed, or once it also holds Ann's disclosure. Ann and Bob press End
 * hand whenever their table offers it. Both pages must reach the same
 * verdict, and never name Ann or Bob.
 */
import { afterEach, expect, it } from 'vitest';
import { keyHex } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { peerIdFor } from '../../src/table/table-id.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll, closePage } from '../helpers/table-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

/** Whether seat `seat`'s disclosure is among the events `hand` holds. */
const disclosed = (hand: HandSession, seat: number) =>
  hand.events().some((e) => e.body.type === 'disclose' && keyHex(e.from) === hand.config.setup.seatKeys[seat]);

it.each([
  ['has disclosed', [2], 'halted'],
  ["has disclosed and holds Ann's disclosure", [0, 2], 'done'],
] as const)(
  'Cid closes its page once it %s: Ann and Bob reach one verdict, and neither is named',
  async (_when, held, phase) => {
    const { peers, network, table } = await seatPeers({
      game: 'stress-shed',
      players: 3,
      hands: 1,
      seed: 21,
      stallMs: 1_000,
    });
    running = peers;
    const [ann, bob, cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    const id = (p: SimulationPeer) => peerIdFor(table, keyHex(p.signer.publicKey));
    network.setDelay(id(cid), id(bob), 40);
    const hand = (p: SimulationPeer) => p.session.current?.session;
    await until(() => {
      const h = hand(cid);
      return h?.phase === 'disclose' && held.every((seat) => disclosed(h, seat));
    }, 1);
    network.blockPair(id(cid), id(bob));
    closePage(cid);
    const ended = (p: SimulationPeer) => hand(p)?.phase === 'halted' || hand(p)?.phase === 'done';
    await until(() => {
      for (const p of [ann, bob]) if (!ended(p) && p.session.current?.stalled?.canEnd) p.session.endHand();
      return [ann, bob].every(ended);
    }, 20);
    const verdicts = [ann, bob].map((p) => ({ phase: hand(p)?.phase, named: hand(p)?.halt?.seat ?? null }));
    expect(verdicts).toEqual([0, 1].map(() => ({ phase, named: phase === 'done' ? null : 2 })));
  },
  120_000,
);
