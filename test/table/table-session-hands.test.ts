/**
 * The hands of one table session (src/table/table-session.ts) on its own
 * mesh, with the other peers played by hand-signed envelopes: which hand a
 * page starts when it opens (seated or not, at a table that has played some),
 * how an event is routed (the current hand takes and stores it, a later or a
 * starting hand's waits in `early`, an older one is dropped, a flood is
 * refused), what the page sends of its own seats (stored first, signed by
 * the seat, heard by its other local seats,
 * sent again after a reload), a watcher that follows hand 1 from its seats'
 * readies and then the next hand once it has seen one end, a rematch (after a
 * hand played out or halted; once on a double click; again after a start
 * that failed, which is said), the idle time of a stall
 * (from the last event: a new hand's first, not a move that made none), and
 * the table's one-second clock. Real `ready` events come from seat
 * agents started here (no shuffle is ever made: a three-seat hand lacks a
 * ready); a finished hand is the session's phase read as 'done'. Fast: no
 * whole hand, seeded randomness, the clock's interval and `Date.now` injected.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { gameById } from '../../src/games/index.js';
import { keyHex, signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { Mesh } from '../../src/net/mesh.js';
import { HandSession } from '../../src/table/hand-session.js';
import { SeatAgent } from '../../src/table/hand/seat-agent.js';
import { nextSetup, type HandRecord, type HandSetup } from '../../src/table/hand/setup.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { HandRecords } from '../../src/table/table-hand-records.js';
import { peerIdFor } from '../../src/table/table-id.js';
import { testSigner } from '../helpers/signers.js';
import {
  bo,
  closeTables,
  creator,
  cy,
  from,
  join,
  table,
  TABLE,
  tableEvent,
  until,
} from '../helpers/table-session-harness.js';
import { refusal } from '../helpers/refusal.js';

type Event = EnvelopeOf<'table-event'>;

afterEach(() => {
  closeTables();
  // A test below freezes Date.now; the next must find the real clock.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const dee = testSigner(4);
const NAMES = new Map<Signer, string>([
  [creator, 'Ann'],
  [bo, 'Bo'],
  [cy, 'Cy'],
  [dee, 'Dee'],
]);
const key = (s: Signer) => keyHex(s.publicKey);
const member = (s: Signer, name = NAMES.get(s) ?? 'Bot') => ({
  key: s.publicKey,
  name,
  peerId: peerIdFor(TABLE, key(s)),
});
const config = (seats: number, game = 'stress-shed') => ({ game, seats, options: {} });
const botSigner = (secretKey: Uint8Array): Signer => ({
  publicKey: ed25519.getPublicKey(secretKey),
  sign: (m) => ed25519.sign(m, secretKey),
});

/** A store holding the creator's roster (as a reopened page finds it), and the bots this page hosts. */
async function storeWith(
  seats: (Signer | null | { key: Uint8Array; name: string; peerId: string })[],
  hands: number,
  game = 'stress-shed',
  bots: Uint8Array[] = [],
) {
  const store = new MemoryTableStore();
  const members = seats.map((s) => (s === null ? null : 'sign' in s ? member(s) : s));
  await store.saveRoster(TABLE, { version: 1, config: config(seats.length, game), seats: members, hands });
  for (const bot of bots) await store.saveBot(TABLE, bot);
  return store;
}

const setupOf = (seats: Signer[], handNo: number, previous?: HandRecord): HandSetup =>
  nextSetup({ table: TABLE, game: 'stress-shed', options: {}, seatKeys: seats.map(key) }, handNo, previous);

let seq = 10_000;
/** The real `ready` of `signer`'s seat for `setup`, made by its own seat agent. */
function readyOf(signer: Signer, setup: HandSetup, seed = 'ready'): Event {
  let out: Event | undefined;
  const session = new HandSession(
    { setup, game: gameById(setup.game)!, mySeat: setup.seatKeys.indexOf(key(signer)), rng: seededRandom(seed) },
    {
      sign: (body) => signEnvelope(signer, { kind: 'table-event', table: TABLE, seq: seq++, to: null, body }),
      keepSecrets: () => {},
      publish: (envelope) => (out ??= envelope),
      changed: () => {},
    },
  );
  session.start();
  session.dispose();
  return out!;
}

