/**
 * The verdict of a hand in words (src/verify/verdict.ts), as the screen
 * after a hand and `npm run verify` show it: which of the six checks holds,
 * fails or was not reached for each way a hand can end (clean, a halt with
 * each halt code, an audit fault, abandoned, not finished), the counts in
 * each check's sentence, the events each check rests on, and the headline
 * naming the seat to blame. Built from a stand-in follower that holds only
 * what `handVerdict` reads (its events, inputs, state, halt, audit, phase),
 * so every case runs in milliseconds instead of replaying a hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HandFollower } from '../../src/table/hand/follower.js';
import type { HaltCode } from '../../src/table/hand/halt.js';
import { handVerdict, type CheckKey, type VerdictSummary } from '../../src/verify/verdict.js';
import { loadedNow } from '../helpers/loaded-now.js';

/**
 * verdict.ts loaded afresh inside the running test: its table of the check each halt code
 * fails and its event-naming helper are built when the module loads (test/helpers/loaded-now.ts,
 * docs/TESTING.md).
 */
const load = () => loadedNow(() => import('../../src/verify/verdict.js'));

type Ev = { seat: number; type: string; envelope: { body: { n: number } }; data: unknown };
const ev = (seat: number, n: number, type: string, data: unknown = {}): Ev => ({
  seat,
  type,
  envelope: { body: { n } },
  data,
});

/** A two-seat hand of 3 players' worth of events: every kind once or more. */
function events(): Ev[] {
  return [
    ev(0, 0, 'ready'),
    ev(1, 0, 'ready'),
    ev(0, 1, 'shuffle'),
    ev(1, 1, 'shuffle'),
    ev(0, 2, 'lock'),
    ev(1, 2, 'lock'),
    ev(1, 3, 'lock'),
    ev(0, 3, 'keys', { shares: [1, 2, 3] }),
    ev(1, 4, 'keys', { shares: [4] }),
    ev(0, 4, 'act', { keys: [5, 6] }),
    ev(1, 5, 'act', { keys: [] }),
    ev(0, 5, 'commit'),
    ev(0, 6, 'reveal'),
    ev(0, 7, 'disclose'),
    ev(1, 6, 'disclose'),
    ev(1, 7, 'abandon'),
  ];
}

interface Stand {
  events?: Ev[];
  inputs?: { kind: string }[];
  deck?: number | null;
  halt?: { code: HaltCode; seat: number | null; detail: string } | null;
  audit?: { clean: boolean; code?: HaltCode; seat?: number | null; detail?: string } | null;
  phase?: string;
  players?: number;
}

function follower(s: Stand = {}): HandFollower {
  const list = s.events ?? events();
  return {
    pool: { events: () => list },
    inputs: s.inputs ?? [{ kind: 'act' }, { kind: 'deal' }, { kind: 'act' }, { kind: 'reveal' }, { kind: 'deal' }],
    state: s.deck === null ? null : { deck: Array.from({ length: s.deck ?? 52 }) },
    halt: s.halt ?? null,
    audit: s.audit === undefined ? { clean: true, code: null, seat: null, detail: '' } : s.audit,
    phase: s.phase ?? 'done',
    players: s.players ?? 2,
    setup: { handNo: 4 },
  } as unknown as HandFollower;
}

const oks = (f: HandFollower) => Object.fromEntries(handVerdict(f).checks.map((c) => [c.key, c.ok]));
const KEYS: CheckKey[] = ['signatures', 'shuffle', 'cards', 'keys', 'moves', 'hashes'];

