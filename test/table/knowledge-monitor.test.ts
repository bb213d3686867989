/**
 * The knowledge monitor (tools/sim/knowledge-monitor.ts), the oracle of the
 * attacker suite: it must see every card a peer could open with the keys it
 * holds, and call a leak anything beyond what the rules show that peer.
 *
 * On a bench: a three-seat hand whose packets are laid out by the test —
 * each position a card H_c, a combination H_x + m·H_y or a multiple m·H_y, locked under known
 * per-layer keys — on a real PacketBook (real points, real sealing), with a
 * stand-in follower whose engine state, pending requests, pending acts and
 * event pool the test sets, so every read is known exactly: what a seat
 * opens (card 0 included; combinations and multiples only through a relation
 * the seat made, with any coefficients: 3, −1, a random scalar, and nothing
 * from one it did not make), what it must
 * skip without failing (keys sealed to it before its secrets exist or before
 * their packet is locked, a share naming a position past the packet, a hand
 * not started), and, once the hand halts, exactly which reads are leaks:
 * seen and public cards, cards of pending reveal-all / reveal-to / forward
 * requests and of acts held but not yet applied (shown held by every seat
 * or not) are allowed, anything else (a
 * reveal-to or forward to another seat, a reshuffle) is a leak, and a card
 * read out of a combination or a multiple is a leak unless the seat may read that card at
 * a handle.
 *
 * In played hands (one two-seat stress-shed hand each): in an honest hand
 * every seat, and a spectator, reads exactly true cards it is allowed to
 * read and never a leak; fed the last key of a card another seat holds (as
 * if the protocol had let it out), a seat's monitor names that card, its
 * handle and how it was read; and under the F1 attack (a shuffle output
 * Y_a + 2·Y_b, accepted with the shuffle argument switched off, test-only)
 * the cheater's monitor reads its victim's card out of the combination,
 * with m = 2 and with m = 3, while the honest seat's monitor finds nothing.
 * `solveRelation` recovers the cards of random combinations of one to
 * MAX_TERMS terms with random coefficients exactly.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_SEATS,
  decodePacketSecrets,
  encodeKeyShares,
  encodePacketSecrets,
  sealKeyPair,
  seededRandom,
  type KeyEntry,
  type PacketState,
  type PacketTranscript,
  type Point,
} from '../../crypto/index.js';
import { Fn } from '../../crypto/group.js';
import { signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { makeCheat, type Cheat } from '../../tools/sim/cheats.js';
import { cheatingShuffle, dealtHandles, linearShuffle } from '../../tools/sim/cheats-protocol.js';
import fc from 'fast-check';
import { runs, seedFor } from '../helpers/depth.js';
import type { HandSecrets } from '../../src/table/hand/seat-agent.js';
import { PacketBook } from '../../src/table/hand/packets.js';
import { KnowledgeMonitor, MAX_TERMS, solveRelation, type Relation } from '../../tools/sim/knowledge-monitor.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { shuffleArgument } from '../helpers/shuffle-argument-switch.js';
import { closeAll } from '../helpers/table-page.js';

vi.mock('../../crypto/index.js', async (importOriginal) => {
  const { withSwitchableShuffleArgument } = await import('../helpers/shuffle-argument-switch.js');
  return withSwitchableShuffleArgument(await importOriginal());
});

const TABLE = 'kmbench-0011223344556677';
const SEATS = 3;
const SIZE = 32;
const NAMES = Array.from({ length: SIZE }, (_, i) => `c${i}`);
/** The monitored seat. */
const ME = 0;
const OTHERS = [1, 2];

/** The lock key of `layer` at `position` of `packet` (non-zero, below the group order). */
const lockKey = (packet: number, layer: number, position: number): bigint =>
  BigInt(1_000_003 + 100_000 * packet + 1_000 * position + layer);
