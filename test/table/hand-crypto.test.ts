/**
 * The crypto of a hand, on the real signed events of a recorded
 * two-seat courier hand (plumb-fixture.ts; every crypto request kind): the
 * cascade of shuffle, lock and re-layer steps (hand/cascade.ts), the packet
 * book's share checks, sealing and opening (hand/packets.ts), the checks on
 * reveals, private deliveries and played cards (hand/requests.ts) and the
 * end-of-hand audit (hand/audit.ts). One spectator replay builds the state;
 * each test then calls the module directly with an event or a disclosure
 * changed, and checks the halt code, the seat it blames and the words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SEATS,
  decodeKeyShares,
  encodeKeyShares,
  seededRandom,
  type KeyShares,
  type RandomSource,
} from '../../crypto/index.js';
import { type Result, err } from '../../src/result.js';
import type { Halt } from '../../src/table/hand/halt.js';
import type { CryptoRequest } from '../../src/engine/index.js';
import { runAudit, type AuditInput } from '../../src/table/hand/audit.js';
import {
  finishCascade,
  presumeStep,
  startDeal,
  startReshuffle,
  stepType,
  takeStepUnchecked,
  checkProofs,
  type Cascade,
  type ReshuffleRequest,
} from '../../src/table/hand/cascade.js';
import type { StepType } from '../../src/table/hand/event-pool.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { mergeRings, PacketBook } from '../../src/table/hand/packets.js';
import { checkDeliveryEnvelope, checkPlayedCards, revealAllCards } from '../../src/table/hand/requests.js';
import { parseEvent, type TableEvent } from '../../src/table/transcript.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  courierFixture,
  fixtureGame,
  fixtureSigners,
  freshBook as bookFor,
  stateBytes,
  type CourierFixture,
} from './plumb-fixture.js';

let fx: CourierFixture;
let f: HandFollower;
let disclosures: TableEvent<'disclose'>[];
const rng = seededRandom('plumb-crypto');

// The replay presumes the proofs and public keys good (the offline verifier's fast path: the
// recorded hand is honest, and the tests below check steps and shares themselves), and stops
// before the disclosures, so the audit runs only in the tests that call it.
beforeAll(() => {
  fx = courierFixture();
  f = new HandFollower({ setup: fx.setup, game: fixtureGame, rng, presumeProofs: () => true, presumeKey: () => true });
  for (const e of fx.events.filter((e) => e.body.type !== 'disclose')) f.take(e);
  f.run();
  f.book.presumeKey = null;
  disclosures = [0, 1].map((seat) => {
    const e = fx.events.find(
      (x) => x.body.type === 'disclose' && bytesToHex(x.from) === bytesToHex(fixtureSigners[seat]!.publicKey),
    )!;
    const parsed = parseEvent(e, seat);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.value as TableEvent<'disclose'>;
  });
});

const events = () => f.pool.events();
const find = <T extends TableEvent['type']>(seat: number, type: T, pred: (e: TableEvent<T>) => boolean = () => true) =>
  events().find((e) => e.seat === seat && e.type === type && pred(e as TableEvent<T>)) as TableEvent<T>;
const keysOf = (seat: number, request: number) => find(seat, 'keys', (e) => e.data.request === request);
const steps = (packet: number) =>
  events().filter(
    (e) => ['shuffle', 'lock', 'reshuffle'].includes(e.type) && (e as TableEvent<StepType>).data.packet === packet,
  ) as TableEvent<StepType>[];
const withData = <T extends TableEvent['type']>(
  e: TableEvent<T>,
  data: Partial<TableEvent<T>['data']>,
): TableEvent<T> => ({ ...e, data: { ...e.data, ...data } });
const seal = (seat: number) => ({ secretKey: disclosures[seat]!.data.sealSecret, publicKey: f.sealKeys[seat]! });
const freshBook = () => bookFor(fx);
const reencode = (bytes: Uint8Array, seat: number, change: (m: KeyShares) => KeyShares) =>
  encodeKeyShares(change(decodeKeyShares(bytes, { hand: f.book.hand, seat })));

it('the recorded hand replays to its disclosures with three packets', () => {
  expect(f.halt).toBeNull();
  expect(f.phase).toBe('disclose');
  expect(
    f.book.transcripts.map((t) => [t.id, t.relayer.length, t.shuffle.length, t.lock.length, t.source.kind]),
  ).toEqual([
    [0, 0, 2, 2, 'deck'],
    [1, 2, 2, 2, 'reshuffle'],
    [2, 2, 2, 2, 'reshuffle'],
  ]);
});

/** One step taken and its proofs checked at once (a batch of one step, as checkProofs checks it). */
function takeStep(c: Cascade, e: TableEvent<StepType>, book: PacketBook, rng: RandomSource): Result<null, Halt> {
  const taken = takeStepUnchecked(c, e, book);
  if (!taken.ok) return taken;
  const proved = checkProofs(c, rng);
  return proved.ok ? proved : err(proved.error.halt);
}