describe('a clean hand', () => {
  // Built in a beforeAll, not while the tests are collected: it is made by the code as the tests run it.
  let v: VerdictSummary;
  beforeAll(() => {
    v = handVerdict(follower());
  });

  it('status, headline, no fault, the hand number', () => {
    expect(v.status).toBe('clean');
    expect(v.headline).toBe('Clean: every shuffle, key, move and hash of this hand was checked, with all cards open.');
    expect(v.fault).toBeNull();
    expect(v.handNo).toBe(4);
  });

  it('the counts', () => {
    expect(v.counts).toEqual({
      events: 16,
      shuffleSteps: 2,
      reshuffleSteps: 0,
      lockProofs: 3,
      keyShares: 6,
      disclosures: 2,
      moves: 2,
      cryptoInputs: 3,
      hashesCrossChecked: 11,
      cards: 52,
    });
  });

  it('every check holds, in this order, with its sentence', () => {
    expect(v.checks.map((c) => [c.key, c.ok, c.title])).toEqual([
      [
        'signatures',
        true,
        'every one of the 16 events is signed by its seat, for this table, and every seat agreed to the same set-up',
      ],
      ['shuffle', true, 'every seat contributed to the shuffle and proved it (2 of 2 seats, 2 shuffle steps)'],
      [
        'cards',
        true,
        'no card duplicated or replaced: every packet opened to the 52 cards of the deck, each once (3 lock proofs)',
      ],
      ['keys', true, 'every key matched its commitment (6 key shares checked, 2 disclosures matched)'],
      ['moves', true, 'every move legal with all cards open (2 moves and 3 deals and reveals replayed)'],
      ['hashes', true, "every seat's signed state hashes agree (11 hashes cross-checked)"],
    ]);
  });

  it('how each check is known', () => {
    expect(v.checks.map((c) => c.how)).toEqual([
      "each event's ed25519 signature (RFC 8032, strict) verified through the same gate the mesh uses; each seat's ready commits to the set-up's hash; no seat sent two different events for one slot",
      "each shuffle step carries a shuffle argument (crypto/shuffle-proof.ts) verified when it arrived, in seat order per packet; at the end each step was recomputed from its seat's disclosed permutation and keys",
      "each lock step's proof verified on arrival; the audit re-ran every packet with every seat's disclosed secrets (crypto/audit.ts) and recovered a permutation of the deck",
      "each key share verified against its seat's commitment when it was published; sealed shares were opened with their recipient's disclosed seal key and checked the same way; each disclosed seal key matches the one announced in ready",
      'each move was checked by the rules when it was made (with the keys of the cards it plays); after the hand the rules replayed every input with every card open, re-checking every claim',
      "every step, key and move event carries its author's hash of the game state at the step it names; each was compared with this replay's hash at that step",
    ]);
  });

  it('each check names its events by author, sequence number and type (the module loaded afresh)', async () => {
    const fresh = await load();
    const w = fresh.handVerdict(follower());
    expect(w.checks.map((c) => c.events)).toEqual([
      [
        { seat: 0, n: 0, type: 'ready' },
        { seat: 1, n: 0, type: 'ready' },
      ],
      [
        { seat: 0, n: 1, type: 'shuffle' },
        { seat: 1, n: 1, type: 'shuffle' },
      ],
      [
        { seat: 0, n: 2, type: 'lock' },
        { seat: 1, n: 2, type: 'lock' },
        { seat: 1, n: 3, type: 'lock' },
      ],
      [
        { seat: 0, n: 3, type: 'keys' },
        { seat: 1, n: 4, type: 'keys' },
        { seat: 0, n: 7, type: 'disclose' },
        { seat: 1, n: 6, type: 'disclose' },
      ],
      [
        { seat: 0, n: 4, type: 'act' },
        { seat: 1, n: 5, type: 'act' },
      ],
      [],
    ]);
  });

  it('the events each check rests on', () => {
    const refs = Object.fromEntries(v.checks.map((c) => [c.key, c.events.map((e) => `${e.seat}:${e.n}:${e.type}`)]));
    expect(refs).toEqual({
      signatures: ['0:0:ready', '1:0:ready'],
      shuffle: ['0:1:shuffle', '1:1:shuffle'],
      cards: ['0:2:lock', '1:2:lock', '1:3:lock'],
      keys: ['0:3:keys', '1:4:keys', '0:7:disclose', '1:6:disclose'],
      moves: ['0:4:act', '1:5:act'],
      hashes: [],
    });
    expect(v.checks[0]!.events[0]).toEqual({ seat: 0, n: 0, type: 'ready' });
  });

  it('re-shuffles are counted and named; a seat that did not shuffle is not a contributor', () => {
    const list = [...events(), ev(1, 8, 'reshuffle'), ev(0, 8, 'reshuffle'), ev(0, 9, 'shuffle')];
    const w = handVerdict(follower({ events: list, players: 3 }));
    expect(w.counts.reshuffleSteps).toBe(2);
    expect(w.counts.shuffleSteps).toBe(3);
    expect(w.checks[1]!.title).toBe(
      'every seat contributed to the shuffle and proved it (2 of 3 seats, 3 shuffle steps, 2 re-shuffles)',
    );
    expect(w.checks[1]!.events.map((e) => `${e.seat}:${e.n}:${e.type}`)).toEqual([
      '0:1:shuffle',
      '1:1:shuffle',
      '0:9:shuffle',
      '1:8:reshuffle',
      '0:8:reshuffle',
    ]);
    expect(w.counts.hashesCrossChecked).toBe(14);
  });

  it('no state: no cards counted', () => {
    expect(handVerdict(follower({ deck: null, audit: null, phase: 'play' })).counts.cards).toBe(0);
  });
});