const roster = (version: number, seats: (Signer | null)[], hands: number) =>
  from(creator, 'roster', {
    version,
    config: config(seats.length),
    seats: seats.map((s) => (s ? member(s) : null)),
    hands,
  });
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const lines = (log: [string, string | undefined][]) => log.map(([line]) => line);
const held = (session: HandSession) => session.follower.pool.events().length;
/** The table events a spy on `Mesh.prototype.broadcast` saw (the mesh broadcasts its own kinds too). */
const events = (broadcast: { mock: { calls: unknown[][] } }) =>
  broadcast.mock.calls.map(([e]) => e as Event).filter((e) => e?.kind === 'table-event');

/** The creator's three-seat table with Bo and Cy seated: hand 1 runs and waits for their readies. */
async function threeSeats(extra: Parameters<typeof table>[1] = {}, how: Parameters<typeof table>[3] = {}) {
  const t = await table(3, extra, creator, how);
  t.session.receive(join(bo, 'Bo'), 'x');
  await until(() => t.session.lobby.view().seats[1]?.member !== null);
  t.session.receive(join(cy, 'Cy'), 'x');
  await until(() => t.session.current !== null);
  await until(() => held(t.session.current!.session) === 1);
  return t;
}

describe('the hand a page starts when it opens', () => {
  it('a seated page reopened at a table that has started two hands plays hand 2', async () => {
    const store = await storeWith([creator, bo, cy], 2);
    const t = await table(3, { store }, bo);
    expect(t.session.current!.handNo).toBe(1);
    expect(t.session.current!.mySeat).toBe(1);
  });

  it('a seated page does not move to a later hand when the roster says more have started', async () => {
    const store = await storeWith([creator, bo, cy], 1);
    const t = await table(3, { store }, bo);
    expect(t.session.current!.handNo).toBe(0);
    t.session.receive(roster(2, [creator, bo, cy], 3), 'x');
    await until(() => t.session.lobby.view().handsStarted === 3);
    await settle();
    expect(t.session.current!.handNo).toBe(0);
  });

  it('an unseated page at a table with a free seat and no hand started starts nothing', async () => {
    const store = await storeWith([creator, null], 0);
    const t = await table(2, { store }, dee);
    expect(t.session.history.pending).toBeNull();
    expect(t.session.current).toBeNull();
    expect(t.session.isWatching).toBe(false);
  });

  it('a game whose rules are not built is said so, and no hand starts', async () => {
    const store = await storeWith([creator, bo], 0, 'chess');
    const t = await table(2, { store });
    expect(t.log).toContainEqual(['chess cannot be played yet: its rules are not built', 'warn']);
    expect(t.session.current).toBeNull();
    expect(t.log.filter(([line]) => line.includes('begins'))).toEqual([]);
  });

  it('a page hosting a bot in a lower seat: its own seat is the current hand, both seats are local', async () => {
    const secret = new Uint8Array(32).fill(9);
    const bot = botSigner(secret);
    const store = await storeWith([creator, member(bot, 'Bot 2'), bo], 1, 'stress-shed', [secret]);
    const t = await table(3, { store }, bo);
    const current = t.session.current!;
    expect(current.localSeats).toEqual([1, 2]);
    expect(current.mySeat).toBe(2);
    expect(current.session.config.mySeat).toBe(2);
  });
});