describe('cascade', () => {
  it('stepType: the event type each phase awaits', () => {
    expect(stepType({ phase: 'relayer' } as Cascade['state'])).toBe('reshuffle');
    expect(stepType({ phase: 'shuffle' } as Cascade['state'])).toBe('shuffle');
    expect(stepType({ phase: 'lock' } as Cascade['state'])).toBe('lock');
  });

  it('the deal: shuffle then lock by each seat in seat order, then every handle placed where it lies', () => {
    const book = freshBook();
    const c = startDeal(book);
    expect(c.packet).toBe(0);
    expect(c.request).toBeNull();
    expect(c.state.phase).toBe('shuffle');
    const deal = steps(0);
    expect(deal.map((e) => [e.type, e.seat])).toEqual([
      ['shuffle', 0],
      ['shuffle', 1],
      ['lock', 0],
      ['lock', 1],
    ]);
    for (const e of deal) {
      expect(c.state.next).toBe(e.seat);
      expect(stepType(c.state)).toBe(e.type);
      expect(takeStep(c, e, book, rng)).toEqual({ ok: true, value: null });
    }
    expect(c.state.phase).toBe('locked');
    expect([c.record.shuffle.length, c.record.lock.length, c.record.relayer.length]).toEqual([2, 2, 0]);
    finishCascade(book, c);
    expect(book.transcripts).toHaveLength(1);
    expect(book.transcripts[0]).toMatchObject({ id: 0, relayer: [], shuffle: c.record.shuffle, lock: c.record.lock });
    expect(book.packets.get(0)).toBe(c.state);
    expect([0, 7, 31].map((h) => book.locate(h))).toEqual([0, 7, 31].map((position) => ({ packet: 0, position })));
    expect(book.locate(32)).toBeUndefined();
    expect(book.handleOf(0, 31)).toBe(31);
  });

  it('presumeStep applies the same steps without their proofs', () => {
    const book = freshBook();
    const a = startDeal(book);
    const b = startDeal(freshBook());
    for (const e of steps(0)) {
      expect(presumeStep(a, e, book)).toEqual({ ok: true, value: null });
      takeStep(b, e, book, rng);
      expect([a.state.phase, a.state.next]).toEqual([b.state.phase, b.state.next]);
      // The same state: the deck, each seat's layer (S after its shuffle) and the lock keys.
      expect(stateBytes(a.state)).toEqual(stateBytes(b.state));
    }
    expect(a.state.phase).toBe('locked');
    expect([a.record.shuffle.length, a.record.lock.length]).toEqual([2, 2]);
    expect(a.record).toEqual(b.record);
  });

  it('a step out of turn, or one that does not decode, is blamed on its author', () => {
    const [s0, s1, l0] = steps(0) as [TableEvent<StepType>, TableEvent<StepType>, TableEvent<StepType>];
    const book = freshBook();
    const c = startDeal(book);
    const out = takeStep(c, s1, book, rng);
    expect(out.ok || out.error).toMatchObject({ code: 'bad-step', seat: 1 });
    expect(out.ok || out.error.detail).toBe('bad shuffle step: shuffle step from seat 2, awaiting seat 1');
    expect(c.record.shuffle).toEqual([]);
    for (const apply of [
      (c: Cascade, e: TableEvent<StepType>, book: PacketBook) => takeStep(c, e, book, rng),
      presumeStep,
    ]) {
      const book = freshBook();
      const c = startDeal(book);
      const garbage = apply(c, withData(s0, { step: new Uint8Array([1, 2, 3]) }), book);
      expect(garbage.ok || garbage.error).toMatchObject({ code: 'bad-step', seat: 0 });
      expect(garbage.ok || garbage.error.detail).toMatch(/^malformed shuffle step: /);
      expect(c.record.shuffle).toEqual([]);
      apply(c, s0, book);
      apply(c, s1, book);
      const lockGarbage = apply(c, withData(l0, { step: new Uint8Array([9]) }), book);
      expect(lockGarbage.ok || lockGarbage.error.detail).toMatch(/^malformed lock step: /);
      expect(c.record.lock).toEqual([]);
    }
  });

  it('a step whose proof fails is a bad step of its kind, named when its proofs are checked', () => {
    const [s0, s1, l0] = steps(0) as [TableEvent<StepType>, TableEvent<StepType>, TableEvent<StepType>];
    // Seat 1's shuffle applied twice: the second does not follow from the deck it is applied to.
    const book = freshBook();
    const c = startDeal(book);
    takeStep(c, s0, book, rng);
    const stale = startDeal(book);
    takeStep(stale, s0, book, rng);
    takeStep(stale, s1, book, rng);
    // stale is now at lock; give it seat 0's lock made for the real deck, then that lock again for another state.
    expect(takeStep(stale, l0, book, rng)).toEqual({ ok: true, value: null });
    // c awaits seat 1's shuffle; seat 1's shuffle with its deck from another deal fails its proof.
    const other = courierFixture();
    expect(other.events.length).toBeGreaterThan(0);
    const c2 = startDeal(book);
    c2.state = { ...c2.state };
    takeStep(c2, s0, book, rng);
    const tampered = withData(s1, {
      step: Uint8Array.from(s1.data.step, (b, i) => (i === s1.data.step.length - 5 ? b ^ 1 : b)),
    });
    const out = takeStep(c2, tampered, book, rng);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error).toMatchObject({ code: 'bad-step', seat: 1 });
      expect(out.error.detail).toMatch(/^(bad|malformed) shuffle step: /);
    }
    // Its shape was right, so it was taken (and recorded in cascade order) before its proofs were checked; the
    // halt ends the hand before the packet is locked, so that record is never finished into a packet.
    expect(c2.record.shuffle).toHaveLength(2);
    expect(c2.unproved).toEqual([]);
  });

  it('a step signed by one seat but made (or bound) for another is malformed, for takeStepUnchecked and presumeStep alike', () => {
    const [s0] = steps(0) as [TableEvent<StepType>];
    for (const apply of [
      (c: Cascade, e: TableEvent<StepType>, book: PacketBook) => takeStep(c, e, book, rng),
      presumeStep,
    ]) {
      const book = freshBook();
      const c = startDeal(book);
      // Seat 0's shuffle, the turn seat 0 awaits, in an event signed by seat 1.
      const relayed = apply(c, { ...s0, seat: 1 }, book);
      expect(relayed.ok || relayed.error).toMatchObject({
        code: 'bad-step',
        seat: 1,
        detail: 'malformed shuffle step: shuffle step: authored by seat 0, expected seat 1',
      });
      expect(c.record.shuffle).toEqual([]);
      // Seat 0's shuffle of the deal offered to a cascade of packet 1.
      const other = { ...startDeal(book), packet: 1 };
      const misbound = apply(other, s0, book);
      expect(misbound.ok || misbound.error).toMatchObject({
        code: 'bad-step',
        seat: 0,
        detail: 'malformed shuffle step: shuffle step: bound to packet 0, expected packet 1',
      });
      expect(other.record.shuffle).toEqual([]);
    }
  });

  it('a lock step out of turn is a bad lock step, and not recorded', () => {
    const [s0, s1, , l1] = steps(0) as [
      TableEvent<StepType>,
      TableEvent<StepType>,
      TableEvent<StepType>,
      TableEvent<StepType>,
    ];
    const book = freshBook();
    const c = startDeal(book);
    takeStep(c, s0, book, rng);
    takeStep(c, s1, book, rng);
    expect(c.state.phase).toBe('lock');
    const out = takeStep(c, l1, book, rng);
    expect(out.ok || out.error).toEqual({
      code: 'bad-step',
      seat: 1,
      detail: 'bad lock step: lock step from seat 2, awaiting seat 1',
    });
    expect(c.record.lock).toEqual([]);
    expect(c.state.phase).toBe('lock');
  });

  it('a reshuffle: the packet made from the request (public cards by identity, hidden ones where they lie), re-layered, shuffled and locked, its fresh handles placed', () => {
    // Replay up to the first re-layer step: the follower's cascade is the reshuffle the engine asked for.
    const g = new HandFollower({ setup: fx.setup, game: fixtureGame, rng });
    const firstRelayer = fx.events.findIndex((e) => e.body.type === 'reshuffle');
    for (const e of fx.events.slice(0, firstRelayer)) g.take(e);
    g.run();
    const pending = g.cascade!;
    expect(pending.packet).toBe(1);
    const request = pending.request as ReshuffleRequest;
    expect(request.kind).toBe('reshuffle');
    const state = g.state!;
    const c = startReshuffle(g.book, request, state);
    expect(c.packet).toBe(1);
    expect(c.request).toBe(request);
    expect(c.state).toEqual(pending.state);
    expect(c.state.phase).toBe('relayer');
    const source = c.state.source as {
      kind: 'reshuffle';
      inputs: { kind: string; card?: number; packet?: number; position?: number }[];
    };
    request.handles.forEach((handle, i) => {
      const card = state.cards[handle]?.card ?? null;
      if (card !== null) expect(source.inputs[i]).toEqual({ kind: 'public', card: state.deck.indexOf(card) });
      else expect(source.inputs[i]).toEqual({ kind: 'hidden', ...g.book.locate(handle) });
    });
    expect(source.inputs).toHaveLength(request.handles.length);
    // presumeStep, step by step beside takeStep, reaches the same state (T after a re-layer, S after a shuffle).
    const e = startReshuffle(g.book, request, state);
    for (const step of steps(1)) {
      expect(stepType(c.state)).toBe(step.type);
      expect(takeStep(c, step, g.book, rng)).toEqual({ ok: true, value: null });
      expect(presumeStep(e, step, g.book)).toEqual({ ok: true, value: null });
      expect(stateBytes(e.state)).toEqual(stateBytes(c.state));
    }
    expect([c.record.relayer.length, c.record.shuffle.length, c.record.lock.length]).toEqual([2, 2, 2]);
    // A re-layer step out of turn or garbled is a bad step of its kind.
    const d = startReshuffle(g.book, request, state);
    const [relayer0, relayer1] = steps(1) as [TableEvent<StepType>, TableEvent<StepType>];
    const out = takeStep(d, relayer1, g.book, rng);
    expect(out.ok || out.error).toMatchObject({
      code: 'bad-step',
      seat: 1,
      detail: 'bad relayer step: relayer step from seat 2, awaiting seat 1',
    });
    const garbled = takeStep(d, withData(relayer0, { step: new Uint8Array([4]) }), g.book, rng);
    expect(garbled.ok || garbled.error.detail).toMatch(/^malformed relayer step: /);
    expect(d.record.relayer).toEqual([]);
    expect(e.record).toEqual(c.record);
    expect(e.state.phase).toBe('locked');
    finishCascade(g.book, c);
    request.into.forEach((handle, position) => expect(g.book.locate(handle)).toEqual({ packet: 1, position }));
    expect(g.book.transcripts[1]).toMatchObject({
      id: 1,
      relayer: c.record.relayer,
      shuffle: c.record.shuffle,
      lock: c.record.lock,
      source: c.state.source,
    });
    // A handle with no card cannot be reshuffled.
    expect(() => startReshuffle(freshBook(), { ...request, handles: [999] }, state)).toThrow(
      new RangeError('reshuffle of handle 999, which has no card'),
    );
  });
});

