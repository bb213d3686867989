/**
 * A page that comes back between hands while the table has moved on to the
 * next hand (table-catch-up.ts, table-hand-start.ts `firstHand`). When the
 * creator changed the terms while the page was away, its seat has not agreed
 * to them: the page stays at the hand it played, shows and logs the change,
 * and joins only at its person's Rematch — whether the page left before the
 * next hand started (its stored roster is the old one) or after it saw it
 * start (its stored roster is the new one). With nothing changed it follows
 * the table by itself, as a page that comes back always has. Over the
 * in-memory transport with the real cryptography.
 */
import { afterEach, expect, it } from 'vitest';
import { seatPeers, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll } from '../helpers/table-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

/** Waits for `condition`, or fails naming `what` after `ms`. */
async function waitFor(what: string, condition: () => boolean, ms = 40_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const at = (hand: number, phase?: (phase: string) => boolean) => (p: SimulationPeer) => {
  const current = p.session.current;
  return current?.handNo === hand && (!phase || phase(current.session.phase));
};
const over = (phase: string) => phase === 'done' || phase === 'halted';
const dealt = (phase: string) => phase === 'dealing' || phase === 'play';
const CHANGE = /changed “Pick up the stack at will”: no → yes$/;

/** Three seats; hand 1 ends without a result at once (no shuffle to wait for). */
async function firstHandEnded(seed: number) {
  const table = await seatPeers({ game: 'stress-shed', players: 3, hands: 1, seed });
  running = table.peers;
  await waitFor('hand 1', () => table.peers.every(at(0)));
  table.peers[0]!.session.abandon('the test moves on');
  await waitFor('hand 1 over', () => table.peers.every(at(0, over)));
  return table;
}

function closePage(peer: SimulationPeer): void {
  peer.session.close();
  peer.mesh.stop();
}

/** The page came back at hand 1, shows the change, and does not join hand 2 before its person's Rematch. */
async function waitsForRematch(back: SimulationPeer, others: SimulationPeer[]): Promise<void> {
  await waitFor('the page to say the terms changed', () => back.session.nextChanges.some((l) => CHANGE.test(l)));
  // A few seconds of the table's clock (it follows a table that moved on within one or two ticks).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(back.session.current?.handNo).toBe(0);
  expect(back.session.rematchOffered).toBe(true);
  for (const p of others) expect(p.session.current!.session.phase).toBe('ready');
  back.session.rematch();
  await waitFor('hand 2 dealt everywhere', () => [back, ...others].every(at(1, dealt)));
  for (const p of [back, ...others]) {
    expect(p.session.current!.session.halt).toBeNull();
    expect(p.session.current!.session.config.setup.options).toEqual({ voluntaryPickup: true });
  }
}

it('closed before the next hand started, under changed options: back, it waits for its Rematch', async () => {
  const { peers, reload } = await firstHandEnded(61);
  const [ann, bob] = peers as [SimulationPeer, SimulationPeer];
  closePage(peers[2]!);
  expect(ann.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await waitFor('Bob to see the change', () => bob.session.nextChanges.some((l) => CHANGE.test(l)));
  ann.session.rematch();
  bob.session.rematch();
  await waitFor('hand 2 begun', () => [ann, bob].every(at(1)));
  const back = await reload(2);
  running = [ann, bob, back];
  await waitsForRematch(back, [ann, bob]);
}, 120_000);

it('closed after it saw the next hand start under changed options, without agreeing: back, it waits for its Rematch', async () => {
  const { peers, reload } = await firstHandEnded(62);
  const [ann, bob, cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
  expect(ann.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await waitFor('Bob to see the change', () => bob.session.nextChanges.some((l) => CHANGE.test(l)));
  ann.session.rematch();
  bob.session.rematch();
  await waitFor('hand 2 offered to Cid', () => cid.session.rematchOffered && cid.session.lobby.handsStarted === 2);
  const back = await reload(2);
  running = [ann, bob, back];
  await waitsForRematch(back, [ann, bob]);
}, 120_000);

it('with nothing changed, a page that comes back follows the table into its next hand by itself', async () => {
  const { peers, reload } = await firstHandEnded(63);
  const [ann, bob] = peers as [SimulationPeer, SimulationPeer];
  closePage(peers[2]!);
  ann.session.rematch();
  bob.session.rematch();
  await waitFor('hand 2 begun', () => [ann, bob].every(at(1)));
  const back = await reload(2);
  running = [ann, bob, back];
  await waitFor('hand 2 dealt everywhere', () => [back, ann, bob].every(at(1, dealt)));
  expect(back.session.current!.session.halt).toBeNull();
}, 120_000);