/** The card position `p` of packet 0 holds unless a test says otherwise: card 0 lies at position 27. */
const cardAt = (p: number): number => (p + 5) % SIZE;
/** The handle of `position` of `packet`. */
const handleAt = (packet: number, position: number): number => 100 * packet + position;

/** What a position holds: a card index, the combination H_x + m·H_y, or the multiple m·H_y. */
type Content = number | { x?: number; y: number; m: bigint };

interface FakeEvent {
  from: Uint8Array;
  body: { type: string; n: number; data: unknown };
}

interface CardInfo {
  card: string | null;
  seen: number[];
}

function bench() {
  const book = new PacketBook(TABLE, 0, SEATS, SIZE);
  const hand = book.hand;
  const seals = [0, 1, 2].map((seat) => sealKeyPair(seededRandom(`km-bench-seal-${seat}`)));
  const events: FakeEvent[] = [];
  const acts: ({ data: { action: unknown } } | undefined)[] = [];
  /** Per seat, acts held after its pending one, or not yet shown held by every seat (pendingAct does not return them). */
  const held: { data: { action: unknown } }[][] = [];
  const cards: CardInfo[] = [];
  const state = { deck: NAMES, cards, requests: [] as unknown[] };
  let n = 0;
  const world = { started: true, phase: 'play' };
  const follower = {
    get phase() {
      return world.phase;
    },
    auditCause: null,
    pool: { envelopes: () => events },
    seatOf: (e: FakeEvent) => e.from[0]!,
    get sealKeys() {
      return world.started ? seals.map((s) => s.publicKey) : [];
    },
    book,
    get state() {
      return world.started ? state : null;
    },
    players: SEATS,
    pendingAct: (seat: number) => acts[seat],
    heldActs: (seat: number) => [acts[seat], ...(held[seat] ?? [])].filter((a) => a !== undefined),
    game: {
      claimedCards: (action: unknown) => (action as { claims?: { handle: number; card: string }[] }).claims ?? null,
    },
  };
  const session = {
    follower,
    get engineState() {
      return follower.state;
    },
  } as unknown as HandSession;

  const point = (c: Content): Point => {
    if (typeof c === 'number') return hand.cards[c]!;
    const y = hand.cards[c.y]!;
    const my = c.m < 0n ? y.multiply(-c.m).negate() : y.multiply(c.m);
    return c.x === undefined ? my : hand.cards[c.x]!.add(my);
  };
  /** Locks `packet`: position p holds `contents[p]` (default: card cardAt(p)) under every layer's key. */
  const lock = (packet: number, contents: Record<number, Content> = {}): void => {
    const points = Array.from({ length: SIZE }, (_, p) => {
      const product = [...Array(SEATS).keys()].reduce((acc, layer) => Fn.mul(acc, lockKey(packet, layer, p)), 1n);
      return point(contents[p] ?? cardAt(p)).multiply(product);
    });
    for (let p = 0; p < SIZE; p++) {
      book.place(handleAt(packet, p), { packet, position: p });
      cards[handleAt(packet, p)] = { card: null, seen: [] };
    }
    book.lock({ id: packet } as PacketTranscript, { size: SIZE, deck: { points } } as unknown as PacketState);
  };
  const shares = (seat: number, packet: number, entries: KeyEntry[], to: number): Uint8Array =>
    encodeKeyShares({ kind: 'keys', header: { tableId: hand.params.tableId, handNo: 0, packet, seat }, to, entries });
  const layerKeys = (seat: number, packet: number, positions: number[]): KeyEntry[] =>
    positions.map((position) => ({ position, layer: seat, key: lockKey(packet, seat, position) }));
  const push = (seat: number, type: string, data: unknown): void =>
    void events.push({ from: Uint8Array.of(seat), body: { type, n: ++n, data } });
  return {
    book,
    cards,
    state,
    acts,
    held,
    world,
    lock,
    shares,
    push,
    /** Every other seat publishes its keys of `positions` of packet 0 to everyone (a reveal to all, as keys events). */
    revealToAll(positions: number[], packet = 0): void {
      for (const seat of OTHERS)
        push(seat, 'keys', {
          request: 0,
          to: null,
          shares: [shares(seat, packet, layerKeys(seat, packet, positions), ALL_SEATS)],
        });
    },
    /** Every other seat seals its keys of `places` ([packet, positions] per share) to ME. */
    sealToMe(places: [number, number[]][]): void {
      for (const seat of OTHERS) {
        const sealed = places.map(([packet, positions]) =>
          book.seal(
            shares(seat, packet, layerKeys(seat, packet, positions), ME),
            packet,
            seat,
            seals[seat]!,
            ME,
            seals[ME]!.publicKey,
            seededRandom(`km-bench-${n}`),
          ),
        );
        push(seat, 'keys', { request: 0, to: ME, shares: sealed });
      }
    },
    /** ME's stored secrets: its seal secret and its lock keys of `packets`. */
    secrets(packets: number[] = [0]): HandSecrets {
      return {
        sealSecret: seals[ME]!.secretKey,
        packets: packets.map((packet) =>
          encodePacketSecrets(
            { packet, seat: ME, lock: Array.from({ length: SIZE }, (_, p) => lockKey(packet, ME, p)) },
            hand,
          ),
        ),
      };
    },
    monitor(secrets: () => HandSecrets | undefined, relations: readonly Relation[] = []): KnowledgeMonitor {
      return new KnowledgeMonitor(ME, session, secrets, () => relations);
    },
  };
}