describe('packet book', () => {
  const h6 = () => f.book.handleOf(0, 6);

  it('places and groups handles by packet; a handle with no card groups to null', () => {
    const book = f.book;
    const grouped = book.group([
      book.handleOf(0, 6),
      book.handleOf(0, 9),
      ...(f.book.transcripts[1] ? [book.handleOf(1, 0)] : []),
    ]);
    expect(grouped && [...grouped]).toEqual([
      [0, [6, 9]],
      [1, [0]],
    ]);
    expect(book.group([h6(), 999])).toBeNull();
    expect(book.group([])).toEqual(new Map());
    expect(() => book.handleOf(0, 40)).toThrow(new RangeError('packet 0 position 40 holds no handle'));
    expect(() => book.handleOf(7, 0)).toThrow(new RangeError('packet 7 position 0 holds no handle'));
    expect(book.seats).toBe(2);
    // A handle placed in a packet not locked yet has no card.
    const fresh = freshBook();
    fresh.place(5, { packet: 0, position: 5 });
    expect(fresh.locate(5)).toEqual({ packet: 0, position: 5 });
    expect(fresh.group([5])).toBeNull();
    // The positions before it hold no handle yet.
    expect(() => fresh.handleOf(0, 0)).toThrow(new RangeError('packet 0 position 0 holds no handle'));
  });

  it('checkShares: each seat’s public share for the flipped card is complete for its own layer', () => {
    for (const seat of [0, 1]) {
      const out = f.book.checkShares(seat, keysOf(seat, 4).data.shares, [h6()], ALL_SEATS, 'own');
      expect(out.ok).toBe(true);
      expect(
        out.ok && out.value.map((m) => [m.header.packet, m.to, m.entries.map((e) => [e.position, e.layer])]),
      ).toEqual([[0, ALL_SEATS, [[6, seat]]]]);
    }
  });

  const refusal = (
    seat: number,
    encoded: readonly Uint8Array[],
    handles: number[],
    to: number,
    layers: 'own' | 'all',
  ) => {
    const out = f.book.checkShares(seat, encoded, handles, to, layers);
    return out.ok ? 'accepted' : out.error;
  };

  it('checkShares refuses, naming the sender and why', () => {
    const shares = keysOf(0, 4).data.shares;
    expect(refusal(0, shares, [h6(), 999], ALL_SEATS, 'own')).toEqual({
      code: 'unknown-handle',
      seat: 0,
      detail: 'keys for a card handle that has no card',
    });
    const malformed = refusal(0, [new Uint8Array([1, 2])], [h6()], ALL_SEATS, 'own');
    expect(malformed).toMatchObject({ code: 'wrong-key', seat: 0 });
    expect(typeof malformed !== 'string' && malformed.detail).toMatch(/^malformed keys: ./);
    // Seat 1's share presented as seat 0's does not decode as seat 0's.
    expect(refusal(0, keysOf(1, 4).data.shares, [h6()], ALL_SEATS, 'own')).toMatchObject({
      code: 'wrong-key',
      seat: 0,
    });
    expect(refusal(0, shares, [f.book.handleOf(1, 0)], ALL_SEATS, 'own')).toEqual({
      code: 'wrong-key',
      seat: 0,
      detail: 'keys for packet 0, which the request does not use',
    });
    expect(refusal(0, shares, [h6()], 1, 'own')).toEqual({
      code: 'wrong-key',
      seat: 0,
      detail: 'keys addressed to everyone, not seat 2',
    });
    const toSeat2 = reencode(shares[0]!, 0, (m) => ({ ...m, to: 1 }));
    expect(refusal(0, [toSeat2], [h6()], ALL_SEATS, 'own')).toEqual({
      code: 'wrong-key',
      seat: 0,
      detail: 'keys addressed to seat 2, not everyone',
    });
    expect(refusal(0, shares, [f.book.handleOf(0, 7)], ALL_SEATS, 'own')).toEqual({
      code: 'wrong-key',
      seat: 0,
      detail: 'sent keys for cards that were not asked for',
    });
    expect(refusal(0, shares, [h6()], ALL_SEATS, 'all')).toEqual({
      code: 'missing-key',
      seat: 0,
      detail: "left out the key of seat 2's layer for packet 0 position 6",
    });
    expect(refusal(0, shares, [h6(), f.book.handleOf(0, 8)], ALL_SEATS, 'own')).toEqual({
      code: 'missing-key',
      seat: 0,
      detail: "left out the key of seat 1's layer for packet 0 position 8",
    });
    expect(refusal(0, [], [h6()], ALL_SEATS, 'own')).toEqual({
      code: 'missing-key',
      seat: 0,
      detail: "left out the key of seat 1's layer for packet 0 position 6",
    });
    const wrongKey = reencode(shares[0]!, 0, (m) => ({
      ...m,
      entries: m.entries.map((e) => ({ ...e, key: e.key + 1n })),
    }));
    const wrong = refusal(0, [wrongKey], [h6()], ALL_SEATS, 'own');
    expect(wrong).toMatchObject({ code: 'wrong-key', seat: 0 });
    expect(typeof wrong !== 'string' && wrong.detail).toMatch(/^wrong key: ./);
  });

  it('checkShares: played cards carry every layer; in a reveal only the sender’s own', () => {
    const show = find(1, 'act', (e) => e.data.keys.length > 0);
    const h0 = f.book.handleOf(0, 0);
    expect(refusal(1, show.data.keys, [h0], ALL_SEATS, 'all')).toBe('accepted');
    expect(refusal(1, show.data.keys, [h0], ALL_SEATS, 'own')).toEqual({
      code: 'wrong-key',
      seat: 1,
      detail: "sent the key of seat 1's layer in a reveal",
    });
  });

  it('presumeKey: a key the caller confirms is taken as checked, with the packet, layer and position it is for', () => {
    const book = f.book;
    const shares = keysOf(0, 4).data.shares;
    const wrongKey = reencode(shares[0]!, 0, (m) => ({
      ...m,
      entries: m.entries.map((e) => ({ ...e, key: e.key + 1n })),
    }));
    const calls: unknown[] = [];
    book.presumeKey = (packet, layer, position, key) => (calls.push([packet, layer, position, typeof key]), true);
    try {
      expect(refusal(0, [wrongKey], [h6()], ALL_SEATS, 'own')).toBe('accepted');
      expect(calls).toEqual([[0, 0, 6, 'bigint']]);
      book.presumeKey = () => false;
      expect(refusal(0, [wrongKey], [h6()], ALL_SEATS, 'own')).toMatchObject({ code: 'wrong-key' });
    } finally {
      book.presumeKey = null;
    }
  });

  it('sealed shares open only for their recipient, from their sender, for a packet of this hand', () => {
    const sealed = keysOf(1, 0);
    expect(sealed.data.to).toBe(0);
    const pub = (seat: number) => f.sealKeys[seat]!;
    const opened = f.book.unseal(sealed.data.shares[0]!, 1, pub(1), 0, seal(0));
    expect(opened).toBeInstanceOf(Uint8Array);
    expect(decodeKeyShares(opened!, { hand: f.book.hand, seat: 1 }).to).toBe(0);
    expect(f.book.unseal(sealed.data.shares[0]!, 0, pub(1), 0, seal(0))).toBeNull();
    expect(f.book.unseal(sealed.data.shares[0]!, 1, pub(1), 1, seal(0))).toBeNull();
    expect(f.book.unseal(new Uint8Array(10), 1, pub(1), 0, seal(0))).toBeNull();
    // A book that has no packet 0 yet refuses it.
    expect(freshBook().unseal(sealed.data.shares[0]!, 1, pub(1), 0, seal(0))).toBeNull();
    // seal and unseal round-trip; the pair key is computed once per pair.
    const text = new Uint8Array([5, 6, 7]);
    const box = f.book.seal(text, 2, 0, seal(0), 1, pub(1), seededRandom('box'));
    expect(f.book.unseal(box, 0, pub(0), 1, seal(1))).toEqual(text);
    expect(
      f.book.unseal(f.book.seal(text, 9, 0, seal(0), 1, pub(1), seededRandom('box')), 0, pub(0), 1, seal(1)),
    ).toBeNull();
    expect(f.book.pairKey(seal(0), pub(1))).toBe(f.book.pairKey(seal(0), pub(1)));
    expect(freshBook().pairKey(seal(1), pub(0))).toEqual(f.book.pairKey(seal(0), pub(1)));
    // Both directions of a pair share one derivation (X25519(a, B) = X25519(b, A) for key pairs).
    expect(f.book.pairKey(seal(1), pub(0))).toBe(f.book.pairKey(seal(0), pub(1)));
  });

  it('opens cards with a ring; a handle with no card or a ring that cannot open is refused', () => {
    const opened = f.book.open([h6()], (p) => f.book.publicRing(p));
    expect(opened.ok && [...opened.value.keys()]).toEqual([h6()]);
    expect(f.book.open([h6(), 999], (p) => f.book.publicRing(p))).toEqual({
      ok: false,
      error: { code: 'unknown-handle', seat: null, detail: 'a card handle that has no card' },
    });
    expect(() => f.book.open([f.book.handleOf(0, 7)], () => new Map())).toThrow(RangeError);
    expect(f.book.publicRing(42)).toEqual(new Map());
  });

  it('publish adds checked shares to the public shares and rings', () => {
    const book = freshBook();
    for (const t of f.book.transcripts) book.lock(t, f.book.packets.get(t.id)!);
    const checked = f.book.checkShares(0, keysOf(0, 4).data.shares, [h6()], ALL_SEATS, 'own');
    if (!checked.ok) throw new Error('share refused');
    book.publish(checked.value);
    expect(book.publicShares).toEqual(checked.value);
    expect(book.publicRing(0).get(6)?.[0]).toBe(checked.value[0]!.entries[0]!.key);
    expect(book.publicRing(0).get(6)?.[1]).toBeUndefined();
  });

  it('checkShares: a seat cannot pass off another seat’s keys as its own, in a reveal or with a played card', () => {
    const detail = 'malformed keys: key shares: authored by seat 1, expected seat 0'; // crypto/codec.ts counts seats from 0
    expect(refusal(0, keysOf(1, 4).data.shares, [h6()], ALL_SEATS, 'own')).toEqual({
      code: 'wrong-key',
      seat: 0,
      detail,
    });
    const show = find(1, 'act', (e) => e.data.keys.length > 0);
    expect(refusal(0, show.data.keys, [f.book.handleOf(0, 0)], ALL_SEATS, 'all')).toEqual({
      code: 'wrong-key',
      seat: 0,
      detail,
    });
  });

  it('ownKey: a public share of the seat’s own layer is compared with its own key, and a wrong key is still refused', () => {
    const book = freshBook();
    for (const t of f.book.transcripts) book.lock(t, f.book.packets.get(t.id)!);
    book.place(h6(), { packet: 0, position: 6 });
    const honest = keysOf(1, 4).data.shares;
    const key = decodeKeyShares(honest[0]!, { hand: book.hand, seat: 1 }).entries[0]!.key;
    const wrongKey = reencode(honest[0]!, 1, (m) => ({
      ...m,
      entries: m.entries.map((e) => ({ ...e, key: e.key + 1n })),
    }));
    const asked: unknown[] = [];
    book.ownKey = (packet, layer, position) => (asked.push([packet, layer, position]), layer === 1 ? key : undefined);
    expect(book.checkShares(1, honest, [h6()], ALL_SEATS, 'own').ok).toBe(true);
    expect(asked).toEqual([[0, 1, 6]]);
    expect(book.checkShares(1, [wrongKey], [h6()], ALL_SEATS, 'own')).toMatchObject({
      ok: false,
      error: { code: 'wrong-key', seat: 1 },
    });
    // The comparison decides (no multiplication): told another key, the book refuses even the honest share.
    book.ownKey = () => key + 1n;
    expect(book.checkShares(1, honest, [h6()], ALL_SEATS, 'own').ok).toBe(false);
  });

  it('openPublic takes the card open() found with the very same keys, and opens again with other keys', () => {
    const fresh = () => {
      const book = freshBook();
      for (const t of f.book.transcripts) book.lock(t, f.book.packets.get(t.id)!);
      book.place(h6(), { packet: 0, position: 6 });
      return book;
    };
    const ring = f.book.publicRing(0);
    const shares = (change: bigint) =>
      [0, 1].map((seat) => ({
        ...decodeKeyShares(keysOf(seat, 4).data.shares[0]!, { hand: f.book.hand, seat }),
        entries: [{ position: 6, layer: seat, key: ring.get(6)![seat]! + (seat === 0 ? change : 0n) }],
      }));
    const book = fresh();
    const opened = book.open([h6()], () => ring);
    if (!opened.ok) throw new Error('did not open');
    book.publish(shares(0n));
    expect(book.openPublic([h6()])).toEqual(opened);
    // A public ring with another key (the book is told it was checked): opened again, and it is no card.
    const other = fresh();
    expect(other.open([h6()], () => ring).ok).toBe(true);
    other.publish(shares(1n));
    expect(other.openPublic([h6()])).toMatchObject({ ok: false, error: { code: 'crypto-fault' } });
  });

  it('presumeKey is asked about the key of the layer and position it is for (seat 2’s layer too)', () => {
    const book = f.book;
    const wrongKey = reencode(keysOf(1, 4).data.shares[0]!, 1, (m) => ({
      ...m,
      entries: m.entries.map((e) => ({ ...e, key: e.key + 1n })),
    }));
    const sent = decodeKeyShares(wrongKey, { hand: book.hand, seat: 1 }).entries[0]!.key;
    const calls: unknown[] = [];
    book.presumeKey = (packet, layer, position, key) => (calls.push([packet, layer, position, key === sent]), true);
    try {
      expect(refusal(1, [wrongKey], [h6()], ALL_SEATS, 'own')).toBe('accepted');
      expect(calls).toEqual([[0, 1, 6, true]]);
    } finally {
      book.presumeKey = null;
    }
  });

  it('open: keys that strip a point to no card are a crypto fault the audit attributes (seat null)', () => {
    const wrong = new Map([[7, [1n, 1n]]]);
    expect(f.book.open([f.book.handleOf(0, 7)], () => wrong)).toEqual({
      ok: false,
      error: {
        code: 'crypto-fault',
        seat: null,
        detail:
          'position 7 of packet 0 does not open to a card of this hand: a shuffle or lock was wrong, the audit names the seat',
      },
    });
  });

  it('mergeRings: a missing key of b (undefined) adds no entry to the ring', () => {
    const b = new Map([
      [4, [5n, undefined]],
      [5, [undefined, undefined]],
    ]) as unknown as Parameters<typeof mergeRings>[0];
    const out = mergeRings(new Map(), b);
    expect(Object.keys(out.get(4)!)).toEqual(['0']);
    expect(Object.keys(out.get(5)!)).toEqual([]);
  });

  it('mergeRings: keys of b fill the gaps of a, never replace its keys', () => {
    const a = new Map([
      [1, [10n, undefined]],
      [2, [20n]],
    ]) as unknown as Parameters<typeof mergeRings>[0];
    const b = new Map([
      [1, [11n, 12n]],
      [3, [undefined, 31n]],
    ]) as unknown as Parameters<typeof mergeRings>[0];
    const out = mergeRings(a, b);
    expect([...out]).toEqual([
      [1, [10n, 12n]],
      [2, [20n]],
      [3, [undefined, 31n]],
    ]);
    expect(a.get(1)).toEqual([10n, undefined]);
  });
});

