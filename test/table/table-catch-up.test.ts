/**
 * The table session's side of rejoin and drop-outs (table-catch-up.ts), driven
 * through its host with a fake lobby, mesh and hand sessions: which remote
 * seats' word counts for catch-up (never this page's own seat, a bot, a
 * stranger or a far-future hand), what a fetch is answered with (the current
 * hand's missing events, or an older hand from storage; nothing to a key the
 * table does not answer; never more than the asker's budget), how a page follows
 * the table to its next hand (and abandons the hand it leaves), the log lines
 * of seats that lose the connection and come back, and how "End hand" names
 * who stalled. rejoin.test.ts and rejoin-gone.deep.test.ts play the same with real hands; these run in
 * milliseconds.
 */
import { describe, expect, it } from 'vitest';
import { encodeEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { FETCH_LIMITS } from '../../src/table/fetch-budget.js';
import type { Mesh } from '../../src/net/mesh.js';
import type { Reachability } from '../../src/net/mesh-types.js';
import type { HandSession } from '../../src/table/hand-session.js';
import type { Seated } from '../../src/table/table-session-types.js';
import type { LobbyView } from '../../src/table/lobby.js';
import { TableCatchUp } from '../../src/table/table-catch-up.js';
import { FIRST_CONTACT_GRACE_MS } from '../../src/table/gone-seats.js';

const key = (byte: number) => new Uint8Array(32).fill(byte);
const hex = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
const [ME, ANN, BOB, BOT] = [1, 2, 3, 4];

interface FakeHand {
  phase: string;
  seatKeys?: string[];
  waiting?: { seats: number[]; what: string } | null;
  have?: Record<string, number>;
  events?: EnvelopeOf<'table-event'>[];
  endStalled?: boolean;
  /** The proof of equivocation the hand halted on (its second version). */
  equivocation?: EnvelopeOf<'table-event'>;
}

function fakeSession(hand: FakeHand, abandoned: string[]): HandSession {
  return {
    phase: hand.phase,
    config: { setup: { seatKeys: hand.seatKeys ?? [hex(ME), hex(ANN), hex(BOB)] } },
    waiting: () => hand.waiting ?? null,
    have: () => hand.have ?? { [hex(ANN)]: 1 },
    events: () => hand.events ?? [],
    abandon: (reason: string) => abandoned.push(reason),
    follower: {
      endStalled: () => hand.endStalled ?? false,
      equivocation: hand.equivocation ? { seat: 1, first: hand.events?.[0], second: hand.equivocation } : null,
    },
  } as unknown as HandSession;
}

const event = (from: number, n: number, size = 0) =>
  ({
    v: 1,
    kind: 'table-event',
    table: 't',
    from: key(from),
    seq: 1,
    to: null,
    body: { hand: 0, n, at: 0, hash: new Uint8Array(32), type: 'abandon', data: { reason: 'x'.repeat(size) } },
    sig: new Uint8Array(64).fill(from * 16 + n),
  }) as unknown as EnvelopeOf<'table-event'>;
/** A fetch by `from` (default a seat, Ann). */
const fetchOf = (hand: number, have: Record<string, number> = {}, from = ANN) =>
  ({ from: key(from), body: { hand, have } }) as unknown as EnvelopeOf<'fetch'>;

type SeatInit = { byte: number | null; name?: string; reach?: Reachability };

/** A page at seat 0 (Me) with Ann and Bob: the table's clock at 0, then a second later with their links as given (a silent one is gone by then). */
function linksAfterASecond(ann: Reachability, bob: Reachability) {
  const h = harness({ local: [0] });
  h.catchUp.tick(0);
  h.state.seats = [
    { byte: ME, name: 'Me', reach: 'self' },
    { byte: ANN, name: 'Ann', reach: ann },
    { byte: BOB, name: 'Bob', reach: bob },
  ];
  h.catchUp.tick(1_000);
  return h;
}

function harness(
  init: { handNo?: number; handsStarted?: number; local?: number[]; seats?: SeatInit[]; refuse?: number[] } = {},
) {
  const state = {
    nowMs: 0,
    handNo: init.handNo ?? 0,
    handsStarted: init.handsStarted ?? 1,
    starting: false,
    closed: false,
    seats: init.seats ?? [
      { byte: ME, name: 'Me', reach: 'self' },
      { byte: ANN, name: 'Ann', reach: 'direct' },
      { byte: BOB, name: 'Bob', reach: 'direct' },
      { byte: BOT, name: 'Botty', reach: 'self' },
    ],
    local: new Map<number, Seated>(),
    current: undefined as HandSession | undefined,
    stored: new Map<number, EnvelopeOf<'table-event'>[]>(),
    /** First bytes of the signatures of this page's own events not yet stored and sent (the outbox's `withheld`). */
    unsent: new Set<number>(),
  };
  const sent: [string, unknown][] = [];
  const resent: [string, EnvelopeOf<'table-event'>][] = [];
  /** The `holds` frames sent: the link, and the signatures' first bytes. */
  const holds: [string, number[]][] = [];
  const started: number[] = [];
  const logs: [string, string | undefined][] = [];
  const abandoned: string[] = [];
  const lobby = (): LobbyView =>
    ({
      seats: state.seats.map((s, seat) => ({
        seat,
        keyHex: s.byte === null ? null : hex(s.byte),
        member: s.byte === null ? null : { name: s.name ?? '' },
        isMe: s.byte === ME,
        reachability: s.byte === null ? null : (s.reach ?? 'direct'),
      })),
      handsStarted: state.handsStarted,
    }) as unknown as LobbyView;
  const catchUp = new TableCatchUp(
    {
      mesh: {
        send: (kind: string, body: unknown) => sent.push([kind, body]),
        resend: (via: string, envelope: EnvelopeOf<'table-event'>) => resent.push([via, envelope]),
        sendHolds: (via: string, events: readonly EnvelopeOf<'table-event'>[]) =>
          holds.push([via, events.map((e) => e.sig[0]!)]),
        selfKey: hex(ME),
      } as unknown as Mesh,
      now: {
        get lobby() {
          return lobby();
        },
        get seatKeys() {
          return lobby().seats.map((s) => s.keyHex);
        },
        get handsStarted() {
          return state.handsStarted;
        },
        get handNo() {
          return state.handNo;
        },
        get settingUp() {
          return state.starting;
        },
        get closed() {
          return state.closed;
        },
        get hands() {
          return state.local;
        },
        get current() {
          return state.current;
        },
      },
      isBot: (k) => k === hex(BOT),
      storedEvents: async (hand) => state.stored.get(hand) ?? [],
      startHand: (hand) => {
        started.push(hand);
        state.handNo = hand;
      },
      onLog: (line, level) => logs.push([line, level]),
      fetchRefusal: (k) => ((init.refuse ?? []).some((b) => hex(b) === k) ? 'it holds no seat' : null),
      nowMs: () => state.nowMs,
      withheld: (envelope) => state.unsent.has(envelope.sig[0]!),
    },
    0,
  );
  for (const seat of init.local ?? [0])
    state.local.set(seat, { session: fakeSession({ phase: 'playing' }, abandoned) } as Seated);
  return {
    catchUp,
    state,
    sent,
    resent,
    holds,
    started,
    logs,
    abandoned,
    session: (hand: FakeHand) => fakeSession(hand, abandoned),
  };
}

describe('whose word about the table’s hand counts', () => {
  it('a remote human seat’s fetch, with this page’s hand as the current one', () => {
    const h = harness({ handNo: 2, handsStarted: 3 });
    h.catchUp.noteShown(key(ANN), 2, true);
    expect(h.catchUp.catchUp.toldHand(hex(ANN))).toBe(2);
    expect(h.catchUp.catchUp.resuming).toBe(false);
    expect(h.catchUp.laterHandShown()).toBe(false);
  });

  it('not this page’s own seat, a bot it sees, or a key not seated', () => {
    const h = harness({ handNo: 2, handsStarted: 3 });
    for (const byte of [ME, BOT, 9]) h.catchUp.noteShown(key(byte), 3, true);
    expect(h.catchUp.catchUp.latest()).toBe(-1);
    expect(h.catchUp.laterHandShown()).toBe(false);
  });

  it('an event only shows a hand; a hand past the next one is refused', () => {
    const h = harness({ handNo: 2, handsStarted: 3 });
    h.catchUp.noteShown(key(ANN), 4, false);
    expect(h.catchUp.catchUp.latest()).toBe(-1);
    h.catchUp.noteShown(key(ANN), 3, false);
    expect(h.catchUp.catchUp.latest()).toBe(3);
    expect(h.catchUp.catchUp.toldHand(hex(ANN))).toBe(-1);
    expect(h.catchUp.laterHandShown()).toBe(true);
  });

  it('the hands started count too when this page is behind them', () => {
    const h = harness({ handNo: 0, handsStarted: 4 });
    h.catchUp.noteShown(key(BOB), 4, true);
    expect(h.catchUp.catchUp.toldHand(hex(BOB))).toBe(4);
    h.catchUp.noteShown(key(ANN), 5, true);
    expect(h.catchUp.catchUp.toldHand(hex(ANN))).toBe(-1);
    const before = harness({ handNo: -1, handsStarted: 0 });
    before.catchUp.noteShown(key(ANN), 0, true);
    before.catchUp.noteShown(key(BOB), 1, true);
    expect(before.catchUp.catchUp.toldHand(hex(ANN))).toBe(0);
    expect(before.catchUp.catchUp.toldHand(hex(BOB))).toBe(-1);
  });
});

describe('moves of a (re)opened page', () => {
  it('are held back until a remote seat of the hand said where it is; this page’s own seats do not count', () => {
    const h = harness({ local: [0] });
    const hand = h.session({ phase: 'playing' });
    expect(h.catchUp.movesBlocked(hand)).toBe(true);
    h.catchUp.noteShown(key(ANN), 1, true);
    expect(h.catchUp.movesBlocked(hand)).toBe(false);
    const alone = harness({ local: [0] });
    expect(alone.catchUp.movesBlocked(alone.session({ phase: 'playing', seatKeys: [hex(ME)] }))).toBe(false);
  });

  it('are free after the page acts', () => {
    const h = harness();
    h.catchUp.settle();
    expect(h.catchUp.catchUp.resuming).toBe(false);
    expect(h.catchUp.movesBlocked(h.session({ phase: 'playing' }))).toBe(false);
  });
});

describe('answering a fetch', () => {
  it('of the current hand: the events the asker lacks, by author and count', () => {
    const h = harness({ handNo: 2 });
    h.state.current = h.session({
      phase: 'playing',
      events: [event(ANN, 0), event(ANN, 1), event(BOB, 0), event(ME, 2)],
    });
    h.catchUp.answerFetch(fetchOf(2, { [hex(ANN)]: 1, [hex(ME)]: 2 }), 'peer-x');
    // Lowest numbers first: an answer cut short by the budget still fills each author's events from its first.
    expect(h.resent.map(([via, e]) => [via, e.from[0], e.body.n])).toEqual([
      ['peer-x', BOB, 0],
      ['peer-x', ANN, 1],
      ['peer-x', ME, 2],
    ]);
  });

  it('of the current hand: never an event of its own not yet stored and sent, asked for by count or by signature', () => {
    // A reload before the store's write lands loses the secrets the event depends on: had the event gone out, the
    // page would come back holding keys that do not match it, and an honest seat would be named.
    const h = harness({ handNo: 2 });
    const [mine0, mine1] = [event(ME, 0), event(ME, 1)];
    h.state.current = h.session({ phase: 'playing', events: [event(ANN, 0), mine0, mine1] });
    h.state.unsent.add(mine1.sig[0]!);
    const fetch = fetchOf(2, {});
    h.catchUp.answerFetch({ ...fetch, body: { ...fetch.body, want: [mine1.sig] } }, 'peer-x');
    expect(h.resent.map(([, e]) => [e.from[0], e.body.n])).toEqual([
      [ANN, 0],
      [ME, 0],
    ]);
    expect(h.holds).toEqual([['peer-x', [ANN * 16, ME * 16]]]);
    // Stored and sent, it is answered like any other.
    h.state.unsent.clear();
    h.catchUp.answerFetch(fetchOf(2, { [hex(ANN)]: 1, [hex(ME)]: 1 }), 'peer-x');
    expect(h.resent.slice(2).map(([, e]) => [e.from[0], e.body.n])).toEqual([[ME, 1]]);
  });

  it('of the current hand: also the events it names by signature (an echo told it of them), and both versions of an equivocation', () => {
    const h = harness({ handNo: 2 });
    const second = event(ANN, 0);
    h.state.current = h.session({
      phase: 'halted',
      events: [event(ANN, 0), event(BOB, 0), event(BOB, 1)],
      equivocation: { ...second, sig: new Uint8Array(64).fill(99) },
    });
    const fetch = fetchOf(2, { [hex(ANN)]: 1, [hex(BOB)]: 2 });
    h.catchUp.answerFetch({ ...fetch, body: { ...fetch.body, want: [event(BOB, 0).sig] } }, 'peer-x');
    expect(h.resent.map(([via, e]) => [via, e.from[0], e.body.n, e.sig[0]])).toEqual([
      ['peer-x', BOB, 0, BOB * 16],
      ['peer-x', ANN, 0, 99],
    ]);
  });

  it('of the current hand: gives its word on that link for the events it answers with, never for the version it does not hold', () => {
    // A copy of an event is no page's word but its author's (table-echo.ts): the answerer says in a `holds` frame
    // that it holds what it sends, so a page that lost that word with a link gets it back by asking.
    const h = harness({ handNo: 2 });
    h.state.current = h.session({
      phase: 'halted',
      events: [event(ANN, 0), event(BOB, 0), event(BOB, 1)],
      equivocation: { ...event(ANN, 0), sig: new Uint8Array(64).fill(99) },
    });
    h.catchUp.answerFetch(fetchOf(2, {}), 'peer-x');
    expect(h.resent.map(([, e]) => e.sig[0])).toContain(99);
    expect(h.holds).toEqual([['peer-x', [ANN * 16, BOB * 16, BOB * 16 + 1]]]);
  });

  it('of another hand than the current or with no session: nothing', async () => {
    const h = harness({ handNo: 2 });
    h.catchUp.answerFetch(fetchOf(2), 'p');
    h.state.current = h.session({ phase: 'playing', events: [event(ANN, 0)] });
    h.catchUp.answerFetch(fetchOf(3), 'p');
    h.state.stored.set(-1, [event(ANN, 0)]);
    h.catchUp.answerFetch(fetchOf(-1), 'p');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.resent).toEqual([]);
  });

  it('of an older hand: every stored event, unless the table closed meanwhile', async () => {
    const h = harness({ handNo: 2 });
    h.state.current = h.session({ phase: 'playing', events: [event(ANN, 0)] });
    h.state.stored.set(0, [event(BOB, 0), event(BOB, 1)]);
    h.state.stored.set(1, [event(ANN, 0)]);
    h.catchUp.answerFetch(fetchOf(0, { [hex(BOB)]: 5 }), 'late');
    h.catchUp.answerFetch(fetchOf(1), 'late');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.resent.map(([via, e]) => [via, e.from[0], e.body.n])).toEqual([
      ['late', BOB, 0],
      ['late', BOB, 1],
      ['late', ANN, 0],
    ]);
    h.resent.length = 0;
    h.catchUp.answerFetch(fetchOf(0), 'late');
    h.state.closed = true;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.resent).toEqual([]);
  });

  it('from a key the table does not answer (no seat, not an admitted watcher): nothing, and one log line per key', async () => {
    const STRANGER = 9;
    const h = harness({ handNo: 2, refuse: [STRANGER] });
    h.state.current = h.session({ phase: 'playing', events: [event(ANN, 0), event(BOB, 0)] });
    h.state.stored.set(0, [event(BOB, 0)]);
    for (let i = 0; i < 5; i++) {
      h.catchUp.answerFetch(fetchOf(2, {}, STRANGER), 'stranger');
      h.catchUp.answerFetch(fetchOf(0, {}, STRANGER), 'stranger');
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.resent).toEqual([]);
    expect(h.logs).toEqual([[`did not answer a fetch from ${hex(STRANGER).slice(0, 8)}…: it holds no seat`, 'warn']]);
  });

  it("stops at the asker's budget however often it asks, and answers again as the budget refills", () => {
    const h = harness({ handNo: 0 });
    const events = Array.from({ length: 40 }, (_, n) => event(ANN, n, 100_000));
    h.state.current = h.session({ phase: 'playing', events });
    const bytesTo = (via: string) =>
      h.resent.filter(([to]) => to === via).reduce((sum, [, e]) => sum + encodeEnvelope(e).length, 0);
    const numbersTo = (via: string) => h.resent.filter(([to]) => to === via).map(([, e]) => e.body.n);
    for (let i = 0; i < 50; i++) h.catchUp.answerFetch(fetchOf(0, {}, BOB), 'bob');
    // 40 events of ~100 kB asked 50 times (~200 MB): one burst goes out, the lowest numbers first.
    const first = numbersTo('bob');
    const size = encodeEnvelope(events[0]!).length;
    expect(first).toEqual([...Array(Math.floor(FETCH_LIMITS.burstBytes / size)).keys()]);
    const leftover = FETCH_LIMITS.burstBytes - bytesTo('bob');
    // Another key has its own budget.
    h.catchUp.answerFetch(fetchOf(0, {}, ME), 'me');
    expect(numbersTo('me')).toEqual(first);
    // Four seconds later Bob may have another 4 × rate bytes, no more, and gets the events that follow.
    h.resent.length = 0;
    h.state.nowMs = 4_000;
    for (let i = 0; i < 50; i++) h.catchUp.answerFetch(fetchOf(0, { [hex(ANN)]: first.length }, BOB), 'bob');
    expect(bytesTo('bob')).toBeLessThanOrEqual(leftover + 4 * FETCH_LIMITS.bytesPerSecond);
    expect(bytesTo('bob')).toBeGreaterThan(4 * FETCH_LIMITS.bytesPerSecond - 2 * size);
    const again = numbersTo('bob');
    expect(again).toEqual(again.map((_, i) => first.length + i));
  });
});