const named = (entries: [number, number][]): Map<number, string> => new Map(entries.map(([h, c]) => [h, NAMES[c]!]));
const opened = (p: number) => `opened packet 0 position ${p}`;

describe('what a seat can open', () => {
  it('opens every position whose keys of all layers it holds (its own, and keys published in keys events and acts), card 0 included, named by handle and card', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets();
    b.revealToAll([3, 27]);
    // Position 4: seat 2 published its key in a keys event, seat 1 in the act that plays it.
    b.push(2, 'keys', {
      request: 0,
      to: null,
      shares: [b.shares(2, 0, [{ position: 4, layer: 2, key: lockKey(0, 2, 4) }], ALL_SEATS)],
    });
    b.push(1, 'act', {
      action: {},
      keys: [b.shares(1, 0, [{ position: 4, layer: 1, key: lockKey(0, 1, 4) }], ALL_SEATS)],
    });
    const monitor = b.monitor(() => own);
    expect(monitor.observe()).toEqual([]);
    expect(cardAt(27)).toBe(0);
    expect(monitor.readableCards()).toEqual(
      named([
        [3, cardAt(3)],
        [4, cardAt(4)],
        [27, 0],
      ]),
    );
  });

  it('ignores a key share naming a position past the end of its packet and reads the rest of the share', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets();
    b.revealToAll([3]);
    // Every layer's key of position SIZE (one past the last), and seat 1's of position 5 (seat 2's too, below).
    const past: KeyEntry[] = [
      { position: 5, layer: 1, key: lockKey(0, 1, 5) },
      { position: SIZE, layer: 0, key: 7n },
      { position: SIZE, layer: 1, key: 11n },
      { position: SIZE, layer: 2, key: 13n },
    ];
    b.push(1, 'keys', { request: 0, to: null, shares: [b.shares(1, 0, past, ALL_SEATS)] });
    b.push(2, 'keys', {
      request: 0,
      to: null,
      shares: [b.shares(2, 0, [{ position: 5, layer: 2, key: lockKey(0, 2, 5) }], ALL_SEATS)],
    });
    const monitor = b.monitor(() => own);
    expect(() => monitor.observe()).not.toThrow();
    expect(monitor.readableCards()).toEqual(
      named([
        [3, cardAt(3)],
        [5, cardAt(5)],
      ]),
    );
  });

  it('reads a combination only through a relation the seat made, whatever its coefficients (3, −1, a random scalar): every card in it', () => {
    const b = bench();
    const r = Fn.create(0x1234567890abcdef1234567890abcdefn * 977n);
    b.lock(0, { 5: { x: 1, y: 2, m: 3n }, 6: { x: 3, y: 4, m: -1n }, 7: { x: 10, y: 11, m: r } });
    const own = b.secrets();
    b.revealToAll([5, 6, 7]);
    const relation = (p: number, m: bigint): Relation => ({
      packet: 0,
      position: p,
      terms: [
        { position: p, coeff: 1n },
        { position: 30, coeff: m },
      ],
    });
    const monitor = b.monitor(() => own, [relation(5, 3n), relation(6, -1n), relation(7, r)]);
    expect(monitor.observe()).toEqual([]);
    // Only handles are listed: the y of each pair has no handle of its own.
    expect(monitor.readableCards()).toEqual(
      named([
        [5, 1],
        [6, 3],
        [7, 10],
      ]),
    );
    expect(monitor.unexplained).toEqual([]);
    b.world.phase = 'halted';
    const pair = (p: number, x: number, y: number, m: bigint) => [
      {
        seat: ME,
        handle: p,
        card: NAMES[x],
        how: `packet 0 position ${p} opens to a combination of cards (its own card in it)`,
      },
      {
        seat: ME,
        handle: null,
        card: NAMES[y],
        how: `read out of the combination at packet 0 position ${p} (coefficient ${m})`,
      },
    ];
    expect(monitor.observe()).toEqual([...pair(5, 1, 2, 3n), ...pair(6, 3, 4, -1n), ...pair(7, 10, 11, r)]);
  });

  it('a combination no relation of the seat explains (another seat made it) reads nothing: listed as unexplained', () => {
    const b = bench();
    b.lock(0, { 5: { x: 1, y: 2, m: 3n } });
    const own = b.secrets();
    b.revealToAll([5]);
    // A relation of the seat's own, but with another coefficient: it does not explain this point.
    const monitor = b.monitor(
      () => own,
      [
        {
          packet: 0,
          position: 5,
          terms: [
            { position: 5, coeff: 1n },
            { position: 9, coeff: 2n },
          ],
        },
      ],
    );
    expect(monitor.observe()).toEqual([]);
    expect(monitor.unexplained).toEqual(['packet 0 position 5']);
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([]);
  });

  it('reads a multiple of a card point (2·H_y, −H_y) through its relation as card y, at no handle: a leak unless the seat may read y', () => {
    const b = bench();
    // Card 4's point doubled at position 5; position 6 holds −H_15, card 15 lies at handle 10, which the seat has seen.
    b.lock(0, { 5: { y: 4, m: 2n }, 6: { y: 15, m: -1n } });
    const own = b.secrets();
    b.revealToAll([5, 6, 10]);
    b.cards[10]!.seen = [ME];
    const multiple = (p: number, m: bigint): Relation => ({
      packet: 0,
      position: p,
      terms: [{ position: 31, coeff: m }],
    });
    const monitor = b.monitor(() => own, [multiple(5, 2n), multiple(6, -1n)]);
    expect(monitor.observe()).toEqual([]);
    // Neither position opens to a card of its own: only handle 10 is listed.
    expect(monitor.readableCards()).toEqual(named([[10, 15]]));
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([
      {
        seat: ME,
        handle: null,
        card: NAMES[4],
        how: 'read out of the combination at packet 0 position 5 (coefficient 2)',
      },
    ]);
  });

  it(`a relation of more than ${MAX_TERMS} terms is not solved but counted as a leak of cards it cannot name`, () => {
    const b = bench();
    b.lock(0, { 5: { x: 1, y: 2, m: 3n } });
    const own = b.secrets();
    b.revealToAll([5]);
    const terms = Array.from({ length: MAX_TERMS + 1 }, (_, i) => ({ position: i + 5, coeff: BigInt(i + 1) }));
    const monitor = b.monitor(() => own, [{ packet: 0, position: 5, terms }]);
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([
      {
        seat: ME,
        handle: null,
        card: 'cards it cannot name',
        how: `packet 0 position 5 opens to a combination of ${MAX_TERMS + 1} cards, too many to solve here: counted as read`,
      },
    ]);
  });

  it('on a hand not started yet (no engine state, no packet) reads nothing and lists no readable card', () => {
    const b = bench();
    b.world.started = false;
    const seat = b.monitor(() => undefined);
    expect(seat.observe()).toEqual([]);
    expect(seat.readableCards()).toEqual(new Map());
  });
});