describe('a watcher (a page without a seat) follows the table', () => {
  /** Dee's page at a table of Ann and Bo that has started `hands` hands: it waits for hand 1's readies. */
  async function unseated(hands = 2) {
    const store = await storeWith([creator, bo], hands);
    const t = await table(2, { store }, dee);
    return t;
  }
  const setup0 = () => setupOf([creator, bo], 0);

  it("starts with hand 1, not the last, and waits for its seats' readies", async () => {
    const t = await unseated(2);
    expect(t.session.history.pending).toBe(0);
    expect(t.session.current).toBeNull();
  });

  it('follows hand 1 as a watcher once its readies have come (started once), hands its changes to the records, and logs its halt', async () => {
    const keepOutcome = vi.spyOn(HandRecords.prototype, 'keepOutcome');
    const t = await unseated(2);
    t.session.receive(readyOf(creator, setup0()), 'x');
    t.session.receive(readyOf(bo, setup0()), 'x');
    await until(() => t.session.isWatching);
    await settle();
    expect(t.log.filter(([line]) => line.includes('begins'))).toEqual([
      ['hand 1 of Stress (shedding) begins: shuffling', undefined],
    ]);
    const current = t.session.current!;
    expect(current.handNo).toBe(0);
    expect(current.mySeat).toBeNull();
    expect(current.localSeats).toEqual([-1]);
    expect(held(current.session)).toBe(2);
    expect(t.session.history.pending).toBeNull();
    expect(keepOutcome).toHaveBeenCalledWith(current.session);
    // Bo sends another ready: the watcher's hand halts, and the log says so.
    t.session.receive(readyOf(bo, setup0(), 'other'), 'x');
    expect(current.session.phase).toBe('halted');
    expect(t.log.at(-1)).toEqual([expect.stringMatching(/^hand stopped: Bo — /), 'error']);
  });

  it('while hand 1 waits for readies, events of hands 2 and 3 are kept, none refused, and nothing starts', async () => {
    const t = await unseated(3);
    t.session.receive(tableEvent(bo, 2), 'x');
    t.session.receive(tableEvent(bo, 1), 'x');
    expect(t.log.filter(([, level]) => level === 'warn')).toEqual([]);
    expect(t.session.history.pending).toBe(0);
    expect(t.session.current).toBeNull();
  });

  async function watching(hands = 2) {
    const t = await unseated(hands);
    t.session.receive(readyOf(creator, setup0()), 'x');
    t.session.receive(readyOf(bo, setup0()), 'x');
    await until(() => t.session.isWatching);
    return t;
  }

  it('an event of the next hand while the watched hand runs starts nothing', async () => {
    const t = await watching();
    t.session.receive(tableEvent(bo, 1), 'x');
    expect(t.session.current!.handNo).toBe(0);
    expect(t.session.isWatching).toBe(true);
  });

  for (const phase of ['done', 'halted'] as const) {
    it(`once the watched hand is ${phase}, an event of the next hand starts it (but not one of the hand after)`, async () => {
      const t = await watching(3);
      vi.spyOn(t.session.current!.session, 'phase', 'get').mockReturnValue(phase);
      t.session.receive(tableEvent(bo, 2), 'x');
      expect(t.session.current!.handNo).toBe(0);
      t.session.receive(tableEvent(bo, 1), 'x');
      expect(t.session.current).toBeNull();
      await until(() => t.session.history.pending === 1);
    });
  }

  it('a player whose seat was freed after a halted hand follows the next hand', async () => {
    const store = await storeWith([creator, bo, cy], 1);
    const t = await table(3, { store }, bo);
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.receive(roster(2, [creator, null, cy], 1), 'x');
    await until(() => t.session.lobby.mySeat() === null);
    expect(t.session.isWatching).toBe(false);
    t.session.receive(tableEvent(dee, 1), 'x');
    expect(t.session.current).toBeNull();
  });
});

