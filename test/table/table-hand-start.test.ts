/**
 * Starting a table's hands (table-hand-start.ts), with the starter built from
 * plain values: a lobby view and roster read through getters, the in-memory
 * store, real hand sessions, and callbacks that record what it decides. A
 * seated page starts its first hand only once every seat is taken, with one
 * session per seat it plays (its person's, and a bot's it hosts, each signing
 * its ready as its own key); a page without a seat follows the table from its
 * first hand as a watcher; a page reopened after the table started a hand it
 * never started opens at that hand, unless the seats or options changed while
 * it was away (then at the last hand it has, to show the change); a game whose
 * rules are not built, or a set-up that cannot be read, starts nothing and a
 * failed start can be tried again; a hand is not started twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keyHex, signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import type { Roster } from '../../src/net/messages.js';
import { EarlyEvents } from '../../src/table/early-events.js';
import { nextSetup, type HandSetup } from '../../src/table/hand/setup.js';
import type { LobbyView } from '../../src/table/lobby-view.js';
import { HandStarter, type HandStartHost } from '../../src/table/table-hand-start.js';
import { WATCHING_SEAT } from '../../src/table/table-watchers.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0123456789abcdef';
const [ann, bob, cat, dan] = [testSigner(1), testSigner(2), testSigner(3), testSigner(4)];
const hex = (signer: Signer) => keyHex(signer.publicKey);
const NAMES = new Map([ann, bob, cat, dan].map((s, i) => [hex(s), ['Ann', 'Bob', 'Cat', 'Dan'][i]!]));

interface State {
  /** The roster's seats (null: free). */
  seats: (Signer | null)[];
  mySeat: number | null;
  handsStarted: number;
  game: string;
  /** The newest roster's options (its seats are `seats`). */
  options: Record<string, string | number | boolean>;
}

function harness(init: Partial<State> & { bots?: Signer[]; setupFor?: (hand: number) => Promise<HandSetup | null> }) {
  const state: State = {
    seats: [ann, bob, cat],
    mySeat: 0,
    handsStarted: 0,
    game: 'stress-shed',
    options: {},
    ...init,
  };
  const store = new MemoryTableStore();
  const early = new Map<number, EarlyEvents>();
  const seatKeys = () => state.seats.map((s) => (s ? hex(s) : null));
  const roster = (): Roster => ({
    version: 3,
    hands: state.handsStarted,
    config: { game: state.game, seats: state.seats.length, options: state.options },
    seats: state.seats.map((s) => (s ? { key: s.publicKey, name: NAMES.get(hex(s))!, peerId: hex(s) } : null)),
  });
  const lobby = (): LobbyView =>
    ({
      table: TABLE,
      config: { game: state.game, seats: state.seats.length, options: state.options },
      seats: state.seats.map((s, seat) => ({
        seat,
        keyHex: s ? hex(s) : null,
        member: s ? { name: NAMES.get(hex(s)) } : null,
      })),
      mySeat: state.mySeat,
      handsStarted: state.handsStarted,
    }) as unknown as LobbyView;
  const seen = {
    newHand: [] as number[],
    setupsAsked: [] as number[],
    signedBy: [] as string[],
    published: [] as EnvelopeOf<'table-event'>[],
    sent: [] as [string, unknown][],
    logs: [] as [string, string | undefined][],
    echoed: [] as (readonly string[])[],
    secretsKept: [] as [number, number, string][],
  };
  const bots = new Map((init.bots ?? []).map((s) => [hex(s), s]));
  const host: HandStartHost = {
    now: {
      table: TABLE,
      get lobby() {
        return lobby();
      },
      get mySeat() {
        return state.mySeat;
      },
      get roster() {
        return roster();
      },
      awaitedSetup: null,
    },
    store,
    mesh: {
      broadcast: () => {},
      send: (kind: string, body: unknown) => {
        seen.sent.push([kind, body]);
        return undefined;
      },
    } as unknown as HandStartHost['mesh'],
    signer: ann,
    options: { onLog: (line, level) => seen.logs.push([line, level]) },
    early,
    botSigner: (key) => bots.get(key),
    recordSaved: () => Promise.resolve(),
    setupFor:
      init.setupFor ??
      (async (hand) => {
        seen.setupsAsked.push(hand);
        const keys = seatKeys().filter((k) => k !== null);
        return nextSetup({ table: TABLE, game: state.game, options: state.options, seatKeys: keys }, hand, undefined);
      }),
    storedEvents: async () => [],
    copyWord: () => [],
    newHand: (hand) => seen.newHand.push(hand),
    loadResults: () => {},
    keepSecrets: (seat, hand, key) => seen.secretsKept.push([seat, hand, key]),
    signAs: (signer, body) => {
      seen.signedBy.push(hex(signer));
      return signEnvelope(signer, { kind: 'table-event', table: TABLE, seq: body.n + 1, to: null, body });
    },
    publish: (envelope) => seen.published.push(envelope),
    echoTaken: (_envelopes, keys) => seen.echoed.push(keys),
    changed: () => {},
  };
  const starter = new HandStarter(host);
  started.push(starter);
  return { starter, state, store, early, seen };
}

