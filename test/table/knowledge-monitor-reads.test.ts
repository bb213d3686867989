/**
 * The knowledge monitor (src/table/knowledge-monitor.ts) is the oracle of
 * the attacker suite: it must see every card a peer could open with the keys
 * it holds, and call a leak anything beyond what the rules show that peer.
 * These tests play one two-seat stress-shed hand each (a second or two) and
 * check both halves: in an honest hand every seat, and a spectator, reads
 * exactly true cards it is allowed to read and never a leak; fed the last
 * key of a card another seat holds (as if the protocol had let it out), a
 * seat's monitor names that card, its handle and how it was read; and under
 * the F1 attack (a shuffle output Y_a + 2·Y_b, accepted with the shuffle
 * argument switched off, test-only) the cheater's monitor reads its victim's
 * card out of the combination, while the honest seat's monitor finds nothing.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { ALL_SEATS, decodePacketSecrets, encodeKeyShares } from '../../crypto/index.js';
import { signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { makeCheat } from '../../src/table/cheats.js';
import { KnowledgeMonitor } from '../../src/table/knowledge-monitor.js';
import { seatPeers, until, type SimulationPeer } from '../../src/table/simulation.js';
import { shuffleArgument } from '../helpers/shuffle-argument-switch.js';

vi.mock('../../crypto/index.js', async (importOriginal) => {
  const { withSwitchableShuffleArgument } = await import('../helpers/shuffle-argument-switch.js');
  return withSwitchableShuffleArgument(await importOriginal());
});

let running: SimulationPeer[] = [];
afterEach(() => {
  for (const p of running) {
    p.session.close();
    p.mesh.stop();
  }
  running = [];
  shuffleArgument.checked = true;
});

/**
 * An honest two-seat stress-shed hand, stopped once both seats hold their dealt cards (the table
 * then goes quiet: the sessions are closed), with a monitor on both seats and a spectator's
 * monitor on seat 1's events.
 */
async function dealtHand() {
  const { peers, table } = await seatPeers({ game: 'stress-shed', players: 2, hands: 1, seed: 1, monitor: 'all' });
  running = peers;
  const session = peers[0]!.session;
  let spectator: KnowledgeMonitor | null = null;
  const receive = session.receive.bind(session);
  session.receive = ((envelope, via) => {
    receive(envelope, via);
    if (!spectator && session.current) spectator = new KnowledgeMonitor(null, session.current.session, () => undefined);
    spectator?.observe();
  }) as typeof session.receive;
  await until(
    () => peers.every((p) => Object.keys(p.session.current?.session.privateView.known ?? {}).length >= 8),
    10,
  );
  for (const p of peers) {
    p.session.close();
    p.mesh.stop();
  }
  running = [];
  return { peers, table, spectator: spectator! };
}

/** Every card some seat saw or everyone saw, by handle. */
function truth(peers: SimulationPeer[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const p of peers) {
    const hand = p.session.current!.session;
    for (const [h, card] of Object.entries(hand.privateView.known)) out.set(Number(h), card);
    hand.follower.state!.cards.forEach((info, h) => info.card !== null && out.set(h, info.card));
  }
  return out;
}