describe('events of the current hand and the next', () => {
  it("the current hand takes a seat's ready and stores it; a stranger's event is not stored; moves still wait", async () => {
    // A reloaded page (a fresh one plays live at once).
    const t = await threeSeats({}, { reopened: true });
    const setup = t.session.current!.session.config.setup;
    const ready = readyOf(bo, setup);
    t.session.receive(ready, 'x');
    expect(held(t.session.current!.session)).toBe(2);
    expect(t.session.current!.session.waiting()!.seats).toEqual([2]);
    t.session.receive(tableEvent(dee, 0), 'x');
    await vi.waitFor(async () => expect(await t.store.loadHandEvents(TABLE, 0)).toHaveLength(2));
    await settle();
    expect(await t.store.loadHandEvents(TABLE, 0)).toHaveLength(2);
    // An event is no word of which hand its author is at: a move still waits.
    expect(refusal(t.session.act({ type: 'draw' }))).toBe('catching-up');
  });

  it("a halted seated hand: an event of the next hand offers a rematch (a stranger's too) and starts nothing", async () => {
    const t = await threeSeats();
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.session.rematchOffered).toBe(false);
    t.session.receive(tableEvent(dee, 1), 'x');
    expect(t.session.current!.handNo).toBe(0);
    expect(t.session.rematchOffered).toBe(true);
  });

  it('a flood for the next hand is refused, said once', async () => {
    const t = await threeSeats();
    // Not signed (an 8 MiB signature takes long): `receive` is given verified envelopes and checks no signature.
    const small = tableEvent(bo, 1);
    const big = { ...small, body: { ...small.body, data: new Uint8Array(8 * 1024 * 1024) } } as Event;
    t.session.receive(big, 'x');
    expect(t.log.filter(([, level]) => level === 'warn')).toEqual([
      ["refused Bo's events: more than 20000 events or 8388608 bytes for hand 2", 'warn'],
    ]);
  });

  it("a refused flood for the next hand keeps nothing, so it offers no rematch (a stranger's: no seat shows a later hand)", async () => {
    const t = await threeSeats();
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    const small = tableEvent(dee, 1);
    t.session.receive({ ...small, body: { ...small.body, data: new Uint8Array(8 * 1024 * 1024) } } as Event, 'x');
    // A key that does not sit at the table draws on the budget all such keys share, and is named as one of them.
    expect(t.log.filter(([, level]) => level === 'warn').map(([line]) => line)).toEqual([
      'refused events from keys without a seat: more than 4000 events or 4194304 bytes in all for hand 2',
    ]);
    expect(t.session.rematchOffered).toBe(false);
    // The same stranger's small event is kept, and offers it.
    t.session.receive(tableEvent(dee, 1), 'x');
    expect(t.session.rematchOffered).toBe(true);
  });

  it('a double click on Rematch starts the next hand once, not the one after it too', async () => {
    const t = await threeSeats();
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.rematch();
    t.session.rematch();
    await until(() => t.session.current?.handNo === 1);
    await settle();
    expect(t.session.current!.handNo).toBe(1);
    expect(lines(t.log).filter((line) => /^hand \d+ of .* begins/.test(line))).toEqual([
      'hand 1 of Stress (shedding) begins: shuffling',
      'hand 2 of Stress (shedding) begins: shuffling',
    ]);
    // Hand 2's ready is the only event of this page for hand 2; nothing was sent for a hand 3.
    expect(events(t.sent).filter((e) => e.body.hand === 2)).toEqual([]);
  });

  it('a rematch whose start fails (its stored events cannot be read) says so and gives the hand back: the next Rematch starts that hand', async () => {
    let failReads = 0;
    class FlakyStore extends MemoryTableStore {
      override async loadHandEvents(table: string, hand: number) {
        if (hand === 1 && failReads > 0) {
          failReads--;
          throw new Error('read failed');
        }
        return super.loadHandEvents(table, hand);
      }
    }
    const t = await table(2, { store: new FlakyStore() });
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    failReads = 1;
    t.session.rematch();
    expect(t.session.stage).toEqual({ kind: 'starting', hand: 1 });
    await until(() => failReads === 0);
    await settle();
    // The table is back at hand 1, over (between hands again): Rematch may be pressed again.
    expect(t.session.stage).toEqual({ kind: 'between', hand: 0 });
    expect(t.session.current?.handNo).toBe(0);
    t.session.rematch();
    await until(() => t.session.current?.handNo === 1);
    expect(t.log).toContainEqual(['hand 2 could not start: read failed', 'error']);
    expect(lines(t.log).filter((line) => /^hand \d+ of .* begins/.test(line))).toEqual([
      'hand 1 of Stress (shedding) begins: shuffling',
      'hand 2 of Stress (shedding) begins: shuffling',
    ]);
  });

  it('a rematch after a hand played out (done, not halted) starts the next hand', async () => {
    const t = await threeSeats();
    vi.spyOn(t.session.current!.session, 'phase', 'get').mockReturnValue('done');
    t.session.rematch();
    // The next hand is being set up at once: no current hand until its sessions exist.
    expect(t.session.current).toBeNull();
    await until(() => t.session.current?.handNo === 1);
    expect(lines(t.log).filter((line) => /^hand \d+ of .* begins/.test(line))).toEqual([
      'hand 1 of Stress (shedding) begins: shuffling',
      'hand 2 of Stress (shedding) begins: shuffling',
    ]);
  });

  it('a hand played out no longer holds the seats; one still waiting does', async () => {
    const t = await threeSeats();
    expect(t.session.lobby.view().handRunning).toBe(true);
    vi.spyOn(t.session.current!.session, 'phase', 'get').mockReturnValue('done');
    expect(t.session.lobby.view().handRunning).toBe(false);
  });

  it('an event of the next hand heard twice is a change once', async () => {
    const t = await threeSeats();
    const event = tableEvent(dee, 1);
    const before = t.changes();
    t.session.receive(event, 'x');
    expect(t.changes()).toBe(before + 1);
    t.session.receive(event, 'x');
    expect(t.changes()).toBe(before + 1);
  });

  it("a rematch takes a ready that came while it started, keeps a later hand's event, asks for what it lacks; an older hand's event is dropped", async () => {
    const t = await threeSeats();
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    const setup1 = setupOf([creator, bo, cy], 1, await t.store.loadHandRecord(TABLE, 0));
    t.sent.mockClear();
    t.session.rematch();
    t.session.receive(readyOf(bo, setup1), 'x');
    t.session.receive(tableEvent(dee, 2), 'x');
    await until(() => t.session.current?.handNo === 1);
    const session = t.session.current!.session;
    expect(held(session)).toBe(2);
    expect(session.waiting()!.seats).toEqual([2]);
    expect(t.session.rematchOffered).toBe(true);
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'fetch').at(-1)).toEqual([
      'fetch',
      { hand: 1, have: { [key(creator)]: 1, [key(bo)]: 1, [key(cy)]: 0 } },
    ]);
    t.session.endHand();
    await until(() => session.phase === 'halted');
    const before = t.changes();
    t.session.receive(tableEvent(bo, 0), 'x');
    expect(t.changes()).toBe(before);
  });

  it('after a halted hand a freed seat is named "Seat N"', async () => {
    const t = await table(2);
    t.session.receive(join(bo, ''), 'x');
    await until(() => t.session.current !== null);
    expect(t.session.current!.names).toEqual(['Ann', 'Seat 2']);
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.receive(from(bo, 'leave', { rosterVersion: 1 }), 'x');
    await until(() => t.session.lobby.view().seats[1]!.member === null);
    expect(t.session.current!.names).toEqual(['Ann', 'Seat 2']);
  });
});