describe('solving a relation', () => {
  const cards = new PacketBook(TABLE, 0, SEATS, SIZE).hand.cards;
  const scalar = fc.bigInt({ min: 1n, max: Fn.ORDER - 1n });

  it('finds exactly the cards of a combination with random coefficients, from 1 to MAX_TERMS terms', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ card: fc.integer({ min: 0, max: SIZE - 1 }), coeff: scalar }), {
          minLength: 1,
          maxLength: MAX_TERMS,
        }),
        (terms) => {
          const point = terms.reduce(
            (sum, t) => sum.add(cards[t.card]!.multiply(t.coeff)),
            cards[0]!.subtract(cards[0]!),
          );
          const solved = solveRelation(
            point,
            terms.map((t) => t.coeff),
            cards,
          );
          // Random coefficients are distinct: the solution is the cards chosen.
          expect(solved).toEqual(terms.map((t) => t.card));
        },
      ),
      { numRuns: runs(12, 200), seed: seedFor(29) },
    );
  });

  it('finds nothing for a point that is not such a combination (other coefficients, a foreign point)', () => {
    const point = cards[1]!.add(cards[2]!.multiply(3n));
    expect(solveRelation(point, [1n, 3n], cards)).toEqual([1, 2]);
    expect(solveRelation(point, [1n, 2n], cards)).toBeNull();
    expect(solveRelation(point, [3n, 1n], cards)).toEqual([2, 1]);
    const foreign = new PacketBook(TABLE, 1, SEATS, SIZE).hand.cards[0]!;
    expect(solveRelation(foreign, [1n], cards)).toBeNull();
    expect(solveRelation(point, [], cards)).toBeNull();
  });
});