/** Each halt code and the check the screen marks as failed (null: none, the hand just stopped). */
const CHECK_OF: [HaltCode, CheckKey | null][] = [
  ['bad-event', 'signatures'],
  ['bad-setup', 'signatures'],
  ['equivocation', 'signatures'],
  ['bad-step', 'shuffle'],
  ['crypto-fault', 'cards'],
  ['unknown-handle', 'cards'],
  ['bad-seal-key', 'keys'],
  ['wrong-key', 'keys'],
  ['missing-key', 'keys'],
  ['unsealable', 'keys'],
  ['bad-disclosure', 'keys'],
  ['no-disclosure', 'keys'],
  ['reveal-mismatch', 'moves'],
  ['not-a-move', 'moves'],
  ['illegal-move', 'moves'],
  ['false-claim', 'moves'],
  ['rules-fault', 'moves'],
  ['desync', 'hashes'],
  ['future-step', 'hashes'],
  ['flood', 'signatures'],
  ['no-reveal', 'moves'],
  ['false-report', 'signatures'],
  ['internal', null],
];

describe('a hand halted by a seat', () => {
  it.each(CHECK_OF)('halt %s: the %s check fails, the others were not reached', async (code, failed) => {
    const { handVerdict } = await load();
    const f = follower({ halt: { code, seat: 1, detail: 'it went wrong' }, audit: null, phase: 'play' });
    const v = handVerdict(f);
    expect(v.status).toBe('fault');
    expect(v.fault).toEqual({ code, seat: 1, detail: 'it went wrong' });
    expect(v.headline).toBe('seat 2 is to blame: it went wrong');
    expect(Object.fromEntries(v.checks.map((c) => [c.key, c.ok]))).toEqual(
      Object.fromEntries(KEYS.map((k) => [k, k === failed ? false : null])),
    );
  });

  it('with no names given, the first seat is blamed as seat 1', () => {
    const halt = { code: 'desync' as const, seat: 0, detail: 'desync at step 3' };
    expect(handVerdict(follower({ halt, audit: null, phase: 'play' })).headline).toBe(
      'seat 1 is to blame: desync at step 3',
    );
    expect(
      handVerdict(follower({ audit: { clean: false, code: 'wrong-key', seat: 0, detail: 'a bad key' } })).headline,
    ).toBe('seat 1 is to blame: a bad key');
  });

  it('the headline uses the names given, and says when no seat is to blame', () => {
    const halt = { code: 'desync' as const, seat: 0, detail: 'desync at step 3' };
    expect(handVerdict(follower({ halt, audit: null, phase: 'play' }), ['Ann', 'Bo']).headline).toBe(
      'Ann is to blame: desync at step 3',
    );
    expect(handVerdict(follower({ halt: { ...halt, seat: 1 }, audit: null, phase: 'play' }), ['Ann']).headline).toBe(
      'seat 2 is to blame: desync at step 3',
    );
    expect(handVerdict(follower({ halt: { ...halt, seat: null }, audit: null, phase: 'play' }), ['Ann']).headline).toBe(
      'Fault (no seat to blame): desync at step 3',
    );
  });

  it("a halt after the hand was done: the failed check false, the audit's checks unsettled, the live ones held", () => {
    const f = follower({ halt: { code: 'bad-step', seat: 0, detail: 'x' }, audit: null, phase: 'done' });
    expect(oks(f)).toEqual({ signatures: true, shuffle: false, cards: null, keys: null, moves: null, hashes: true });
  });
});

