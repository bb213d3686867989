/**
 * The crypto plumbing of a hand, on the real signed events of a recorded
 * two-seat courier hand (plumb-fixture.ts; every crypto request kind): the
 * cascade of shuffle, lock and re-layer steps (hand/cascade.ts), the packet
 * book's share checks, sealing and opening (hand/packets.ts), the checks on
 * reveals, private deliveries and played cards (hand/requests.ts) and the
 * end-of-hand audit (hand/audit.ts). One spectator replay builds the state;
 * each test then calls the module directly with an event or a disclosure
 * changed, and checks the halt code, the seat it blames and the words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SEATS, decodeKeyShares, encodeKeyShares, seededRandom, type KeyShares } from '../../crypto/index.js';
import type { CryptoRequest } from '../../src/engine/index.js';
import { runAudit, type AuditInput } from '../../src/table/hand/audit.js';
import { finishCascade, presumeStep, startDeal, startReshuffle, stepType, takeStep, type Cascade, type ReshuffleRequest } from '../../src/table/hand/cascade.js';
import type { StepType } from '../../src/table/hand/event-pool.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { mergeRings, PacketBook } from '../../src/table/hand/packets.js';
import { checkDeliveryEnvelope, checkPlayedCards, revealAllCards } from '../../src/table/hand/requests.js';
import type { TableEvent } from '../../src/table/transcript.js';
import { courierFixture, fixtureGame, type CourierFixture } from './plumb-fixture.js';

let fx: CourierFixture;
let f: HandFollower;
const rng = seededRandom('plumb-crypto');

beforeAll(() => {
  fx = courierFixture();
  f = new HandFollower({ setup: fx.setup, game: fixtureGame, rng });
  for (const e of fx.events) f.take(e);
  f.run();
});

const events = () => f.pool.events();
const find = <T extends TableEvent['type']>(seat: number, type: T, pred: (e: TableEvent<T>) => boolean = () => true) =>
  events().find((e) => e.seat === seat && e.type === type && pred(e as TableEvent<T>)) as TableEvent<T>;
const keysOf = (seat: number, request: number) => find(seat, 'keys', (e) => e.data.request === request);
const steps = (packet: number) => events().filter((e) => ['shuffle', 'lock', 'reshuffle'].includes(e.type) && (e as TableEvent<StepType>).data.packet === packet) as TableEvent<StepType>[];
const withData = <T extends TableEvent['type']>(e: TableEvent<T>, data: Partial<TableEvent<T>['data']>): TableEvent<T> => ({ ...e, data: { ...e.data, ...data } });
const seal = (seat: number) => ({ secretKey: find(seat, 'disclose').data.sealSecret, publicKey: f.sealKeys[seat]! });
const freshBook = () => new PacketBook(fx.setup.table, fx.setup.handNo, 2, 32);
const reencode = (bytes: Uint8Array, seat: number, change: (m: KeyShares) => KeyShares) => encodeKeyShares(change(decodeKeyShares(bytes, { hand: f.book.hand, seat })));

it('the recorded hand replays to a clean audit', () => {
  expect(f.halt).toBeNull();
  expect(f.phase).toBe('done');
  expect(f.audit).toMatchObject({ clean: true, code: null, seat: null, detail: 'clean' });
  expect(f.book.transcripts.map((t) => [t.id, t.relayer.length, t.shuffle.length, t.lock.length, t.source.kind])).toEqual([
    [0, 0, 2, 2, 'deck'],
    [1, 2, 2, 2, 'reshuffle'],
    [2, 2, 2, 2, 'reshuffle'],
  ]);
});

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
    expect(deal.map((e) => [e.type, e.seat])).toEqual([['shuffle', 0], ['shuffle', 1], ['lock', 0], ['lock', 1]]);
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
    expect(out.ok || out.halt).toMatchObject({ code: 'bad-step', seat: 1 });
    expect(out.ok || out.halt.detail).toBe('bad shuffle step: shuffle step from seat 1, awaiting seat 0');
    expect(c.record.shuffle).toEqual([]);
    for (const apply of [(c: Cascade, e: TableEvent<StepType>, book: PacketBook) => takeStep(c, e, book, rng), presumeStep]) {
      const book = freshBook();
      const c = startDeal(book);
      const garbage = apply(c, withData(s0, { step: new Uint8Array([1, 2, 3]) }), book);
      expect(garbage.ok || garbage.halt).toMatchObject({ code: 'bad-step', seat: 0 });
      expect(garbage.ok || garbage.halt.detail).toMatch(/^malformed shuffle step: /);
      expect(c.record.shuffle).toEqual([]);
      apply(c, s0, book);
      apply(c, s1, book);
      const lockGarbage = apply(c, withData(l0, { step: new Uint8Array([9]) }), book);
      expect(lockGarbage.ok || lockGarbage.halt.detail).toMatch(/^malformed lock step: /);
      expect(c.record.lock).toEqual([]);
    }
  });

  it('a step whose proof fails is refused as a bad step of its kind, and not recorded', () => {
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
    const tampered = withData(s1, { step: Uint8Array.from(s1.data.step, (b, i) => (i === s1.data.step.length - 5 ? b ^ 1 : b)) });
    const out = takeStep(c2, tampered, book, rng);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.halt).toMatchObject({ code: 'bad-step', seat: 1 });
      expect(out.halt.detail).toMatch(/^(bad|malformed) shuffle step: /);
    }
    expect(c2.record.shuffle).toHaveLength(1);
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
    const source = c.state.source as { kind: 'reshuffle'; inputs: { kind: string; card?: number; packet?: number; position?: number }[] };
    request.handles.forEach((handle, i) => {
      const card = state.cards[handle]?.card ?? null;
      if (card !== null) expect(source.inputs[i]).toEqual({ kind: 'public', card: state.deck.indexOf(card) });
      else expect(source.inputs[i]).toEqual({ kind: 'hidden', ...g.book.locate(handle) });
    });
    expect(source.inputs).toHaveLength(request.handles.length);
    for (const e of steps(1)) {
      expect(stepType(c.state)).toBe(e.type);
      expect(takeStep(c, e, g.book, rng)).toEqual({ ok: true, value: null });
    }
    expect([c.record.relayer.length, c.record.shuffle.length, c.record.lock.length]).toEqual([2, 2, 2]);
    // A re-layer step out of turn or garbled is a bad step of its kind.
    const d = startReshuffle(g.book, request, state);
    const [relayer0, relayer1] = steps(1) as [TableEvent<StepType>, TableEvent<StepType>];
    const out = takeStep(d, relayer1, g.book, rng);
    expect(out.ok || out.halt).toMatchObject({ code: 'bad-step', seat: 1, detail: 'bad relayer step: relayer step from seat 1, awaiting seat 0' });
    const garbled = takeStep(d, withData(relayer0, { step: new Uint8Array([4]) }), g.book, rng);
    expect(garbled.ok || garbled.halt.detail).toMatch(/^malformed relayer step: /);
    expect(d.record.relayer).toEqual([]);
    const e = startReshuffle(g.book, request, state);
    for (const step of steps(1)) expect(presumeStep(e, step, g.book)).toEqual({ ok: true, value: null });
    expect(e.record).toEqual(c.record);
    expect(e.state.phase).toBe('locked');
    finishCascade(g.book, c);
    request.into.forEach((handle, position) => expect(g.book.locate(handle)).toEqual({ packet: 1, position }));
    expect(g.book.transcripts[1]).toMatchObject({ id: 1, relayer: c.record.relayer, shuffle: c.record.shuffle, lock: c.record.lock, source: c.state.source });
    // A handle with no card cannot be reshuffled.
    expect(() => startReshuffle(freshBook(), { ...request, handles: [999] }, state)).toThrow(new RangeError('reshuffle of handle 999, which has no card'));
  });
});