describe('request checks', () => {
  const deck = () => f.state!.deck;

  it('a reveal to all opens to the cards once each seat’s own share is checked', () => {
    const h6 = f.book.handleOf(0, 6);
    const request: Extract<CryptoRequest, { kind: 'reveal-all' }> = { id: 4, kind: 'reveal-all', handles: [h6] };
    const out = revealAllCards(f.book, request, [keysOf(0, 4), keysOf(1, 4)], deck());
    expect(out.ok && Object.keys(out.value)).toEqual([String(h6)]);
    expect(out.ok && deck()).toContain(out.ok && out.value[String(h6)]);
    expect(revealAllCards(f.book, request, [keysOf(0, 4), withData(keysOf(1, 4), { to: 0 })], deck())).toEqual({
      ok: false,
      error: { code: 'wrong-key', seat: 1, detail: 'sealed keys that were to be published' },
    });
    expect(
      revealAllCards(f.book, request, [withData(keysOf(0, 4), { shares: keysOf(1, 4).data.shares })], deck()),
    ).toMatchObject({ ok: false, error: { code: 'wrong-key', seat: 0 } });
    expect(revealAllCards(f.book, { ...request, handles: [h6, 999] }, [keysOf(0, 4)], deck())).toMatchObject({
      ok: false,
      error: { code: 'unknown-handle', seat: 0 },
    });
  });

  it('a private delivery: addressed to the recipient, one sealed share per packet', () => {
    const toSeat1 = keysOf(1, 0);
    const revealTo: Extract<CryptoRequest, { kind: 'reveal-to' }> = {
      id: 0,
      kind: 'reveal-to',
      seat: 0,
      handles: [0, 1, 2],
    };
    expect(checkDeliveryEnvelope(f.book, revealTo, [toSeat1])).toEqual({ ok: true, value: null });
    expect(checkDeliveryEnvelope(f.book, { ...revealTo, seat: 1 }, [toSeat1])).toEqual({
      ok: false,
      error: { code: 'wrong-key', seat: 1, detail: 'sent keys of request 0 to the wrong seat' },
    });
    const twoPackets = { ...revealTo, handles: [0, f.book.handleOf(1, 0)] };
    expect(checkDeliveryEnvelope(f.book, twoPackets, [toSeat1])).toEqual({
      ok: false,
      error: { code: 'missing-key', seat: 1, detail: 'sent 1 sealed shares for request 0, not one per packet' },
    });
    expect(checkDeliveryEnvelope(f.book, { ...revealTo, handles: [999] }, [toSeat1])).toMatchObject({
      ok: false,
      error: { code: 'missing-key', seat: 1 },
    });
    const forward: Extract<CryptoRequest, { kind: 'forward' }> = {
      id: 3,
      kind: 'forward',
      from: 1,
      to: 0,
      handles: [3],
    };
    expect(checkDeliveryEnvelope(f.book, forward, [toSeat1])).toEqual({ ok: true, value: null });
    expect(checkDeliveryEnvelope(f.book, { ...forward, to: 1, from: 0 }, [toSeat1])).toMatchObject({
      ok: false,
      error: { code: 'wrong-key', seat: 1 },
    });
  });

  // The book with the card point at `position` of packet 0 swapped for that of `position + 1`: shares still check
  // against the packet's key commitments, but the keys strip it to no card (a bad shuffle or lock).
  const forgedBook = (position: number): PacketBook => {
    const s = f.book.packets.get(0)!;
    const points = s.deck.points.map((p, i) => (i === position ? s.deck.points[position + 1]! : p));
    return Object.create(f.book, {
      packets: { value: new Map(f.book.packets).set(0, { ...s, deck: { ...s.deck, points } }) },
      publicShares: { value: [] },
      publicRings: { value: new Map() },
      opened: { value: new Map() },
    }) as PacketBook;
  };

  it('a reveal to all whose checked keys open a point that is no card is a crypto fault, not a card', () => {
    const h6 = f.book.handleOf(0, 6);
    const request: Extract<CryptoRequest, { kind: 'reveal-all' }> = { id: 4, kind: 'reveal-all', handles: [h6] };
    expect(revealAllCards(forgedBook(6), request, [keysOf(0, 4), keysOf(1, 4)], deck())).toEqual({
      ok: false,
      error: {
        code: 'crypto-fault',
        seat: null,
        detail:
          'position 6 of packet 0 does not open to a card of this hand: a shuffle or lock was wrong, the audit names the seat',
      },
    });
  });

  it('a played card whose checked keys open a point that is no card is a crypto fault, not a false claim', () => {
    const show = find(1, 'act', (e) => e.data.keys.length > 0);
    expect(checkPlayedCards(forgedBook(0), show, [{ handle: f.book.handleOf(0, 0), card: 'AS' }], deck())).toEqual({
      ok: false,
      error: {
        code: 'crypto-fault',
        seat: null,
        detail:
          'position 0 of packet 0 does not open to a card of this hand: a shuffle or lock was wrong, the audit names the seat',
      },
    });
  });

  it('a played card beside a handle that does not exist is refused as that, before any key is read', () => {
    const show = find(1, 'act', (e) => e.data.keys.length > 0);
    const h0 = f.book.handleOf(0, 0);
    expect(
      checkPlayedCards(
        f.book,
        show,
        [
          { handle: h0, card: 'AS' },
          { handle: 999, card: 'KS' },
        ],
        deck(),
      ),
    ).toEqual({
      ok: false,
      error: { code: 'unknown-handle', seat: 1, detail: 'played a card handle that does not exist' },
    });
  });

  it('a played card: every layer, opening to exactly the claimed card', () => {
    const show = find(1, 'act', (e) => e.data.keys.length > 0);
    const h0 = f.book.handleOf(0, 0);
    expect(checkPlayedCards(f.book, show, [{ handle: h0, card: 'AS' }], deck())).toEqual({ ok: true, value: null });
    expect(checkPlayedCards(f.book, show, [{ handle: h0, card: 'KS' }], deck())).toEqual({
      ok: false,
      error: { code: 'false-claim', seat: 1, detail: 'claimed to play KS but its keys open AS' },
    });
    expect(checkPlayedCards(f.book, show, [{ handle: 999, card: 'AS' }], deck())).toEqual({
      ok: false,
      error: { code: 'unknown-handle', seat: 1, detail: 'played a card handle that does not exist' },
    });
    expect(checkPlayedCards(f.book, show, [{ handle: f.book.handleOf(0, 1), card: 'AS' }], deck())).toMatchObject({
      ok: false,
      error: { code: 'wrong-key', seat: 1 },
    });
    expect(checkPlayedCards(f.book, withData(show, { keys: [] }), [{ handle: h0, card: 'AS' }], deck())).toMatchObject({
      ok: false,
      error: { code: 'missing-key', seat: 1 },
    });
  });

  it('a card played again (picked up and played once more): its published keys open it to the same card, and a changed key or another claimed card is still refused', () => {
    const show = find(1, 'act', (e) => e.data.keys.length > 0);
    const h0 = f.book.handleOf(0, 0);
    const claim = [{ handle: h0, card: 'AS' }];
    // Played once: every key is checked against its commitment, published, and the card opened.
    expect(checkPlayedCards(f.book, show, claim, deck())).toEqual({ ok: true, value: null });
    expect(f.book.publicRing(0).get(0)).toHaveLength(2);
    expect(checkPlayedCards(f.book, show, claim, deck())).toEqual({ ok: true, value: null });
    // The same card again with seat 1's key for its own layer changed (a valid scalar, not the published one).
    const changed = show.data.keys.map((bytes) =>
      reencode(bytes, 1, (m) => ({
        ...m,
        entries: m.entries.map((e) => (e.position === 0 && e.layer === 1 ? { ...e, key: e.key + 1n } : e)),
      })),
    );
    const refused = checkPlayedCards(f.book, withData(show, { keys: changed }), claim, deck());
    expect(refused).toMatchObject({ ok: false, error: { code: 'wrong-key', seat: 1 } });
    expect(!refused.ok && refused.error.detail).toMatch(/^wrong key: .*position 0 \(layer of seat 2\).*does not match/);
    expect(checkPlayedCards(f.book, show, [{ handle: h0, card: '2S' }], deck())).toEqual({
      ok: false,
      error: { code: 'false-claim', seat: 1, detail: 'claimed to play 2S but its keys open AS' },
    });
  });
});