/** `hand` as seen through a follower whose phase and pool the test sets. */
function fedHand(hand: HandSession, extra: EnvelopeOf<'table-event'>[], phase: { value: string }): HandSession {
  const real = hand.follower;
  const follower = new Proxy(real, {
    get(target, key) {
      if (key === 'phase') return phase.value;
      if (key === 'pool') return { envelopes: () => [...target.pool.envelopes(), ...extra] };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return new Proxy(hand, {
    get(target, key) {
      if (key === 'follower') return follower;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

it('in an honest deal each seat and a spectator read true cards they may read, and nothing leaks', async () => {
  const { peers, spectator } = await dealtHand();
  const cards = truth(peers);
  for (const [seat, peer] of peers.entries()) {
    const monitor = peer.monitor!()!;
    expect(monitor.seat).toBe(seat);
    expect(monitor.observe()).toEqual([]);
    const hand = peer.session.current!.session;
    const state = hand.follower.state!;
    const readable = monitor.readableCards();
    for (const [h, card] of readable) {
      expect(
        state.cards[h]!.card !== null || state.cards[h]!.seen.includes(seat),
        `seat ${seat + 1} may read handle ${h}`,
      ).toBe(true);
      expect(card).toBe(cards.get(h));
    }
    // Every card the seat was shown it can open.
    for (const h of Object.keys(hand.privateView.known))
      expect(readable.has(Number(h)), `seat ${seat + 1} opens handle ${h}`).toBe(true);
    // Nothing is judged before play ends.
    expect(monitor.leaks).toEqual([]);
  }
  expect(spectator.seat).toBeNull();
  expect(spectator.leaks).toEqual([]);
  const publicCards = peers[0]!.session.current!.session.follower.state!.cards.filter(
    (info) => info.card !== null,
  ).length;
  const watched = spectator.readableCards();
  // Every public card but at most one (the card of the last move may still wait for its keys).
  expect(watched.size).toBeGreaterThanOrEqual(publicCards - 1);
  expect(watched.size).toBeGreaterThan(0);
  for (const [h, card] of watched) expect(peers[0]!.session.current!.session.follower.state!.cards[h]!.card).toBe(card);
}, 120_000);

it('fed the last key of a card the other seat holds, a seat’s monitor names that card as a leak once the hand halts', async () => {
  const { peers, table } = await dealtHand();
  const hands = peers.map((p) => p.session.current!.session);
  const holder = 1;
  const reader = 0;
  const state = hands[holder]!.follower.state!;
  const book = hands[holder]!.follower.book;
  const hidden = Object.entries(hands[holder]!.privateView.known)
    .map(([h, card]) => ({ handle: Number(h), card, at: book.locate(Number(h))! }))
    .find((c) => state.cards[c.handle]!.card === null && c.at.packet === 0)!;
  expect(hidden).toBeDefined();
  const secrets = (await peers[holder]!.store.loadHandSecrets(
    table,
    0,
    Buffer.from(peers[holder]!.signer.publicKey).toString('hex'),
  ))!;
  const lock = secrets.packets.map((b) => decodePacketSecrets(b)).find((s) => s.packet === 0)!.lock!;
  const params = book.hand.params;
  const shares = encodeKeyShares({
    kind: 'keys',
    header: { tableId: params.tableId, handNo: params.handNo, packet: 0, seat: holder },
    to: ALL_SEATS,
    entries: [{ position: hidden.at.position, layer: holder, key: lock[hidden.at.position]! }],
  });
  const leakedKeys = signEnvelope(peers[holder]!.signer, {
    kind: 'table-event',
    table,
    seq: 10 ** 15,
    to: null,
    body: {
      type: 'keys',
      n: 100_000,
      at: 0,
      hash: new Uint8Array(32),
      data: { request: 0, to: null, shares: [shares, new Uint8Array([1, 2, 3])] },
    } as never,
  });
  const own = await peers[reader]!.store.loadHandSecrets(
    table,
    0,
    Buffer.from(peers[reader]!.signer.publicKey).toString('hex'),
  );
  const phase = { value: 'play' };
  const monitor = new KnowledgeMonitor(reader, fedHand(hands[reader]!, [leakedKeys], phase), () => own);
  // During play nothing is judged yet.
  expect(monitor.observe()).toEqual([]);
  expect(monitor.readableCards().get(hidden.handle)).toBe(hidden.card);
  phase.value = 'halted';
  const leak = {
    seat: reader,
    handle: hidden.handle,
    card: hidden.card,
    how: `opened packet 0 position ${hidden.at.position}`,
  };
  expect(monitor.observe()).toEqual([leak]);
  // Judged once: later events change nothing.
  expect(monitor.observe()).toEqual([leak]);
  // Without the leaked key the same monitor finds nothing.
  const clean = new KnowledgeMonitor(reader, fedHand(hands[reader]!, [], { value: 'halted' }), () => own);
  expect(clean.observe()).toEqual([]);
  // A monitor first asked once play is over judges what it had read: nothing.
  const late = new KnowledgeMonitor(reader, fedHand(hands[reader]!, [leakedKeys], { value: 'done' }), () => own);
  expect(late.observe()).toEqual([]);
  expect(late.readableCards().size).toBe(0);
}, 120_000);

it('F1 without the shuffle argument: the cheater’s monitor reads the victim’s card out of a combination; the honest seat’s finds nothing', async () => {
  shuffleArgument.checked = false;
  const cheat = makeCheat('shuffle-linear', 'stress-shed')!;
  const { peers } = await seatPeers({
    game: 'stress-shed',
    players: 2,
    hands: 1,
    seed: 7,
    cheat: { seat: 1, cheat },
    monitor: 'all',
  });
  running = peers;
  await until(() => peers.every((p) => p.session.current?.session.halt), 10);
  for (const p of peers) p.monitor!()!.observe();
  expect(peers[1]!.monitor!()!.leaks).toEqual([
    { seat: 1, handle: null, card: 'KH', how: 'read out of the combination at packet 0 position 20' },
  ]);
  expect(peers[0]!.monitor!()!.leaks).toEqual([]);
  // Position 20 is the cheater's own card: it may open it (to a combination), so that is no leak.
  expect(peers[1]!.monitor!()!.readableCards().has(20)).toBe(true);
  expect(peers[0]!.session.current!.session.halt).toMatchObject({ code: 'crypto-fault', seat: 1 });
}, 120_000);