const started: HandStarter[] = [];
afterEach(() => {
  for (const starter of started.splice(0)) for (const { session } of starter.hands.values()) session.dispose();
});

/** The readies published, by author (hex). */
const readies = (seen: { published: EnvelopeOf<'table-event'>[] }) =>
  seen.published.filter((e) => e.body.type === 'ready').map((e) => keyHex(e.from));

describe('the first hand of a seated page', () => {
  it('does not start while a seat is free, and starts hand 1 once every seat is taken', async () => {
    const h = harness({ seats: [ann, bob, null] });
    await h.starter.maybeStart();
    expect(h.starter.handNo).toBe(-1);
    expect(h.starter.phase).toEqual({ kind: 'seating' });
    expect(h.starter.hands.size).toBe(0);
    expect(h.seen.newHand).toEqual([]);
    expect(h.seen.sent).toEqual([]);

    h.state.seats = [ann, bob, cat];
    await h.starter.maybeStart();
    expect(h.starter.handNo).toBe(0);
    expect(h.starter.phase).toEqual({ kind: 'at', hand: 0 });
    expect(h.seen.newHand).toEqual([0]);
    expect([...h.starter.hands.keys()]).toEqual([0]);
    expect(h.starter.current()?.session.config.setup.seatKeys).toEqual([ann, bob, cat].map(hex));
    expect(readies(h.seen)).toEqual([hex(ann)]);
    expect(h.seen.echoed).toEqual([[ann, bob, cat].map(hex)]);
    expect(h.seen.sent.map(([kind, body]) => [kind, (body as { hand: number }).hand])).toEqual([['fetch', 0]]);
    expect(h.seen.logs).toContainEqual(['hand 1 of Stress (shedding) begins: shuffling', undefined]);
  });

  it('plays every seat whose key this page holds: its person’s and a hosted bot’s, each signing as itself', async () => {
    const h = harness({ seats: [bob, ann, cat], mySeat: 1, bots: [bob] });
    await h.starter.maybeStart();
    expect([...h.starter.hands].map(([seat, s]) => [seat, hex(s.signer), s.bot])).toEqual([
      [0, hex(bob), true],
      [1, hex(ann), false],
    ]);
    // The session shown (and told by the log) is this person's, not the first seat's.
    expect(h.starter.current()).toBe(h.starter.hands.get(1));
    expect(h.starter.current()?.session.config.narrated).toBe(true);
    expect(h.starter.hands.get(0)?.session.config.narrated).toBeUndefined();
    expect(new Set(readies(h.seen))).toEqual(new Set([hex(bob), hex(ann)]));
    expect(new Set(h.seen.signedBy)).toEqual(new Set([hex(bob), hex(ann)]));
    expect(new Set(h.seen.secretsKept.map(([seat, hand, key]) => `${seat}/${hand}/${key}`))).toEqual(
      new Set([`0/0/${hex(bob)}`, `1/0/${hex(ann)}`]),
    );
  });

  it.each([
    ['the same seats and options', 'that hand', [ann, bob, cat], {}, 1],
    ['a seat that changed hands while it was away', 'the hand before, to show the change', [ann, bob, dan], {}, 0],
    [
      'an option changed while it was away',
      'the hand before, to show the change',
      [ann, bob, cat],
      { voluntaryPickup: true },
      0,
    ],
  ] as const)(
    'a page reopened after the table started a hand it never started, with %s, opens at %s',
    async (_case, _where, seats, options, opens) => {
      const h = harness({ seats: [...seats], handsStarted: 2, options });
      const hand0 = nextSetup(
        { table: TABLE, game: 'stress-shed', options: {}, seatKeys: [ann, bob, cat].map(hex) },
        0,
        undefined,
      );
      await h.store.saveHandRecord(TABLE, 0, { setup: hand0, outcome: null });
      await h.starter.maybeStart();
      expect(h.starter.handNo).toBe(opens);
      expect(h.seen.setupsAsked).toEqual([opens]);
    },
  );

  it('a reopened page that started the latest hand itself opens at it, whatever changed since', async () => {
    const h = harness({ seats: [ann, bob, dan], handsStarted: 2 });
    const keys = [ann, bob, cat].map(hex);
    const hand0 = nextSetup({ table: TABLE, game: 'stress-shed', options: {}, seatKeys: keys }, 0, undefined);
    await h.store.saveHandRecord(TABLE, 0, { setup: hand0, outcome: null });
    await h.store.saveHandRecord(TABLE, 1, {
      setup: nextSetup({ ...hand0, seatKeys: keys }, 1, undefined),
      outcome: null,
    });
    await h.starter.maybeStart();
    expect(h.starter.handNo).toBe(1);
  });
});