describe('following the table to its next hand', () => {
  it('a resumed page whose hand is over follows at once, without abandoning it', () => {
    const h = harness({ handNo: 1, handsStarted: 2 });
    h.state.current = h.session({ phase: 'done' });
    h.catchUp.noteShown(key(ANN), 2, true);
    h.catchUp.follow();
    expect(h.started).toEqual([2]);
    expect(h.logs).toEqual([['the table has moved on to hand 3: joining it', undefined]]);
    expect(h.abandoned).toEqual([]);
  });

  it('a halted hand, or no hand at all, is over too', () => {
    const halted = harness({ handNo: 1, handsStarted: 2 });
    halted.state.current = halted.session({ phase: 'halted' });
    halted.catchUp.noteShown(key(ANN), 2, true);
    halted.catchUp.follow();
    expect(halted.started).toEqual([2]);
    expect(halted.abandoned).toEqual([]);
    const none = harness({ handNo: 1, handsStarted: 2 });
    none.catchUp.noteShown(key(ANN), 2, true);
    none.catchUp.follow();
    expect(none.started).toEqual([2]);
  });

  it('a running hand waiting on a seat gone ahead: fetched once with what it has, then followed and every local seat abandons it', () => {
    const h = harness({ handNo: 1, handsStarted: 2, local: [0, 3] });
    h.state.current = h.session({
      phase: 'playing',
      waiting: { seats: [1], what: 'to play' },
      have: { [hex(BOB)]: 4 },
    });
    h.catchUp.settle();
    h.catchUp.noteShown(key(ANN), 2, true);
    h.catchUp.follow();
    expect(h.sent).toEqual([['fetch', { hand: 1, have: { [hex(BOB)]: 4 } }]]);
    expect(h.started).toEqual([]);
    h.catchUp.tick(1_000);
    expect(h.started).toEqual([]);
    h.catchUp.tick(2_000);
    expect(h.started).toEqual([2]);
    expect(h.abandoned).toEqual([
      'the table moved on to hand 3 while this page was away',
      'the table moved on to hand 3 while this page was away',
    ]);
    expect(h.sent).toHaveLength(1);
  });

  it('the owing seat is read from the hand’s own seat keys (an unknown seat owes nothing known)', () => {
    const h = harness({ handNo: 1, handsStarted: 2 });
    h.state.current = h.session({
      phase: 'playing',
      waiting: { seats: [7], what: 'to play' },
      seatKeys: [hex(ME), hex(BOB), hex(ANN)],
    });
    h.catchUp.settle();
    h.catchUp.noteShown(key(ANN), 2, true);
    h.catchUp.follow();
    expect(h.sent).toEqual([]);
    h.state.current = h.session({
      phase: 'playing',
      waiting: { seats: [2], what: 'to play' },
      seatKeys: [hex(ME), hex(BOB), hex(ANN)],
    });
    h.catchUp.follow();
    expect(h.sent).toHaveLength(1);
  });

  it('a running hand whose session has nothing to tell fetches with an empty have', () => {
    const h = harness({ handNo: 1, handsStarted: 2 });
    h.state.current = h.session({ phase: 'playing', waiting: { seats: [0], what: 'to play' }, have: undefined });
    h.state.current = { ...h.state.current, have: () => undefined } as unknown as HandSession;
    h.catchUp.noteShown(key(ANN), 2, true);
    h.catchUp.follow();
    expect(h.sent).toEqual([['fetch', { hand: 1, have: {} }]]);
  });

  it.each([
    ['while a hand is being started', (s: { starting: boolean }) => (s.starting = true)],
    ['after the table closed', (s: { closed: boolean }) => (s.closed = true)],
  ])('does nothing %s', (_, set) => {
    const h = harness({ handNo: 1, handsStarted: 2 });
    h.state.current = h.session({ phase: 'done' });
    h.catchUp.noteShown(key(ANN), 2, true);
    set(h.state as never);
    h.catchUp.follow();
    expect(h.started).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('does nothing before any hand (and follows from the first)', () => {
    const h = harness({ handNo: -1, handsStarted: 0 });
    h.catchUp.noteShown(key(ANN), 0, true);
    h.catchUp.follow();
    expect(h.started).toEqual([]);
    expect(h.sent).toEqual([]);
    const first = harness({ handNo: 0, handsStarted: 1 });
    first.state.current = first.session({ phase: 'done' });
    first.catchUp.noteShown(key(ANN), 1, true);
    first.catchUp.follow();
    expect(first.started).toEqual([1]);
  });
});

describe('seats that lose the connection', () => {
  it('are logged once as a warning by name (or seat number), and when back; this page’s own seat never', () => {
    const h = harness({
      seats: [
        { byte: ME, name: 'Me', reach: 'offline' },
        { byte: ANN, name: 'Ann', reach: 'direct' },
        { byte: BOB, name: '', reach: 'direct' },
        { byte: null },
      ],
    });
    h.catchUp.settle();
    h.catchUp.tick(1_000);
    expect(h.logs).toEqual([]);
    h.state.seats = [
      { byte: ME, name: 'Me', reach: 'offline' },
      { byte: ANN, name: 'Ann', reach: 'offline' },
      { byte: BOB, name: '', reach: 'offline' },
      { byte: null },
    ];
    h.catchUp.tick(2_000);
    expect(h.logs).toEqual([
      ['Ann has lost the connection: nothing has come from their page for a few seconds (closed or offline)', 'warn'],
      [
        'Seat 3 has lost the connection: nothing has come from their page for a few seconds (closed or offline)',
        'warn',
      ],
    ]);
    expect(h.catchUp.goneSeats()).toEqual([1, 2]);
    h.catchUp.tick(FIRST_CONTACT_GRACE_MS + 1);
    expect(h.logs).toHaveLength(2);
    h.state.seats = [
      { byte: ME, name: 'Me', reach: 'offline' },
      { byte: ANN, name: 'Ann', reach: 'relayed' },
      { byte: BOB, name: '', reach: 'offline' },
      { byte: null },
    ];
    h.catchUp.tick(FIRST_CONTACT_GRACE_MS + 2);
    expect(h.logs[2]).toEqual(['Ann is back', 'warn']);
    expect(h.catchUp.goneSeats()).toEqual([2]);
  });

  it('the table clock also counts for catch-up: a resumed page moves after MAX_BLOCKED_TICKS', () => {
    const h = harness();
    const hand = h.session({ phase: 'playing' });
    for (let i = 0; i < 9; i++) h.catchUp.tick(i);
    expect(h.catchUp.movesBlocked(hand)).toBe(true);
    h.catchUp.tick(10);
    expect(h.catchUp.movesBlocked(hand)).toBe(false);
  });

  it('a stall names only remote owing seats, gone ones first', () => {
    const h = linksAfterASecond('offline', 'direct');
    const waiting = { seats: [0, 1, 2], what: 'to choose' };
    expect(h.catchUp.stall(h.session({ phase: 'playing', waiting }), 31_000, 40_000, 30_000)).toEqual({
      seats: [1],
      what: 'to choose',
      forMs: 30_000,
      gone: true,
      canEnd: true,
    });
    expect(
      h.catchUp.stall(
        h.session({ phase: 'playing', waiting: { seats: [0], what: 'to play' } }),
        31_000,
        10 ** 7,
        30_000,
      ),
    ).toBeNull();
  });
});

describe('End hand', () => {
  it('an owed disclosure names its seat (changed); else the hand ends naming who stalled, or the player', () => {
    const h = harness({ local: [] });
    let changed = 0;
    h.state.local.set(0, { session: h.session({ phase: 'playing', endStalled: true }) } as Seated);
    h.state.local.set(2, {
      session: h.session({ phase: 'playing', waiting: { seats: [1, 2, 3, 5], what: 'to play' } }),
    } as Seated);
    h.state.local.set(3, {
      session: h.session({ phase: 'playing', waiting: { seats: [2], what: 'to play' } }),
    } as Seated);
    h.state.local.set(4, { session: h.session({ phase: 'playing', waiting: null }) } as Seated);
    h.catchUp.endHand(['Me', 'Ann', 'Bob'], () => changed++);
    expect(changed).toBe(1);
    expect(h.abandoned).toEqual([
      'nothing came from Ann, Seat 6 for too long',
      'a player ended the hand',
      'a player ended the hand',
    ]);
  });

  it('with a seat gone, names only the gone seats: a connected seat whose word is in flight did not stall the hand', () => {
    const h = linksAfterASecond('direct', 'offline');
    // This page just moved: Ann's acknowledgement is on its way, Bob's page is closed.
    h.state.local.set(0, {
      session: h.session({ phase: 'playing', waiting: { seats: [1, 2], what: 'to acknowledge' } }),
    } as Seated);
    h.catchUp.endHand(['Me', 'Ann', 'Bob'], () => {});
    expect(h.abandoned).toEqual(['nothing came from Bob for too long']);
  });
});
