/**
 * The creator changes the table's terms between hands (an option here), over
 * whole table sessions on the in-memory mesh. Every honest page shows the
 * change in words and logs it; no honest seat plays a hand under terms its
 * ready did not sign; a change that comes after a seat agreed and before the
 * deal withdraws that agreement and the next hand asks again; and a creator
 * that sends a changed roster to one seat only cannot make honest seats name
 * each other (the hand is called off naming nobody, never `bad-setup` on an
 * honest seat), whether the split holds until the deal or the roster's relay
 * reaches the other seat after it agreed.
 */
import { afterEach, expect, it } from 'vitest';
import type { Envelope } from '../../src/net/envelope.js';
import type { Roster } from '../../src/net/messages.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, handOver, tablePeers, type TablePeer } from './table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

const over = handOver;
/** Hand 1 is ended without a result at once (no shuffle: fast): what matters is what comes between it and the next. */
async function firstHandEnded(peers: readonly TablePeer[]): Promise<void> {
  await until(() => peers.every((p) => p.session.current?.handNo === 0));
  peers[0]!.session.abandon('the test moves on');
  await until(() => peers.every(over(0)));
}
/** Every seat's ready for hand `hand` agreed on this page: the deal has begun, with no halt. */
const dealt = (hand: number) => (p: TablePeer) => {
  const current = p.session.current;
  return current?.handNo === hand && (current.session.phase === 'dealing' || current.session.phase === 'play');
};
const CHANGE = 'P1 changed “Pick up the stack at will”: no → yes';