describe('a fault found by the end-of-hand audit', () => {
  it.each([
    ['bad-disclosure', { signatures: true, shuffle: true, cards: null, keys: false, moves: null, hashes: true }],
    ['crypto-fault', { signatures: true, shuffle: true, cards: false, keys: null, moves: null, hashes: true }],
    ['illegal-move', { signatures: true, shuffle: true, cards: null, keys: null, moves: false, hashes: true }],
    ['bad-step', { signatures: true, shuffle: false, cards: null, keys: null, moves: null, hashes: true }],
  ] as [HaltCode, Record<CheckKey, boolean | null>][])(
    "audit %s: that check fails, the audit's other checks are unsettled, the live ones held",
    (code, expected) => {
      const f = follower({ audit: { clean: false, code, seat: 0, detail: 'seat 1 disclosed a bad key' } });
      const v = handVerdict(f, ['Ann', 'Bo']);
      expect(oks(f)).toEqual(expected);
      expect(v.status).toBe('fault');
      expect(v.fault).toEqual({ code, seat: 0, detail: 'seat 1 disclosed a bad key' });
      expect(v.headline).toBe('Ann is to blame: seat 1 disclosed a bad key');
    },
  );
});

describe('a hand without a result', () => {
  it('abandoned: no result, nobody blamed, nothing failed', () => {
    const f = follower({
      halt: { code: 'abandoned', seat: 1, detail: 'seat 2 left the table' },
      audit: null,
      phase: 'play',
    });
    const v = handVerdict(f);
    expect(v.status).toBe('no-result');
    expect(v.fault).toBeNull();
    // It says what was checked as the events came, up to the stop, and claims nothing of the audit.
    expect(v.headline).toMatch(/^No result: seat 2 left the table\. Up to the stop, .* the audit did not run\.$/);
    expect(v.headline).not.toMatch(/everything/i);
    expect(oks(f)).toEqual(Object.fromEntries(KEYS.map((k) => [k, true])));
    for (const check of v.checks) {
      expect(check.title).not.toMatch(/every packet opened|with all cards open|every seat contributed/);
      expect(check.how).not.toMatch(/at the end|after the hand|the audit re-ran/);
    }
    expect(v.checks.map((c) => c.key)).toEqual(KEYS);
  });

  it('abandoned after the hand was done: every check held, still no result', () => {
    const f = follower({ halt: { code: 'abandoned', seat: null, detail: 'gone' }, audit: null, phase: 'done' });
    expect(handVerdict(f).status).toBe('no-result');
    expect(handVerdict(f).headline).toBe('No result: gone. The hand was played to its end and every check held.');
    expect(oks(f)).toEqual(Object.fromEntries(KEYS.map((k) => [k, true])));
  });

  it('not finished: pending, nothing settled', () => {
    const f = follower({ audit: null, phase: 'play' });
    const v = handVerdict(f);
    expect(v.status).toBe('pending');
    expect(v.fault).toBeNull();
    expect(v.headline).toBe('Not finished: the audit runs once every seat has disclosed its secrets.');
    expect(oks(f)).toEqual(Object.fromEntries(KEYS.map((k) => [k, null])));
  });

  it('done but the audit has not run: pending, each check held', () => {
    const f = follower({ audit: null, phase: 'done' });
    expect(handVerdict(f).status).toBe('pending');
    expect(oks(f)).toEqual(Object.fromEntries(KEYS.map((k) => [k, true])));
  });

  it('a clean audit before the phase says done: pending', () => {
    expect(handVerdict(follower({ phase: 'audit' })).status).toBe('pending');
  });
});