describe('what this page sends of its seats', () => {
  it('stores its ready and its secrets before sending it, with the seeded randomness', async () => {
    const broadcast = vi.spyOn(Mesh.prototype, 'broadcast');
    const t = await threeSeats();
    const setup = t.session.current!.session.config.setup;
    await until(() => events(broadcast).length === 1);
    const sent = events(broadcast)[0]!;
    expect(key({ publicKey: sent.from } as Signer)).toBe(key(creator));
    expect(sent.body.type).toBe('ready');
    // The ready signs the name this seat plays under, as the roster has it.
    expect(sent.body.data).toEqual({ ...(readyOf(creator, setup, 'routes').body.data as object), name: 'Ann' });
    expect(await t.store.loadHandEvents(TABLE, 0)).toHaveLength(1);
    expect(await t.store.loadHandSecrets(TABLE, 0, key(creator))).toBeDefined();
  });

  it("a hosted bot's ready is signed by the bot and heard by this page's seat (and the page's by the bot)", async () => {
    const broadcast = vi.spyOn(Mesh.prototype, 'broadcast');
    const t = await table(3);
    await t.session.addBot(1);
    await until(() => t.session.lobby.view().seats[1]?.member !== null);
    const botKey = t.session.lobby.view().seats[1]!.keyHex;
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    await until(() => events(broadcast).length === 2);
    const sent = events(broadcast);
    expect(sent.map((e) => [e.kind, keyHex(e.from), e.body.type]).sort()).toEqual(
      [
        ['table-event', key(creator), 'ready'],
        ['table-event', botKey, 'ready'],
      ].sort(),
    );
    const current = t.session.current!;
    expect(current.localSeats).toEqual([0, 1]);
    expect(current.mySeat).toBe(0);
    expect(current.session.config.mySeat).toBe(0);
    expect(held(current.session)).toBe(2);
    expect(current.session.waiting()!.seats).toEqual([2]);
  });

  it("a seat's own fault report goes out, and is not fed back to its own hand (no change after it)", async () => {
    const t = await threeSeats();
    const setup = t.session.current!.session.config.setup;
    let atSend = -1;
    const broadcast = vi.spyOn(Mesh.prototype, 'broadcast').mockImplementation((envelope) => {
      if (envelope.kind === 'table-event' && (envelope as Event).body.type === 'fault') atSend = t.changes();
    });
    t.session.receive(readyOf(bo, setup), 'x');
    t.session.receive(readyOf(bo, setup, 'other'), 'x');
    expect(t.session.current!.session.halt).toMatchObject({ code: 'equivocation', seat: 1 });
    await until(() => atSend >= 0);
    await settle();
    expect(events(broadcast).map((e) => e.body.type)).toEqual(['fault']);
    expect(t.changes()).toBe(atSend);
  });

  it("a reloaded page sends its own stored events again, not a peer's", async () => {
    const t = await threeSeats();
    const setup = t.session.current!.session.config.setup;
    t.session.receive(readyOf(bo, setup), 'x');
    await vi.waitFor(async () => expect(await t.store.loadHandEvents(TABLE, 0)).toHaveLength(2));
    const store = t.store;
    closeTables();
    const broadcast = vi.spyOn(Mesh.prototype, 'broadcast');
    const u = await table(3, { store });
    expect(u.session.current!.handNo).toBe(0);
    expect(held(u.session.current!.session)).toBe(2);
    expect(events(broadcast).map((e) => [keyHex(e.from), e.body.type])).toEqual([[key(creator), 'ready']]);
  });

  it('a reopened page the table has left behind follows it to the next hand and sends the abandon of its own', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const broadcast = vi.spyOn(Mesh.prototype, 'broadcast');
    const store = await storeWith([creator, bo, cy], 1);
    const t = await table(3, { store }, bo);
    t.session.receive(from(cy, 'fetch', { hand: 1, have: {} }), 'x');
    vi.advanceTimersByTime(3000);
    expect(t.log).toContainEqual(['the table has moved on to hand 2: joining it', undefined]);
    await until(() => events(broadcast).some((e) => e.body.type === 'abandon'));
    expect(events(broadcast).map((e) => [keyHex(e.from), e.body.hand, e.body.type])).toEqual([
      [key(bo), 0, 'ready'],
      [key(bo), 0, 'abandon'],
      [key(bo), 1, 'ready'],
    ]);
  });

  it('a save of its own event that fails for good stops the hand of that seat (seat 2)', async () => {
    class Failing extends MemoryTableStore {
      override async saveHandEvent(): Promise<void> {
        throw new Error('disk full');
      }
    }
    const store = new Failing();
    await store.saveRoster(TABLE, {
      version: 1,
      config: config(3),
      seats: [member(creator), member(bo), member(cy)],
      hands: 1,
    });
    const t = await table(3, { store, saveRetryMs: 1 }, bo);
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.session.current!.session.halt!.detail).toMatch(/could not store its ready event/);
  });

  it("a hosted bot is played by the bot, this page's seat is not", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bot = vi.fn(() => null);
    const t = await table(3, { bot, botDelayMs: 0 });
    await t.session.addBot(1);
    await until(() => t.session.lobby.view().seats[1]?.member !== null);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    // Bo says it is at this hand (the page plays live); the hand is read as in play, with a move to make.
    t.session.receive(from(bo, 'fetch', { hand: 0, have: {} }), 'x');
    vi.spyOn(HandSession.prototype, 'phase', 'get').mockReturnValue('play');
    vi.spyOn(HandSession.prototype, 'engineState', 'get').mockReturnValue({} as never);
    vi.spyOn(HandSession.prototype, 'legalActions').mockReturnValue([{ type: 'draw' }]);
    vi.advanceTimersByTime(1000);
    await until(() => bot.mock.calls.length > 0);
    expect(new Set(bot.mock.calls.map((call) => (call as unknown[])[2]))).toEqual(new Set([1]));
  });
});