it('an option changed between hands is shown on every page, logged, and played only once every seat agreed', async () => {
  const { peers } = await tablePeers({ game: 'stress-shed', players: 3, seed: 41 });
  running = peers;
  await firstHandEnded(peers);
  expect(peers.map((p) => p.session.nextChanges)).toEqual([[], [], []]);
  expect(peers[0]!.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await until(() => peers.every((p) => p.session.nextChanges.includes(CHANGE)));
  for (const p of peers) expect(p.log.map((l) => l.line)).toContain(`hand 2 changes: ${CHANGE}`);
  for (const p of peers) p.session.rematch();
  await until(() => peers.every(dealt(1)));
  for (const p of peers) {
    const hand = p.session.current!.session;
    expect(hand.halt).toBeNull();
    expect(hand.config.setup.options).toEqual({ voluntaryPickup: true });
  }
  // Agreed: the terms of the hand now are the roster's, nothing is left to show.
  expect(peers.map((p) => p.session.nextChanges)).toEqual([[], [], []]);
}, 120_000);

it('the creator’s change waits for the last seat’s Rematch; a refused change or one from another seat changes nothing', async () => {
  const { peers, table } = await tablePeers({ game: 'stress-shed', players: 3, seed: 44 });
  running = peers;
  await firstHandEnded(peers);
  const [creator, bob, cat] = peers as [TablePeer, TablePeer, TablePeer];
  const before = (await creator.store.loadRoster(table))!;
  // Refused, each with its reason, and the table keeps its options and roster version.
  expect(bob.session.lobby.changeOptions({ voluntaryPickup: true })).toBe('only the table creator changes its options');
  expect(creator.session.lobby.changeOptions({ decks: 3 })).toMatch(/\S/);
  expect(creator.session.lobby.changeOptions({ decks: 1, voluntaryPickup: 'yes' })).toMatch(/\S/);
  expect((await creator.store.loadRoster(table))!).toEqual(before);
  expect(peers.map((p) => p.session.nextChanges)).toEqual([[], [], []]);

  expect(creator.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await until(() => peers.every((p) => p.session.nextChanges.includes(CHANGE)));
  creator.session.rematch();
  bob.session.rematch();
  await until(() => [creator, bob].every((p) => p.session.current?.handNo === 1));
  // Two of three agreed: nothing is dealt under the new terms, and Cat still has the change before her, with Rematch.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect([creator, bob].map((p) => p.session.current!.session.phase)).toEqual(['ready', 'ready']);
  expect(cat.session.current!.handNo).toBe(0);
  expect(cat.session.nextChanges).toEqual([CHANGE]);
  expect(cat.session.rematchOffered).toBe(true);
  cat.session.rematch();
  await until(() => peers.every(dealt(1)));
  for (const p of peers) expect(p.session.current!.session.config.setup.options).toEqual({ voluntaryPickup: true });
}, 120_000);

it('a change after a seat agreed and before the deal withdraws that agreement, names nobody, and asks again', async () => {
  const { peers } = await tablePeers({ game: 'stress-shed', players: 3, seed: 42 });
  running = peers;
  await firstHandEnded(peers);
  const [creator, early] = [peers[0]!, peers[1]!];
  early.session.rematch();
  await until(() => early.session.current?.handNo === 1);
  expect(creator.session.lobby.changeOptions({ voluntaryPickup: true })).toBeNull();
  await until(() => over(1)(early));
  const withdrawn = early.session.current!.session.halt!;
  expect(withdrawn).toMatchObject({ code: 'abandoned', seat: null });
  expect(withdrawn.detail).toContain("the table's terms changed after this seat agreed and before the deal");
  expect(withdrawn.detail).toContain(CHANGE);
  // The others agree now, to a hand the early seat has called off: it ends for them too, naming nobody.
  for (const p of peers.filter((p) => p !== early)) p.session.rematch();
  await until(() => peers.every(over(1)));
  for (const p of peers) expect(p.session.current!.session.halt).toMatchObject({ code: 'abandoned', seat: null });
  // Asked again, every seat agrees to the new terms and the hand is played under them.
  for (const p of peers) p.session.rematch();
  await until(() => peers.every(dealt(2)));
  for (const p of peers) {
    expect(p.session.current!.session.halt).toBeNull();
    expect(p.session.current!.session.config.setup.options).toEqual({ voluntaryPickup: true });
  }
}, 120_000);

/** A hand called off before any card was dealt: never bad-setup, never an honest seat named, no seal key used. */
function calledOffUndealt(p: TablePeer, detail: RegExp): void {
  const halt = p.session.current!.session.halt!;
  expect(halt).toMatchObject({ code: 'abandoned', seat: null });
  expect(halt.detail).toMatch(detail);
  expect(p.session.current!.session.step).toBe(0);
  expect(p.session.current!.session.follower.sealKeys).toEqual([]);
}

/** The roster as the creator's page holds it, changed to one more version with other options, and signed. */
async function changedRoster(creator: TablePeer, table: string) {
  const roster = (await creator.store.loadRoster(table))!;
  const changed: Roster = {
    ...roster,
    version: roster.version + 1,
    config: { ...roster.config, options: { voluntaryPickup: true } },
  };
  return creator.mesh.sign('roster', changed);
}

/**
 * Three seats past a first hand, where seat 2 (`told`) loses every roster it would pass on: the told seat would
 * pass one on whenever it cannot tell that the creator reaches the other seat itself (src/net/relay.ts), and here
 * that relay is lost, so only what the creator sends reaches `other`. `signed` is the changed roster, not sent yet.
 */
async function splitTable(seed: number) {
  const notRosters = (envelope: Envelope) => envelope.kind !== 'roster';
  const { peers, table } = await tablePeers({
    game: 'stress-shed',
    players: 3,
    seed,
    relayFilter: (seat) => (seat === 1 ? notRosters : undefined),
  });
  running = peers;
  await firstHandEnded(peers);
  const [creator, told, other] = [peers[0]!, peers[1]!, peers[2]!];
  return { peers, creator, told, other, signed: await changedRoster(creator, table) };
}

it('a creator that sends a changed roster to one seat only, whose relay is lost: the hand is called off naming nobody', async () => {
  const { peers, creator, told, other, signed } = await splitTable(43);
  creator.mesh.resend(told.mesh.peerId, signed);
  await until(() => told.session.nextChanges.includes(CHANGE));
  expect(other.session.nextChanges).toEqual([]);
  for (const p of peers) p.session.rematch();
  await until(() => peers.every(over(1)));
  for (const p of [told, other]) calledOffUndealt(p, /agreed to other terms for this hand/);
}, 120_000);

it('a changed roster that reaches the other seat only after it agreed: that seat withdraws, and nobody is named', async () => {
  const { peers, creator, told, other, signed } = await splitTable(45);
  creator.mesh.resend(told.mesh.peerId, signed);
  await until(() => told.session.nextChanges.includes(CHANGE));
  other.session.rematch();
  await until(() => other.session.current?.handNo === 1);
  // Late, as a relay of it would come: the other seat agreed to the old terms and now holds the new ones.
  creator.mesh.resend(other.mesh.peerId, signed);
  await until(() => over(1)(other));
  calledOffUndealt(other, /the table's terms changed after this seat agreed and before the deal/);
  for (const p of [creator, told]) p.session.rematch();
  await until(() => peers.every(over(1)));
  // The told seat learns either cause first (the other's ready for other terms, or its withdrawal): both name nobody.
  calledOffUndealt(
    told,
    /agreed to other terms for this hand|ended the hand without a result: the table's terms changed/,
  );
}, 120_000);