describe('the audit', () => {
  const input = (over: Partial<AuditInput> = {}): AuditInput => ({
    book: f.book,
    game: fixtureGame,
    setup: f.args,
    deck: f.state!.deck,
    inputs: f.inputs,
    sealKeys: f.sealKeys,
    disclosures,
    events: f.pool.events(),
    rng,
    ...over,
  });

  it('clean: every card open, the rules replayed', () => {
    const a = runAudit(input());
    expect(a).toMatchObject({ clean: true, code: null, seat: null, detail: 'clean' });
    expect(a.rules?.verdict).toBe('clean');
    // 32 dealt handles and the fresh handles of the two reshuffles: 61 in this hand.
    expect(Object.keys(a.open!)).toHaveLength(61);
    expect(a.open![f.book.handleOf(0, 0)]).toBe('AS');
    const early = runAudit(input({ rules: false }));
    expect(early).toMatchObject({
      clean: true,
      code: null,
      seat: null,
      rules: null,
      detail: 'clean (cards and keys; the hand did not finish, so no rules audit)',
    });
    expect(early.open).toEqual(a.open);
  });

  it('a disclosed seal key that is not the announced one, or malformed secrets, are blamed on the discloser', () => {
    const swapped = withData(disclosures[1]!, { sealSecret: disclosures[0]!.data.sealSecret });
    expect(runAudit(input({ disclosures: [disclosures[0]!, swapped] }))).toEqual({
      clean: false,
      code: 'bad-disclosure',
      seat: 1,
      detail: 'disclosed a seal key that is not the one it announced',
      rules: null,
      open: null,
    });
    const garbled = withData(disclosures[0]!, { secrets: [new Uint8Array([3, 3])] });
    const a = runAudit(input({ disclosures: [garbled, disclosures[1]!] }));
    expect(a).toMatchObject({ clean: false, code: 'bad-disclosure', seat: 0, rules: null, open: null });
    expect(a.detail).toMatch(/^malformed secrets: ./);
    const others = withData(disclosures[0]!, { secrets: disclosures[1]!.data.secrets });
    expect(runAudit(input({ disclosures: [others, disclosures[1]!] }))).toMatchObject({
      code: 'bad-disclosure',
      seat: 0,
    });
  });

  it('a sealed share that does not open, or opens to garbage, is blamed on its sender', () => {
    const sealed = keysOf(1, 0);
    const bad = withData(sealed, { shares: [new Uint8Array(60)] });
    const events = f.pool.events().map((e) => (e === sealed ? bad : e));
    expect(runAudit(input({ events }))).toMatchObject({
      clean: false,
      code: 'unsealable',
      seat: 1,
      detail: 'sent key shares to seat 1 that do not open',
    });
    const garbage = f.book.seal(new Uint8Array([1]), 0, 1, seal(1), 0, f.sealKeys[0]!, seededRandom('g'));
    const events2 = f.pool.events().map((e) => (e === sealed ? withData(sealed, { shares: [garbage] }) : e));
    const a = runAudit(input({ events: events2 }));
    expect(a).toMatchObject({ clean: false, code: 'wrong-key', seat: 1 });
    expect(a.detail).toMatch(/^sent malformed key shares: ./);
  });

  it('a sealed share whose keys are another seat’s, sealed on by the sender, is blamed on the sender', () => {
    const sealed = keysOf(1, 0);
    const plain = f.book.unseal(sealed.data.shares[0]!, 1, f.sealKeys[1]!, 0, seal(0))!;
    const packet = decodeKeyShares(plain, { hand: f.book.hand, seat: 1 }).header.packet;
    // Seat 1's keys for seat 1, sealed from seat 0 to seat 1: they open, but are not seat 0's.
    const resealed = f.book.seal(plain, packet, 0, seal(0), 1, f.sealKeys[1]!, seededRandom('reseal'));
    const relayed = { ...withData(sealed, { to: 1, shares: [resealed] }), seat: 0 };
    const events = f.pool.events().map((e) => (e === sealed ? relayed : e));
    expect(runAudit(input({ events }))).toEqual({
      clean: false,
      code: 'wrong-key',
      seat: 0,
      detail: 'sent malformed key shares: key shares: authored by seat 1, expected seat 0',
      rules: null,
      open: null,
    });
  });

  it('the audit does not repeat the live checks: a step proof and a public share the follower took are not checked again', () => {
    // A lock step whose DLEQ proof no longer verifies (its first response changed); the step's deck and keys,
    // which the disclosed secrets recompute, are untouched.
    const [t0, ...rest] = f.book.transcripts;
    const l0 = t0!.lock[0]!;
    const z = l0.proof.z.map((v, i) => (i === 0 ? (v === 0n ? 1n : v - 1n) : v));
    const badProof = Object.create(f.book, {
      transcripts: { value: [{ ...t0!, lock: [{ ...l0, proof: { ...l0.proof, z } }, ...t0!.lock.slice(1)] }, ...rest] },
    }) as PacketBook;
    expect(runAudit(input({ book: badProof }))).toMatchObject({ clean: true, code: null, detail: 'clean' });
    // A public share with a wrong key.
    const pub = f.book.publicShares[0]!;
    const wrongShare = { ...pub, entries: pub.entries.map((e) => ({ ...e, key: e.key + 1n })) };
    const badShare = Object.create(f.book, {
      publicShares: { value: [...f.book.publicShares, wrongShare] },
    }) as PacketBook;
    expect(runAudit(input({ book: badShare }))).toMatchObject({ clean: true, code: null, detail: 'clean' });
  });

  it('a packet secret left out is a crypto fault naming the seat; a false input is a rules fault', () => {
    const short = withData(disclosures[1]!, { secrets: disclosures[1]!.data.secrets.slice(1) });
    const a = runAudit(input({ disclosures: [disclosures[0]!, short] }));
    expect(a).toMatchObject({ clean: false, code: 'crypto-fault', seat: 1, rules: null, open: null });
    const inputs = f.inputs.map((i) =>
      i.kind === 'act' && (i.action as { type: string }).type === 'show'
        ? { ...i, action: { ...(i.action as object), card: 'KS' } }
        : i,
    );
    const index = inputs.findIndex((i) => i.kind === 'act' && (i.action as { type: string }).type === 'show');
    const r = runAudit(input({ inputs }));
    expect(r).toMatchObject({ clean: false, code: 'rules-fault', seat: 1 });
    expect(r.detail).toMatch(new RegExp(`^rules: .+ \\(input ${index}\\)$`));
    expect(r.rules?.verdict).toBe('fault');
    expect(r.open).toEqual(runAudit(input()).open);
  });
});