describe('a page without a seat', () => {
  it('follows a table that has started hands from its first hand, as a watcher that plays no seat', async () => {
    const h = harness({ seats: [bob, cat, dan], mySeat: null, handsStarted: 3 });
    await h.starter.maybeStart();
    expect(h.starter.handNo).toBe(0);
    expect([...h.starter.hands.keys()]).toEqual([WATCHING_SEAT]);
    expect(h.seen.published).toEqual([]);
    expect(h.seen.secretsKept).toEqual([]);
    expect(h.seen.sent.map(([kind, body]) => [kind, (body as { hand: number }).hand])).toEqual([['fetch', 0]]);
  });

  it('starts nothing at a table that has started no hand', async () => {
    const h = harness({ seats: [bob, cat, null], mySeat: null });
    await h.starter.maybeStart();
    expect(h.starter.handNo).toBe(-1);
    expect(h.seen.newHand).toEqual([]);
  });
});

describe('a hand that cannot start', () => {
  it('whose game has no rules built here: said, and no session is made', async () => {
    const h = harness({ game: 'no-such-game' });
    await h.starter.start(0);
    expect(h.seen.logs).toEqual([['no-such-game cannot be played yet: its rules are not built', 'warn']]);
    // The table is at that hand, with no session of it: a later hand may still start.
    expect(h.starter.handNo).toBe(0);
    expect(h.starter.hands.size).toBe(0);
    expect(h.starter.game).toBeNull();
    expect(h.seen.newHand).toEqual([]);
  });

  it('whose set-up cannot be read: said and undone, so the same hand can be started again', async () => {
    let fail = true;
    const h = harness({
      setupFor: async (hand) => {
        if (fail) throw new Error('disk gone');
        return nextSetup(
          { table: TABLE, game: 'stress-shed', options: {}, seatKeys: [ann, bob, cat].map(hex) },
          hand,
          undefined,
        );
      },
    });
    await h.starter.start(0);
    expect(h.seen.logs).toContainEqual(['hand 1 could not start: disk gone', 'error']);
    expect(h.starter.handNo).toBe(-1);
    expect(h.starter.phase).toEqual({ kind: 'seating' });
    expect(h.starter.game).toBeNull();
    fail = false;
    await h.starter.start(0);
    expect(h.starter.handNo).toBe(0);
    expect([...h.starter.hands.keys()]).toEqual([0]);
  });
});

describe('a hand started', () => {
  it('is not started again, nor an earlier one', async () => {
    const h = harness({});
    await h.starter.start(1);
    await h.starter.start(1);
    await h.starter.start(0);
    expect(h.seen.newHand).toEqual([1]);
    expect(h.starter.handNo).toBe(1);
  });

  it('takes the events kept for it and drops those of it and earlier hands, keeping a later hand’s', async () => {
    const h = harness({});
    for (const hand of [0, 1, 2]) h.early.set(hand, new EarlyEvents());
    await h.starter.start(1);
    expect([...h.early.keys()]).toEqual([2]);
  });
});