describe('keys sealed to the seat', () => {
  it('are skipped without failing while the seat’s secrets are not stored, and read once they are', () => {
    const b = bench();
    b.lock(0);
    b.sealToMe([[0, [8]]]);
    // What the seat's page has stored so far (nothing yet).
    const page: { stored?: HandSecrets } = {};
    const monitor = b.monitor(() => page.stored);
    expect(monitor.observe()).toEqual([]);
    expect(monitor.readableCards()).toEqual(new Map());
    page.stored = b.secrets();
    expect(monitor.observe()).toEqual([]);
    expect(monitor.readableCards()).toEqual(named([[8, cardAt(8)]]));
  });

  it('are read whole or not at all: a share of a packet not locked yet holds the event back until it is, then both shares are read', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets([0, 1]);
    b.sealToMe([
      [0, [9]],
      [1, [2]],
    ]);
    const monitor = b.monitor(() => own);
    expect(monitor.observe()).toEqual([]);
    expect(monitor.readableCards()).toEqual(new Map());
    b.lock(1);
    expect(monitor.observe()).toEqual([]);
    expect(monitor.readableCards()).toEqual(
      named([
        [9, cardAt(9)],
        [handleAt(1, 2), cardAt(2)],
      ]),
    );
  });
});

describe('once the hand halts, what is a leak', () => {
  it('a seen card and a public card are allowed; a hidden card the seat opened is a leak', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets();
    b.cards[1]!.seen = [1, ME];
    b.cards[2]!.card = NAMES[cardAt(2)]!;
    b.cards[3]!.seen = [1, 2];
    b.revealToAll([1, 2, 3]);
    const monitor = b.monitor(() => own);
    expect(monitor.observe()).toEqual([]);
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([{ seat: ME, handle: 3, card: NAMES[cardAt(3)], how: opened(3) }]);
  });

  it('cards of pending reveal-all, reveal-to this seat and forward to this seat are allowed; reveal-to and forward to another seat and a reshuffle are not', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets();
    b.state.requests.push(
      { id: 0, kind: 'reveal-all', handles: [10] },
      { id: 1, kind: 'reveal-to', seat: ME, handles: [11] },
      { id: 2, kind: 'reveal-to', seat: 1, handles: [12] },
      { id: 3, kind: 'forward', from: 1, to: ME, handles: [13] },
      { id: 4, kind: 'forward', from: 2, to: 1, handles: [14] },
      { id: 5, kind: 'reshuffle', handles: [15], into: [16] },
    );
    b.revealToAll([10, 11, 12, 13, 14, 15]);
    const monitor = b.monitor(() => own);
    expect(monitor.observe()).toEqual([]);
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual(
      [12, 14, 15].map((h) => ({ seat: ME, handle: h, card: NAMES[cardAt(h)], how: opened(h) })),
    );
  });

  it('a card played in an act not yet applied is allowed (its keys are in the act); one not claimed is a leak', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets();
    b.acts[2] = { data: { action: { claims: [{ handle: 20, card: NAMES[cardAt(20)] }] } } };
    b.revealToAll([20, 21]);
    const monitor = b.monitor(() => own);
    expect(monitor.observe()).toEqual([]);
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([{ seat: ME, handle: 21, card: NAMES[cardAt(21)], how: opened(21) }]);
  });

  it('a card played in an act held but not yet shown held by every seat, or held behind another act, is allowed too', () => {
    const b = bench();
    b.lock(0);
    const own = b.secrets();
    // Seat 1's next act is held but may not take effect yet (consistent delivery): pendingAct does not return it.
    b.held[1] = [{ data: { action: { claims: [{ handle: 22, card: NAMES[cardAt(22)] }] } } }];
    // Seat 2's next act and the one behind it are both held.
    b.acts[2] = { data: { action: { claims: [{ handle: 20, card: NAMES[cardAt(20)] }] } } };
    b.held[2] = [{ data: { action: { claims: [{ handle: 23, card: NAMES[cardAt(23)] }] } } }];
    b.revealToAll([20, 21, 22, 23]);
    const monitor = b.monitor(() => own);
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([{ seat: ME, handle: 21, card: NAMES[cardAt(21)], how: opened(21) }]);
  });

  it('a card read out of a combination is allowed when the seat may read it at a handle; a combination at a handle it may not read leaks both its cards', () => {
    const b = bench();
    // 22 (seen): H_c(30) + 2·H_c(23), and 23 (seen) holds c(23): the y read out of 22 is a card the seat may read.
    // 24 (hidden): H_c(25) + 2·H_c(26), 25 seen, 26 hidden: the x is allowed elsewhere but its handle is not; the y is hidden.
    b.lock(0, { 22: { x: cardAt(30), y: cardAt(23), m: 2n }, 24: { x: cardAt(25), y: cardAt(26), m: 2n } });
    const own = b.secrets();
    for (const h of [22, 23, 25]) b.cards[h]!.seen = [ME];
    b.revealToAll([22, 23, 24, 25, 26]);
    const pair = (p: number): Relation => ({
      packet: 0,
      position: p,
      terms: [
        { position: p, coeff: 1n },
        { position: p + 1, coeff: 2n },
      ],
    });
    const monitor = b.monitor(() => own, [pair(22), pair(24)]);
    expect(monitor.observe()).toEqual([]);
    expect(monitor.readableCards()).toEqual(
      named([
        [22, cardAt(30)],
        [23, cardAt(23)],
        [24, cardAt(25)],
        [25, cardAt(25)],
        [26, cardAt(26)],
      ]),
    );
    b.world.phase = 'halted';
    expect(monitor.observe()).toEqual([
      {
        seat: ME,
        handle: 24,
        card: NAMES[cardAt(25)],
        how: 'packet 0 position 24 opens to a combination of cards (its own card in it)',
      },
      {
        seat: ME,
        handle: null,
        card: NAMES[cardAt(26)],
        how: 'read out of the combination at packet 0 position 24 (coefficient 2)',
      },
      { seat: ME, handle: 26, card: NAMES[cardAt(26)], how: opened(26) },
    ]);
  });
});

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
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

