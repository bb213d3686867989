/**
 * A page that closes right after its seat disclosed (table-echo.ts
 * `lastWord`): three seats of stress-shed over the in-memory transport with
 * the real cryptography, Cid's link to Bob slow (40 ms), and Cid's page gone
 * — its link to Bob cut, what it had on the way to Bob lost — as soon as it
 * has disclosed and holds the disclosures of the seats in `held`. Ann and Bob
 * press End hand whenever their table offers it (the turn timer ran out on a
 * stall), as players would. Returns how the hand ended on Ann's and Bob's
 * pages: its phase and the seat named, if any.
 */
import { keyHex } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { peerIdFor } from '../../src/table/table-id.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll, closePage } from './table-page.js';

export interface Verdict {
  readonly phase: string | undefined;
  readonly named: number | null;
}

/** Whether seat `seat`'s disclosure is among the events `hand` holds. */
const disclosed = (hand: HandSession, seat: number) =>
  hand.events().some((e) => e.body.type === 'disclose' && keyHex(e.from) === hand.config.setup.seatKeys[seat]);

export async function closeAfterDisclosing(held: readonly number[]): Promise<Verdict[]> {
  const { peers, network, table } = await seatPeers({
    game: 'stress-shed',
    players: 3,
    hands: 1,
    seed: 21,
    stallMs: 1_000,
  });
  try {
    const [ann, bob, cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    const id = (p: SimulationPeer) => peerIdFor(table, keyHex(p.signer.publicKey));
    network.setDelay(id(cid), id(bob), 40);
    const hand = (p: SimulationPeer) => p.session.current?.session;
    await until(() => {
      const h = hand(cid);
      return h?.phase === 'disclose' && [2, ...held].every((seat) => disclosed(h, seat));
    }, 1);
    network.blockPair(id(cid), id(bob));
    closePage(cid);
    const ended = (p: SimulationPeer) => hand(p)?.phase === 'halted' || hand(p)?.phase === 'done';
    await until(() => {
      for (const p of [ann, bob]) if (!ended(p) && p.session.current?.stalled?.canEnd) p.session.endHand();
      return [ann, bob].every(ended);
    }, 20);
    return [ann, bob].map((p) => ({ phase: hand(p)?.phase, named: hand(p)?.halt?.seat ?? null }));
  } finally {
    closeAll(peers);
  }
}