describe('the clock of a hand', () => {
  it("the idle time of a stall counts from the last event, not from the table's opening", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const t = await threeSeats({ stallMs: 100 });
    const setup = t.session.current!.session.config.setup;
    now += 50_000;
    t.session.receive(readyOf(bo, setup), 'x');
    expect(t.session.current!.stalled).toBeNull();
    now += 1_000;
    expect(t.session.current!.stalled).toEqual({
      seats: [2],
      what: 'to start the hand',
      forMs: 1_000,
      gone: false,
      canEnd: true,
    });
  });

  it("a new hand's idle time counts from its start, not from the last event of the hand before", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const t = await threeSeats({ stallMs: 100 });
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    // Ten minutes on the result screen; then Rematch, and Bo's ready for hand 2 comes while it starts: hand 2 begins
    // with as many events (two) as hand 1 ended with (this page's ready and its abandon).
    now += 600_000;
    const setup1 = setupOf([creator, bo, cy], 1, await t.store.loadHandRecord(TABLE, 0));
    t.session.rematch();
    t.session.receive(readyOf(bo, setup1), 'x');
    await until(() => t.session.current?.handNo === 1 && held(t.session.current.session) === 2);
    expect(t.session.current!.stalled).toBeNull();
    now += 1_000;
    expect(t.session.current!.stalled).toEqual({
      seats: [2],
      what: 'to start the hand',
      forMs: 1_000,
      gone: false,
      canEnd: true,
    });
  });

  it("a new hand's first event is progress: its idle time counts from that event, not from the Rematch that began setting it up", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const t = await threeSeats({ stallMs: 100 });
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.rematch();
    // Five seconds pass while hand 2's set-up is read from storage; then its sessions start and this page's ready (hand
    // 2's first event, and its only one: nothing came early) is made.
    now += 5_000;
    await until(() => t.session.current?.handNo === 1 && held(t.session.current.session) === 1);
    expect(t.session.current!.stalled).toBeNull();
    now += 1_000;
    expect(t.session.current!.stalled).toEqual({
      seats: [1, 2],
      what: 'to start the hand',
      forMs: 1_000,
      gone: false,
      canEnd: true,
    });
  });

  it('a move of this page that makes no event yet (a real-time move queued for its next round) is no progress: the idle time still counts from the last event', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const t = await threeSeats({ stallMs: 100 });
    t.session.receive(readyOf(bo, t.session.current!.session.config.setup), 'x');
    // Bo says it is at this hand, so the page's moves are not held back (catching up).
    t.session.receive(from(bo, 'fetch', { hand: 0, have: {} }), 'x');
    // The seat takes the move and makes nothing yet (seat-agent.ts: a real-time move queued after this round's commit).
    vi.spyOn(SeatAgent.prototype, 'act').mockReturnValue({ ok: true, value: undefined });
    now += 1_000;
    expect(refusal(t.session.act({ type: 'draw' }))).toBeNull();
    expect(held(t.session.current!.session)).toBe(2);
    now += 1_000;
    expect(t.session.current!.stalled).toEqual({
      seats: [2],
      what: 'to start the hand',
      forMs: 2_000,
      gone: false,
      canEnd: true,
    });
  });

  it('each second, a change is told while the hand waits for a seat, not before a hand nor after it halted', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await table(3);
    let before = t.changes();
    vi.advanceTimersByTime(1000);
    expect(t.changes()).toBe(before);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.lobby.view().seats[1]?.member !== null);
    t.session.receive(join(cy, 'Cy'), 'x');
    await until(() => t.session.current !== null);
    await settle();
    before = t.changes();
    vi.advanceTimersByTime(1000);
    expect(t.changes()).toBe(before + 1);
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    await settle();
    before = t.changes();
    vi.advanceTimersByTime(1000);
    expect(t.changes()).toBe(before);
  });
});