describe('in played hands', () => {
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
    for (const [h, card] of watched)
      expect(peers[0]!.session.current!.session.follower.state!.cards[h]!.card).toBe(card);
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
      { seat: 1, handle: null, card: 'KH', how: 'read out of the combination at packet 0 position 20 (coefficient 2)' },
    ]);
    expect(peers[0]!.monitor!()!.leaks).toEqual([]);
    // Position 20 is the cheater's own card: it may open it (to a combination), so that is no leak.
    expect(peers[1]!.monitor!()!.readableCards().has(20)).toBe(true);
    expect(peers[0]!.session.current!.session.halt).toMatchObject({ code: 'crypto-fault', seat: 1 });
  }, 120_000);

  it('Y_a + 3·Y_b (a multiple the old monitor did not try): the cheater’s monitor reads the victim’s card; the honest seat’s finds nothing', async () => {
    shuffleArgument.checked = false;
    const cheat: Cheat = { ...makeCheat('shuffle-linear', 'stress-shed')!, sign: linearShuffle([3n]) };
    const { peers, cheat: ctx } = await seatPeers({
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
    const victim = ctx!.relations![0]!.terms[1]!.position;
    const victimCard = peers[0]!.session.current!.session.privateView.known[victim];
    expect(victimCard).toBeDefined();
    expect(peers[1]!.monitor!()!.leaks).toEqual([
      {
        seat: 1,
        handle: null,
        card: victimCard,
        how: 'read out of the combination at packet 0 position 20 (coefficient 3)',
      },
    ]);
    expect(peers[0]!.monitor!()!.leaks).toEqual([]);
  }, 120_000);

  it('a doubled card point: a last shuffler that outputs 2·Y_b in place of its own card reads the victim’s card b; the honest seat’s monitor finds nothing', async () => {
    shuffleArgument.checked = false;
    let victimHandle = -1;
    const doubling: Cheat = {
      kind: 'shuffle-linear',
      what: 'the last shuffler replaces its own output point by 2·Y_b (b of a victim)',
      expect: { caught: 'blame', codes: ['bad-step'] },
      sign: cheatingShuffle((points, ctx) => {
        const hand = ctx.hand()!;
        const { mine, theirs } = dealtHandles(hand.config.game, hand.follower.state!, ctx.seat);
        victimHandle = theirs[0]!;
        ctx.relations?.push({ packet: 0, position: mine[0]!, terms: [{ position: victimHandle, coeff: 2n }] });
        return points.map((p, j) => (j === mine[0] ? points[victimHandle]!.multiply(2n) : p));
      }),
    };
    const { peers } = await seatPeers({
      game: 'stress-shed',
      players: 2,
      hands: 1,
      seed: 7,
      cheat: { seat: 1, cheat: doubling },
      monitor: 'all',
    });
    running = peers;
    await until(() => peers.every((p) => p.session.current?.session.halt), 10);
    for (const p of peers) p.monitor!()!.observe();
    const victimCard = peers[0]!.session.current!.session.privateView.known[victimHandle];
    expect(victimCard).toBeDefined();
    expect(peers[1]!.monitor!()!.leaks).toEqual([
      {
        seat: 1,
        handle: null,
        card: victimCard,
        how: 'read out of the combination at packet 0 position 20 (coefficient 2)',
      },
    ]);
    expect(peers[0]!.monitor!()!.leaks).toEqual([]);
  }, 120_000);
});
