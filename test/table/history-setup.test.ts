/**
 * The set-up of a hand a page did not play, found from its seats' readies
 * (history-setup.ts): the seat order whose set-up hashes to what every seat
 * signed, chained from the previous hand's record; not yet when a seat's
 * ready is missing; and a mismatch when the seats signed a set-up that does
 * not follow from the record this page derived (another dealer or carry).
 * Each hand is built under the options the roster records for it: a hand
 * played before the options changed is found under its own, and options
 * given wrongly (today's, or a lie) only make a mismatch.
 */
import { describe, expect, it } from 'vitest';
import { keyHex, signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { nextSetup, outcomeHash, setupHash, type HandRecord, type HandSetup } from '../../src/table/hand/setup.js';
import { calledOffUntil, setupFromReadies } from '../../src/table/history-setup.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0123456789abcdef';
const [ann, bob, cat, eve] = [testSigner(1), testSigner(2), testSigner(3), testSigner(4)] as [
  Signer,
  Signer,
  Signer,
  Signer,
];
const base = { table: TABLE, game: 'stress-shed', options: {} };
/** What a page knows of a three-seat table whose options never changed. */
const unchanged = { ...base, optionsOf: () => ({}), seats: 3 };

function ready(signer: Signer, setup: HandSetup): EnvelopeOf<'table-event'> {
  const body = {
    hand: setup.handNo,
    n: 0,
    at: 0,
    hash: new Uint8Array(32),
    type: 'ready' as const,
    data: { sealKey: new Uint8Array(32).fill(9), setup: setupHash(setup) },
  };
  return signEnvelope(signer, { kind: 'table-event', table: TABLE, seq: 1, to: null, body });
}

describe('a past hand’s set-up from its seats’ readies', () => {
  // Hand 1 was played by Bob, Ann, Cat (in that seat order); its record says seat 2 deals next.
  const hand1: HandRecord = {
    setup: nextSetup({ ...base, seatKeys: [bob, ann, cat].map((s) => keyHex(s.publicKey)) }, 0, undefined),
    outcome: { stateHash: 'ab'.repeat(32), nextDealer: 2, carry: null },
  };
  const hand2 = nextSetup({ ...base, seatKeys: [bob, ann, cat].map((s) => keyHex(s.publicKey)) }, 1, hand1);
  // Today's roster: Bob left seat 1 (free), Ann and Cat stay.
  const hint = [null, keyHex(ann.publicKey), keyHex(cat.publicKey)];

  it('finds the seat order every seat signed, chained from the previous record', () => {
    const found = setupFromReadies(
      unchanged,
      1,
      hand1,
      [cat, bob, ann].map((s) => ready(s, hand2)),
      hint,
    );
    expect(found).toEqual({ kind: 'found', setup: hand2 });
    if (found.kind === 'found') expect(found.setup.previous).toBe(outcomeHash(hand1.outcome!));
  });

  it('waits while a seat’s ready is missing, and ignores a stranger who copies the hash', () => {
    expect(
      setupFromReadies(
        unchanged,
        1,
        hand1,
        [ann, cat].map((s) => ready(s, hand2)),
        hint,
      ),
    ).toEqual({ kind: 'waiting', readies: 2 });
    const withEve = setupFromReadies(
      unchanged,
      1,
      hand1,
      [eve, cat, bob, ann].map((s) => ready(s, hand2)),
      hint,
    );
    expect(withEve).toEqual({ kind: 'found', setup: hand2 });
  });

  it('finds the order when the hint is wrong (the roster changed seats), and with no hint', () => {
    const readies = [cat, bob, ann].map((s) => ready(s, hand2));
    const wrong = [keyHex(ann.publicKey), keyHex(bob.publicKey), keyHex(cat.publicKey)];
    expect(setupFromReadies(unchanged, 1, hand1, readies, wrong)).toEqual({ kind: 'found', setup: hand2 });
    expect(setupFromReadies(unchanged, 1, hand1, readies, [])).toEqual({ kind: 'found', setup: hand2 });
  });

  it('counts only readies of this hand that parse: another hand’s, another type, a malformed one are ignored', () => {
    const hand3 = nextSetup({ ...base, seatKeys: [bob, ann, cat].map((s) => keyHex(s.publicKey)) }, 2, {
      setup: hand2,
      outcome: null,
    });
    const later = [bob, ann, cat].map((s) => ready(s, hand3));
    expect(setupFromReadies(unchanged, 1, hand1, later, hint)).toEqual({ kind: 'waiting', readies: 0 });
    const other = (signer: Signer, type: 'fault' | 'ready', data: unknown) =>
      signEnvelope(signer, {
        kind: 'table-event',
        table: TABLE,
        seq: 2,
        to: null,
        body: { hand: 1, n: 1, at: 0, hash: new Uint8Array(32), type, data } as never,
      });
    const noise = [
      other(bob, 'fault', { code: 'bad-proof', seat: 0, detail: 'x' }),
      other(ann, 'ready', { sealKey: 'no', setup: 'no' }),
    ];
    expect(setupFromReadies(unchanged, 1, hand1, [...noise, ready(cat, hand2)], hint)).toEqual({
      kind: 'waiting',
      readies: 1,
    });
  });

  it('is a mismatch when the seats signed another dealer than the record gives', () => {
    const otherDealer = { ...hand2, dealer: 0 };
    const search = setupFromReadies(
      unchanged,
      1,
      hand1,
      [bob, ann, cat].map((s) => ready(s, otherDealer)),
      hint,
    );
    expect(search).toEqual({
      kind: 'mismatch',
      detail: expect.stringMatching(
        /^the seats of hand 2 signed a set-up that does not follow from the hands before it \(dealer 3,/,
      ),
    });
  });
});

describe('hands played under options the table has changed since', () => {
  const keys = [bob, ann, cat].map((s) => keyHex(s.publicKey));
  // Hand 1 was played under the table's first options; the creator then turned on voluntary pick-up for hand 2 on.
  const changed = { voluntaryPickup: true };
  const hand1 = nextSetup({ ...base, seatKeys: keys }, 0, undefined);
  const record1: HandRecord = { setup: hand1, outcome: { stateHash: '12'.repeat(32), nextDealer: 1, carry: null } };
  const hand2 = nextSetup({ ...base, options: changed, seatKeys: keys }, 1, record1);
  const byRoster = { ...base, optionsOf: (hand: number) => (hand < 1 ? {} : changed), seats: 3 };

  it('finds each hand under the options the roster records for it', () => {
    const readies1 = [bob, ann, cat].map((s) => ready(s, hand1));
    const readies2 = [bob, ann, cat].map((s) => ready(s, hand2));
    expect(setupFromReadies(byRoster, 0, undefined, readies1, keys)).toEqual({ kind: 'found', setup: hand1 });
    expect(setupFromReadies(byRoster, 1, record1, readies2, keys)).toEqual({ kind: 'found', setup: hand2 });
  });

  it('options a roster gives a hand wrongly (today’s, or a lie) make it a mismatch, never a set-up its seats did not sign', () => {
    const readies1 = [bob, ann, cat].map((s) => ready(s, hand1));
    const readies2 = [bob, ann, cat].map((s) => ready(s, hand2));
    const today = { ...base, optionsOf: () => changed, seats: 3 };
    expect(setupFromReadies(today, 0, undefined, readies1, keys).kind).toBe('mismatch');
    const lie = { ...base, optionsOf: () => ({ voluntaryPickup: false }), seats: 3 };
    expect(setupFromReadies(lie, 1, record1, readies2, keys).kind).toBe('mismatch');
  });

  it('a hand called off under the old options is stepped over to the first one every seat signed under the new', () => {
    // Hand 2 was called off (Cat agreed to the new options, Bob and Ann had agreed to the old); hand 3 under the new.
    const old2 = nextSetup({ ...base, seatKeys: keys }, 1, record1);
    const skipped: HandRecord = { setup: { ...old2, seatKeys: [] }, outcome: null };
    const hand3 = nextSetup({ ...base, options: changed, seatKeys: keys }, 2, skipped);
    const map = new Map([
      [1, [ready(bob, old2), ready(ann, old2), ready(cat, { ...old2, options: changed })]],
      [2, [bob, ann, cat].map((s) => ready(s, hand3))],
    ]);
    const roster = { ...base, optionsOf: (hand: number) => (hand < 2 ? {} : changed), seats: 3 };
    expect(calledOffUntil(roster, 1, record1, 3, (hand) => map.get(hand) ?? [], keys)).toEqual({
      skipped: [skipped],
      hand: 2,
      setup: hand3,
    });
  });
});

describe('a hand called off before every seat agreed is stepped over', () => {
  const keys = [bob, ann, cat].map((s) => keyHex(s.publicKey));
  // Hand 1 was played (seat 2 deals next); hand 2 was called off: Bob and Ann agreed to one set-up, Cat to another
  // (the roster changed between their agreements), so no set-up has every seat's ready.
  const hand1: HandRecord = {
    setup: nextSetup({ ...base, seatKeys: keys }, 0, undefined),
    outcome: { stateHash: 'cd'.repeat(32), nextDealer: 2, carry: null },
  };
  const hand2 = nextSetup({ ...base, seatKeys: keys }, 1, hand1);
  const hand2Cat = { ...hand2, options: { voluntaryPickup: true } };
  const calledOff: HandRecord = { setup: { ...hand2, seatKeys: [] }, outcome: null };
  // What every seat derived for hand 3 from a hand 2 without a result: the same dealer, no previous outcome.
  const hand3 = nextSetup({ ...base, seatKeys: keys }, 2, calledOff);
  const hint = keys;
  const events = new Map<number, EnvelopeOf<'table-event'>[]>([
    [1, [ready(bob, hand2), ready(ann, hand2), ready(cat, hand2Cat)]],
    [2, [bob, ann, cat].map((s) => ready(s, hand3))],
  ]);
  const eventsOf = (map: Map<number, EnvelopeOf<'table-event'>[]>) => (hand: number) => map.get(hand) ?? [];
  const base3 = unchanged;

  it('hand 2 alone waits (no set-up has every seat), and hand 3’s seats, signing the chain past it, step over it', () => {
    expect(setupFromReadies(base3, 1, hand1, events.get(1)!, hint)).toEqual({ kind: 'waiting', readies: 2 });
    const over = calledOffUntil(base3, 1, hand1, 3, eventsOf(events), hint);
    expect(over).toEqual({ skipped: [calledOff], hand: 2, setup: hand3 });
    expect(over?.setup).toMatchObject({ dealer: 2, previous: null });
    // The step-over's record gives hand 3 the set-up the seats signed, as a stored record would.
    expect(setupFromReadies(base3, 2, over!.skipped[0], events.get(2)!, hint)).toEqual({ kind: 'found', setup: hand3 });
  });

  it('two hands called off in a row: both are stepped over', () => {
    const skipped3: HandRecord = { setup: { ...hand3, seatKeys: [] }, outcome: null };
    const hand4 = nextSetup({ ...base, seatKeys: keys }, 3, skipped3);
    const map = new Map([
      [1, events.get(1)!],
      [2, [ready(bob, hand3), ready(cat, { ...hand3, options: { decks: 2 } })]],
      [3, [cat, ann, bob].map((s) => ready(s, hand4))],
    ]);
    const over = calledOffUntil(base3, 1, hand1, 4, eventsOf(map), hint);
    expect(over).toEqual({ skipped: [calledOff, skipped3], hand: 3, setup: hand4 });
  });

  const refused: [string, Map<number, EnvelopeOf<'table-event'>[]>, number][] = [
    // The seats of hand 3 chained from an outcome of hand 2: it was played, and its readies are withheld.
    [
      'hand 3’s seats signed a chain from an outcome of hand 2 (hand 2 was played; its readies are withheld)',
      new Map([
        [1, [ready(bob, hand2)]],
        [
          2,
          [bob, ann, cat].map((s) =>
            ready(
              s,
              nextSetup({ ...base, seatKeys: keys }, 2, {
                setup: hand2,
                outcome: { stateHash: 'ef'.repeat(32), nextDealer: 0, carry: null },
              }),
            ),
          ),
        ],
      ]),
      3,
    ],
    ['hand 3’s readies are not all in', new Map([[2, [ann, cat].map((s) => ready(s, hand3))]]), 3],
    ['a stranger’s ready makes up the third', new Map([[2, [ann, cat, eve].map((s) => ready(s, hand3))]]), 3],
    ['no later hand has started', events, 2],
    [
      'hand 3 was signed for another dealer',
      new Map([[2, [bob, ann, cat].map((s) => ready(s, { ...hand3, dealer: 1 }))]]),
      3,
    ],
  ];

  it.each(refused)('nothing is stepped over when %s', (_, map, started) => {
    expect(calledOffUntil(base3, 1, hand1, started, eventsOf(map), hint)).toBeNull();
  });
});
