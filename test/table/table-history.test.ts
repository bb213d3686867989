/**
 * What a page without a seat does with the table's history (table-history.ts),
 * driven through its host with a fake lobby, mesh and hand sessions over the
 * in-memory store: which set-up a hand it did not play gets (stored, derived
 * from the roster when it plays a seat, or found from the seats' readies),
 * when it may ask for a seat (every hand started followed to an outcome it
 * accepts), how it moves on hand by hand, when it fetches again and when it
 * refuses a halt no seat reported, and the exact words it shows while it
 * checks, waits or refuses. The whole-table versions (newcomer.test.ts) play
 * real hands; these run in milliseconds.
 */
import { describe, expect, it } from 'vitest';
import { keyHex, signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import type { Mesh } from '../../src/net/mesh.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { nextSetup, setupHash, type HandRecord, type HandSetup } from '../../src/table/hand/setup.js';
import type { LobbyView } from '../../src/table/lobby-view.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { HISTORY_PATIENCE_TICKS, TableHistory } from '../../src/table/table-history.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0123456789abcdef';
const [ann, bob, cat] = [testSigner(1), testSigner(2), testSigner(3)] as [Signer, Signer, Signer];
const [annKey, bobKey, catKey] = [ann, bob, cat].map((s) => keyHex(s.publicKey)) as [string, string, string];
const base = { table: TABLE, game: 'stress-shed', options: {} };

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

interface FakeReport {
  seat: number;
  data: { code: string; seat: number | null; detail: string };
}

/** A hand session as TableHistory reads it. */
function fakeSession(opts: {
  phase: string;
  auditResult?: object | null;
  halt?: { code: string; seat: number | null; detail: string } | null;
  reports?: FakeReport[];
  events?: number;
  have?: Record<string, number>;
  waiting?: { seats: number[]; what: string } | null;
  seatKeys?: string[];
}): HandSession {
  const halt = opts.halt ?? null;
  return {
    phase: opts.phase,
    auditResult: opts.auditResult ?? null,
    halt,
    follower: {
      halt,
      pool: { faultReports: () => opts.reports ?? [], events: () => new Array(opts.events ?? 0).fill(null) },
    },
    config: { setup: { seatKeys: opts.seatKeys ?? [annKey, bobKey, catKey] } },
    have: () => opts.have ?? { [annKey]: 3 },
    waiting: () => opts.waiting ?? null,
  } as unknown as HandSession;
}

type Seat = { key: string | null; name?: string };

function harness(
  init: {
    seats?: Seat[];
    mySeat?: number | null;
    handsStarted?: number;
    config?: boolean;
    handNo?: number;
    plays?: boolean;
  } = {},
) {
  const store = new MemoryTableStore();
  const state = {
    seats: init.seats ?? [
      { key: annKey, name: 'Ann' },
      { key: bobKey, name: 'Bob' },
      { key: catKey, name: 'Cat' },
    ],
    mySeat: init.mySeat ?? null,
    handsStarted: init.handsStarted ?? 1,
    config: init.config ?? true,
    handNo: init.handNo ?? -1,
    plays: init.plays ?? false,
    session: undefined as HandSession | undefined,
    early: new Map<number, EnvelopeOf<'table-event'>[]>(),
  };
  const sent: [string, unknown][] = [];
  const started: number[] = [];
  const logs: [string, string | undefined][] = [];
  const playsAsked: (readonly string[])[] = [];
  let asked = 0;
  const lobby = (): LobbyView =>
    ({
      table: TABLE,
      config: state.config ? { game: 'stress-shed', options: {}, seats: 3 } : null,
      seats: state.seats.map((s, seat) => ({
        seat,
        keyHex: s.key,
        member: s.key ? { name: s.name ?? '' } : null,
        isMe: false,
      })),
      mySeat: state.mySeat,
      handsStarted: state.handsStarted,
    }) as unknown as LobbyView;
  const history = new TableHistory({
    mesh: { send: (kind: string, body: unknown) => sent.push([kind, body]) } as unknown as Mesh,
    store,
    now: {
      get lobby() {
        return lobby();
      },
      get seated() {
        return state.mySeat !== null;
      },
      get handNo() {
        return state.handNo;
      },
      get current() {
        return state.session;
      },
    },
    optionsOf: () => ({}),
    playsAny: (keys) => {
      playsAsked.push(keys);
      return state.plays;
    },
    early: (hand) => state.early.get(hand) ?? [],
    startHand: (hand) => started.push(hand),
    askForSeat: () => asked++,
    onLog: (line, level) => logs.push([line, level]),
  });
  return { history, store, state, sent, started, logs, playsAsked, asked: () => asked };
}

const hand0: HandRecord = {
  setup: nextSetup({ ...base, seatKeys: [bobKey, annKey, catKey] }, 0, undefined),
  outcome: { stateHash: 'ab'.repeat(32), nextDealer: 2, carry: { s: 1 } },
};
const hand1 = nextSetup({ ...base, seatKeys: [bobKey, annKey, catKey] }, 1, hand0);

describe('the set-up of a hand this page did not play', () => {
  it('is none while the table has no configuration', async () => {
    const h = harness({ config: false });
    h.history.pending = 4;
    expect(await h.history.setupFor(0)).toBeNull();
    expect(h.history.pending).toBe(4);
    expect(h.sent).toEqual([]);
  });

  it('is the stored one when the hand has a record, without fetching or writing', async () => {
    const h = harness();
    await h.store.saveHandRecord(TABLE, 1, { setup: hand1, outcome: null });
    h.history.pending = 1;
    expect(await h.history.setupFor(1)).toEqual(hand1);
    expect(h.history.pending).toBeNull();
    expect(h.sent).toEqual([]);
    expect(h.playsAsked).toEqual([]);
  });

  it('is derived from the roster and the previous record when this page plays a seat, and stored', async () => {
    const h = harness({ plays: true });
    await h.store.saveHandRecord(TABLE, 0, hand0);
    const setup = await h.history.setupFor(1);
    const expected = nextSetup({ ...base, seatKeys: [annKey, bobKey, catKey] }, 1, hand0);
    expect(setup).toEqual(expected);
    expect(setup?.dealer).toBe(2);
    expect(h.playsAsked).toEqual([[annKey, bobKey, catKey]]);
    expect(await h.store.loadHandRecord(TABLE, 1)).toEqual({ setup: expected, outcome: null });
    expect(h.sent).toEqual([]);
    expect(h.history.pending).toBeNull();
  });

  it('the first hand derives with no previous record (dealer 1), even if a record -1 were stored', async () => {
    const h = harness({ plays: true });
    await h.store.saveHandRecord(TABLE, -1, hand0);
    expect(await h.history.setupFor(0)).toEqual(
      nextSetup({ ...base, seatKeys: [annKey, bobKey, catKey] }, 0, undefined),
    );
  });

  it('with a free seat in the roster is found from the readies even when this page plays, and stored', async () => {
    const h = harness({
      plays: true,
      seats: [{ key: null }, { key: annKey, name: 'Ann' }, { key: catKey, name: 'Cat' }],
    });
    await h.store.saveHandRecord(TABLE, 0, hand0);
    h.state.early.set(
      1,
      [cat, bob, ann].map((s) => ready(s, hand1)),
    );
    expect(await h.history.setupFor(1)).toEqual(hand1);
    expect(h.history.pending).toBeNull();
    expect(h.sent).toEqual([]);
    expect(await h.store.loadHandRecord(TABLE, 1)).toEqual({ setup: hand1, outcome: null });
    expect(h.history.problem).toBeNull();
  });

  it('waits, marks the hand pending and fetches it while a seat’s ready is missing', async () => {
    const h = harness({ plays: false });
    await h.store.saveHandRecord(TABLE, 0, hand0);
    h.state.early.set(
      1,
      [cat, bob].map((s) => ready(s, hand1)),
    );
    expect(await h.history.setupFor(1)).toBeNull();
    expect(h.history.pending).toBe(1);
    expect(h.sent).toEqual([['fetch', { hand: 1, have: {} }]]);
    expect(await h.store.loadHandRecord(TABLE, 1)).toBeUndefined();
    expect(h.history.problem).toBeNull();
    expect(h.logs).toEqual([]);
  });

  it('refuses the history for good when the readies commit to a set-up that does not follow, logged once', async () => {
    const h = harness({ plays: false });
    await h.store.saveHandRecord(TABLE, 0, hand0);
    h.state.early.set(
      1,
      [cat, bob, ann].map((s) => ready(s, { ...hand1, dealer: 0 })),
    );
    expect(await h.history.setupFor(1)).toBeNull();
    const problem =
      "the seats of hand 2 signed a set-up that does not follow from the hands before it (dealer 3, the match state carried, the previous hand's outcome) under the options the table's roster gives it";
    expect(h.history.problem).toBe(problem);
    expect(h.logs).toEqual([[`refused the table's history: ${problem}`, 'error']]);
    expect(h.history.pending).toBe(1);
    expect(h.sent).toEqual([['fetch', { hand: 1, have: {} }]]);
    // A second refusal keeps the first reason and logs nothing more.
    h.state.early.set(
      1,
      [cat, bob, ann].map((s) => ready(s, { ...hand1, dealer: 1 })),
    );
    await h.history.setupFor(1);
    expect(h.history.problem).toBe(problem);
    expect(h.logs).toHaveLength(1);
    expect(h.history.status()).toBe(`You cannot sit at this table: ${problem}`);
    expect(h.history.mayJoin()).toBe(false);
  });
});

describe('when an unseated page may ask for a seat', () => {
  it('always with a seat of its own or before any hand started', () => {
    expect(harness({ mySeat: 1, handsStarted: 3, handNo: -1 }).history.mayJoin()).toBe(true);
    expect(harness({ handsStarted: 0, handNo: -1 }).history.mayJoin()).toBe(true);
    expect(harness({ handsStarted: 1, handNo: -1 }).history.mayJoin()).toBe(false);
  });

  const halted = (code: string, reports: FakeReport[] = []) => ({
    phase: 'halted',
    halt: { code, seat: 1, detail: 'forged' },
    reports,
  });
  it.each([
    ['no session', null, false],
    ['done and audited', { phase: 'done', auditResult: { rules: {} } }, true],
    ['done, audit not in', { phase: 'done', auditResult: null }, false],
    ['still playing', { phase: 'playing' }, false],
    ['playing with a halt held', { phase: 'playing', halt: { code: 'bad-signature', seat: 1, detail: 'x' } }, false],
    ['halted without a halt', { phase: 'halted' }, false],
    ['abandoned', { phase: 'halted', halt: { code: 'abandoned', seat: null, detail: 'gone' } }, true],
    ['halted, no seat reported it', halted('bad-signature'), false],
    [
      'halted, a seat reported the same',
      halted('bad-signature', [{ seat: 0, data: { code: 'bad-signature', seat: 1, detail: 'y' } }]),
      true,
    ],
    [
      'halted, a seat reported another seat',
      halted('bad-signature', [{ seat: 0, data: { code: 'bad-signature', seat: 2, detail: 'y' } }]),
      false,
    ],
    [
      'halted, a seat reported another code',
      halted('bad-signature', [{ seat: 0, data: { code: 'bad-proof', seat: 1, detail: 'y' } }]),
      false,
    ],
  ])('after the last hand started: %s → %s', (_, session, may) => {
    const h = harness({ handsStarted: 2, handNo: 1 });
    h.state.session = session ? fakeSession(session as Parameters<typeof fakeSession>[0]) : undefined;
    expect(h.history.mayJoin()).toBe(may);
    h.history.afterChange();
    expect(h.asked()).toBe(may ? 1 : 0);
    expect(h.started).toEqual([]);
  });

  it('not after a refusal, even when the last hand followed is accepted', async () => {
    const h = harness({ handsStarted: 1, handNo: 0 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    expect(h.history.mayJoin()).toBe(true);
    await h.store.saveHandRecord(TABLE, 0, hand0);
    h.state.early.set(
      1,
      [cat, bob, ann].map((s) => ready(s, { ...hand1, dealer: 0 })),
    );
    await h.history.setupFor(1);
    expect(h.history.mayJoin()).toBe(false);
  });

  it('not while an earlier hand is followed, however it ended', () => {
    const h = harness({ handsStarted: 3, handNo: 1 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    expect(h.history.mayJoin()).toBe(false);
  });
});

describe('moving on through the history', () => {
  it('starts the next hand when the one followed is accepted and later ones were started', () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    h.history.afterChange();
    expect(h.started).toEqual([1]);
    expect(h.asked()).toBe(0);
  });

  it('asks for a seat once per hand when caught up, again after a later hand', () => {
    const h = harness({ handsStarted: 1, handNo: 0 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    h.history.afterChange();
    h.history.afterChange();
    expect(h.asked()).toBe(1);
    h.state.handsStarted = 2;
    h.state.handNo = 1;
    h.history.afterChange();
    expect(h.asked()).toBe(2);
    expect(h.started).toEqual([]);
  });

  it('asks after hand 3 too (no hand number is taken as asked already)', () => {
    const h = harness({ handsStarted: 3, handNo: 2 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    h.history.afterChange();
    expect(h.asked()).toBe(1);
  });

  it.each([
    ['a seat of its own', { mySeat: 0 }],
    ['no hand started yet on this page', { handNo: -1 }],
  ])('does nothing with %s', (_, init) => {
    const h = harness({ handsStarted: 2, handNo: 0, ...init });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    h.history.afterChange();
    expect(h.started).toEqual([]);
    expect(h.asked()).toBe(0);
  });

  it('does nothing while a set-up is pending or after a refusal', async () => {
    const h = harness({ handsStarted: 1, handNo: 0 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    h.history.pending = 0;
    h.history.afterChange();
    expect(h.asked()).toBe(0);
    h.history.pending = null;
    await h.store.saveHandRecord(TABLE, 0, hand0);
    h.state.early.set(
      1,
      [cat, bob, ann].map((s) => ready(s, { ...hand1, dealer: 0 })),
    );
    await h.history.setupFor(1);
    h.history.pending = null;
    h.history.afterChange();
    expect(h.asked()).toBe(0);
  });
});

describe('the clock of an unseated page', () => {
  it('fetches the followed hand again every fifth tick without progress, with what it has', () => {
    const h = harness({ handsStarted: 2, handNo: 0 });
    h.state.session = fakeSession({ phase: 'playing', events: 4, have: { [annKey]: 2 } });
    for (let i = 0; i < 5; i++) h.history.tick();
    expect(h.sent).toEqual([]);
    h.history.tick();
    expect(h.sent).toEqual([['fetch', { hand: 0, have: { [annKey]: 2 } }]]);
    for (let i = 0; i < 4; i++) h.history.tick();
    expect(h.sent).toHaveLength(1);
    h.history.tick();
    expect(h.sent).toHaveLength(2);
  });

  it('progress (another count of events held, another hand) restarts the count', () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    h.state.session = fakeSession({ phase: 'playing', events: 4 });
    for (let i = 0; i < 5; i++) h.history.tick();
    h.state.session = fakeSession({ phase: 'playing', events: 5 });
    for (let i = 0; i < 5; i++) h.history.tick();
    expect(h.sent).toEqual([]);
    h.state.handNo = 1;
    for (let i = 0; i < 5; i++) h.history.tick();
    expect(h.sent).toEqual([]);
    h.history.tick();
    expect(h.sent).toEqual([['fetch', { hand: 1, have: { [annKey]: 3 } }]]);
  });

  it('a pending set-up is fetched with nothing held (with the later hands), counting the readies held early', () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {}, events: 9, have: { [annKey]: 7 } });
    h.history.pending = 1;
    h.state.early.set(1, [ready(ann, hand1)]);
    for (let i = 0; i < 5; i++) h.history.tick();
    h.state.early.set(1, [ready(ann, hand1), ready(bob, hand1)]);
    for (let i = 0; i < 5; i++) h.history.tick();
    expect(h.sent).toEqual([]);
    h.history.tick();
    // And every later hand started: its readies may show the pending hand was called off (history-setup.ts).
    expect(h.sent).toEqual([
      ['fetch', { hand: 1, have: {} }],
      ['fetch', { hand: 2, have: {} }],
    ]);
  });

  it.each([0, 1, 2, 3])('the first fetch of hand %i with nothing held comes on the sixth tick', (hand) => {
    const h = harness({ handsStarted: 5, handNo: hand });
    for (let i = 0; i < 5; i++) h.history.tick();
    expect(h.sent).toEqual([]);
    h.history.tick();
    expect(h.sent).toEqual([['fetch', { hand, have: {} }]]);
  });

  it('with no session fetches an empty have, and before any hand nothing', () => {
    const h = harness({ handsStarted: 1, handNo: 0 });
    for (let i = 0; i < 6; i++) h.history.tick();
    expect(h.sent).toEqual([['fetch', { hand: 0, have: {} }]]);
    const none = harness({ handsStarted: 1, handNo: -1 });
    for (let i = 0; i < 11; i++) none.history.tick();
    expect(none.sent).toEqual([]);
  });

  it('is silent on a seated page or after a refusal', async () => {
    const h = harness({ handsStarted: 2, handNo: 0, mySeat: 2 });
    for (let i = 0; i < 11; i++) h.history.tick();
    expect(h.sent).toEqual([]);
    const r = harness({ handsStarted: 2, handNo: 0 });
    await r.store.saveHandRecord(TABLE, 0, hand0);
    r.state.early.set(
      1,
      [cat, bob, ann].map((s) => ready(s, { ...hand1, dealer: 0 })),
    );
    await r.history.setupFor(1);
    r.sent.length = 0;
    for (let i = 0; i < 11; i++) r.history.tick();
    expect(r.sent).toEqual([]);
  });

  it('moves on after a fetch tick when the hand followed is accepted', () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    h.state.session = fakeSession({ phase: 'done', auditResult: {} });
    for (let i = 0; i < 5; i++) h.history.tick();
    expect(h.started).toEqual([]);
    h.history.tick();
    expect(h.started).toEqual([1]);
  });

  const haltedHand = (seat: number | null, seatKeys?: string[]) =>
    fakeSession({
      phase: 'halted',
      halt: { code: 'bad-signature', seat, detail: 'signed two events with number 4' },
      events: 7,
      ...(seatKeys ? { seatKeys } : {}),
    });
  it('refuses a halt no seat reported after the patience, naming the seat by name', () => {
    const h = harness({ handsStarted: 2, handNo: 1 });
    h.state.session = haltedHand(1);
    for (let i = 0; i < HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.problem).toBeNull();
    expect(h.history.status()).toBe('Checking the hands played so far (hand 2 of 2) before you can sit');
    h.history.tick();
    const problem =
      "hand 2, as the seats' events show it, does not hold up: Bob (seat 2) — signed two events with number 4 (bad-signature), and no seat of that hand reported it";
    expect(h.history.problem).toBe(problem);
    expect(h.logs).toEqual([[`refused the table's history: ${problem}`, 'error']]);
    expect(h.asked()).toBe(0);
  });

  it.each([
    [null, undefined, 'nobody'],
    [1, undefined, 'Bob (seat 2)'],
    [0, [bobKey, annKey, catKey], 'Bob (seat 1)'],
    [2, [annKey, bobKey, 'ee'.repeat(32)], 'seat 3 (key eeeeeeee…)'],
    [3, undefined, 'seat 4 (key ?…)'],
  ])('names the halted seat %s as %s', (seat, seatKeys, named) => {
    const h = harness({
      handsStarted: 1,
      handNo: 0,
      seats: [{ key: annKey, name: 'Ann' }, { key: bobKey, name: 'Bob' }, { key: null }],
    });
    h.state.session = haltedHand(seat, seatKeys);
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.problem).toBe(
      `hand 1, as the seats' events show it, does not hold up: ${named} — signed two events with number 4 (bad-signature), and no seat of that hand reported it`,
    );
  });

  it('a seat without a name is named by its key', () => {
    const h = harness({
      handsStarted: 1,
      handNo: 0,
      seats: [
        { key: annKey, name: '' },
        { key: bobKey, name: 'Bob' },
      ],
    });
    h.state.session = haltedHand(0);
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.problem).toContain(`: seat 1 (key ${annKey.slice(0, 8)}…) — `);
  });

  it('does not refuse a halt a seat reported, an abandoned hand, or while a set-up is pending', () => {
    const reported = harness({ handsStarted: 2, handNo: 1 });
    reported.state.session = fakeSession({
      phase: 'halted',
      halt: { code: 'bad-signature', seat: 1, detail: 'd' },
      reports: [{ seat: 2, data: { code: 'bad-signature', seat: 1, detail: 'd' } }],
    });
    const abandoned = harness({ handsStarted: 2, handNo: 1 });
    abandoned.state.session = fakeSession({ phase: 'halted', halt: { code: 'abandoned', seat: null, detail: 'd' } });
    const pending = harness({ handsStarted: 2, handNo: 1 });
    pending.state.session = haltedHand(1);
    pending.history.pending = 1;
    for (const h of [reported, abandoned, pending]) {
      for (let i = 0; i < 3 * HISTORY_PATIENCE_TICKS; i++) h.history.tick();
      expect(h.history.problem).toBeNull();
    }
    expect(reported.asked()).toBe(1);
  });
});

describe('what an unseated page shows about the history', () => {
  it('nothing when seated, before any hand, or when it may sit', () => {
    expect(harness({ mySeat: 0, handsStarted: 2, handNo: -1 }).history.status()).toBeNull();
    expect(harness({ handsStarted: 0 }).history.status()).toBeNull();
    const caught = harness({ handsStarted: 1, handNo: 0 });
    caught.state.session = fakeSession({ phase: 'done', auditResult: {} });
    expect(caught.history.status()).toBeNull();
  });

  it('checking, from hand 1 before any hand is followed', () => {
    const h = harness({ handsStarted: 3, handNo: -1 });
    expect(h.history.status()).toBe('Checking the hands played so far (hand 1 of 3) before you can sit');
    h.state.handNo = 1;
    expect(h.history.status()).toBe('Checking the hands played so far (hand 2 of 3) before you can sit');
  });

  it('a pending set-up, after the patience: how many seats’ set-ups have come', async () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    await h.store.saveHandRecord(TABLE, 0, hand0);
    h.state.early.set(
      1,
      [cat, bob].map((s) => ready(s, hand1)),
    );
    await h.history.setupFor(1);
    for (let i = 0; i < HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.status()).toBe('Checking the hands played so far (hand 2 of 3) before you can sit');
    h.history.tick();
    expect(h.history.status()).toBe(
      "Checking the hands played so far (hand 2 of 3) before you can sit: hand 2 is incomplete — 2 of 3 seats' set-ups have come",
    );
  });

  it('a pending set-up with no search yet counts no readies', () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    h.history.pending = 2;
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.status()).toBe(
      "Checking the hands played so far (hand 3 of 3) before you can sit: hand 3 is incomplete — 0 of 3 seats' set-ups have come",
    );
  });

  it('a hand followed that stops: the seats it waits for, by name', () => {
    const h = harness({ handsStarted: 2, handNo: 0 });
    h.state.session = fakeSession({ phase: 'playing', events: 3, waiting: { seats: [1, 2], what: 'to play' } });
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.status()).toBe(
      'Checking the hands played so far (hand 1 of 2) before you can sit: hand 1 is incomplete or still being played — waiting for Bob (seat 2), Cat (seat 3)',
    );
  });

  it('a pending set-up after the table lost its configuration: of ? seats', () => {
    const h = harness({ handsStarted: 3, handNo: 0 });
    h.history.pending = 2;
    h.state.config = false;
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.status()).toBe(
      "Checking the hands played so far (hand 3 of 3) before you can sit: hand 3 is incomplete — 0 of ? seats' set-ups have come",
    );
  });

  it('a hand followed that owes nothing known: its events', () => {
    const h = harness({ handsStarted: 2, handNo: 0 });
    h.state.session = fakeSession({ phase: 'playing', events: 3, waiting: null });
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.status()).toBe(
      'Checking the hands played so far (hand 1 of 2) before you can sit: hand 1 is incomplete or still being played — waiting for its events',
    );
  });

  it('a hand followed that stops with nobody owing: its events', () => {
    const h = harness({ handsStarted: 2, handNo: 0 });
    h.state.session = fakeSession({ phase: 'playing', events: 3, waiting: { seats: [], what: 'x' } });
    for (let i = 0; i <= HISTORY_PATIENCE_TICKS; i++) h.history.tick();
    expect(h.history.status()).toBe(
      'Checking the hands played so far (hand 1 of 2) before you can sit: hand 1 is incomplete or still being played — waiting for its events',
    );
    h.state.session = undefined;
    for (let i = 0; i < HISTORY_PATIENCE_TICKS + 1; i++) h.history.tick();
    expect(h.history.status()).toBe(
      'Checking the hands played so far (hand 1 of 2) before you can sit: hand 1 is incomplete or still being played — waiting for its events',
    );
  });
});
