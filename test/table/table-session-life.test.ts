/**
 * The life of a table session (src/table/table-session.ts) on one peer, with
 * the other peers played by hand-signed envelopes (test/helpers/table-session-harness.ts):
 * what its own first event does (stored, sent, the clock of progress that
 * `stalled` reads), a store that holds a write back or fails it (nothing is
 * sent after close; a failed write stops only its own hand), which fetches
 * let a reopened page move (a remote seat's, not a hosted bot's), a move
 * refused while catching up, the table moving on to the next hand, an old
 * hand fetched before and after close, a halt found after close (no report
 * of ours), fault reports (a peer's shown, our own not), a page that is not
 * the creator's (seated in seat 2: it says so and asks again; unseated: it
 * waits for the seats' readies and follows nobody while it does, follows a
 * stored hand the creator ended, then asks for a seat or moves on to the
 * next hand), a bot that may not replace a present player, (the whole hand with a hosted bot is in
 * table-session-whole-hand.test.ts: it costs seconds, which every mutant it
 * covers would pay in the mutation run). Clocks are moved by hand (Date.now, the table clock via
 * fake setInterval); seeds are fixed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { decodeEnvelope, keyHex, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { hashBytes } from '../../src/table/hand/seat-agent.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { peerIdFor } from '../../src/table/table-id.js';
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

afterEach(() => {
  closeTables();
  // The unit project shares globals between files: a moved Date.now must not outlive its test.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

type Table = Awaited<ReturnType<typeof table>>;

/** A page opened here before (a reload): it waits to hear which hand the table is at. */
const REOPENED = { reopened: true } as const;
const CATCHING_UP = 'catching-up';
const boPeer = peerIdFor(TABLE, keyHex(bo.publicKey));

/** The table clock (setInterval, once a second) fires when the test says: `tick()`. */
function manualClock(): void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
}
function tick(times = 1): void {
  for (let i = 0; i < times; i++) vi.advanceTimersByTime(1000);
}

/** Date.now, moved forward by hand. */
function movableNow() {
  const real = Date.now.bind(Date);
  let offset = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
  return { forward: (ms: number) => (offset += ms) };
}

async function started(extra: Parameters<typeof table>[1] = {}, how: Parameters<typeof table>[3] = {}): Promise<Table> {
  const t = await table(2, extra, creator, how);
  t.session.receive(join(bo, 'Bo'), 'x');
  await until(() => t.session.current !== null);
  return t;
}

/** The events the mesh broadcast, by type. */
function broadcastTypes(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.flatMap(([envelope]) => {
    const e = envelope as { kind: string; body: { type: string } };
    return e.kind === 'table-event' ? [e.body.type] : [];
  });
}

const member = (signer: Signer, name: string) => ({
  key: signer.publicKey,
  name,
  peerId: peerIdFor(TABLE, keyHex(signer.publicKey)),
});
const roster = (version: number, seats: (ReturnType<typeof member> | null)[], hands: number) =>
  from(creator, 'roster', { version, config: { game: 'stress-shed', seats: seats.length, options: {} }, seats, hands });
const fetchOf = (signer: Signer, hand: number) => from(signer, 'fetch', { hand, have: {} });
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("this page's first event of a hand", () => {
  it('is stored and broadcast', async () => {
    const t = await table(2);
    const sent = vi.spyOn(t.mesh, 'broadcast');
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    await vi.waitFor(async () => expect(await t.store.loadHandEvents(TABLE, 0)).toHaveLength(1));
    await vi.waitFor(() => expect(broadcastTypes(sent)).toEqual(['ready']));
  });

  it("counts as progress: `stalled` measures idleness from the hand's start, against the stallMs given", async () => {
    const now = movableNow();
    const t = await table(2, { stallMs: 1000 });
    now.forward(5000);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    // Just started (its own ready is progress): Bo is only thinking.
    expect(t.session.current!.stalled).toBeNull();
    now.forward(4500);
    // Four turn timers of 1000 ms without anything from Bo: slow, and the hand may be ended.
    expect(t.session.current!.stalled).toMatchObject({
      seats: [1],
      gone: false,
      canEnd: true,
      what: 'to start the hand',
    });
  });
});

describe('the table clock and the page', () => {
  it('announces nothing each second while a seat only thinks; each second once it has stalled', async () => {
    manualClock();
    const now = movableNow();
    const t = await started({ stallMs: 1000 });
    await flush();
    tick(2);
    const thinking = t.changes();
    // Bo thinks for three more seconds, under the four turn timers after which a hand counts as stalled.
    for (let i = 0; i < 3; i++) {
      now.forward(1000);
      tick();
    }
    expect(t.session.current!.stalled).toBeNull();
    expect(t.changes()).toBe(thinking);
    // Stalled: what the page shows (who, for how long) changes each second, and each second is announced.
    now.forward(2000);
    tick();
    const stalled = t.changes();
    expect(t.session.current!.stalled).toMatchObject({ seats: [1] });
    expect(stalled).toBeGreaterThan(thinking);
    for (let i = 0; i < 3; i++) {
      now.forward(1000);
      tick();
    }
    expect(t.changes()).toBe(stalled + 3);
  });

  it("a peer's presence, repeated every few seconds, tells the page nothing; a new watcher's is told at once", async () => {
    manualClock();
    const now = movableNow();
    const t = await table(3);
    const presence = (who: typeof bo, name: string) =>
      from(who, 'presence', { peerId: peerIdFor(TABLE, keyHex(who.publicKey)), name, links: [] });
    t.session.receive(presence(bo, 'Bo'), 'x');
    const heard = t.changes();
    now.forward(3000);
    t.session.receive(presence(bo, 'Bo'), 'x');
    now.forward(3000);
    t.session.receive(presence(bo, 'Bo'), 'x');
    expect(t.changes()).toBe(heard);
    t.session.receive(presence(cy, 'Cy'), 'x');
    expect(t.changes()).toBe(heard + 1);
    expect(t.session.watcherList().map((w) => w.name)).toEqual(['Bo', 'Cy']);
    t.session.receive(presence(cy, 'Cyd'), 'x');
    expect(t.changes()).toBe(heard + 2);
    expect(t.session.watcherList().map((w) => w.name)).toEqual(['Bo', 'Cyd']);
  });

  it('a watcher that falls silent leaves the list, and the clock tells the page so, once', async () => {
    manualClock();
    const now = movableNow();
    const t = await table(3);
    t.session.receive(from(cy, 'hello', { peerId: peerIdFor(TABLE, keyHex(cy.publicKey)), name: 'Cy' }), 'x');
    tick();
    expect(t.session.watcherList().map((w) => w.name)).toEqual(['Cy']);
    const heard = t.changes();
    // Cy's page closes: nothing more comes from it. Its word holds for a while, then no longer.
    now.forward(10_000);
    tick();
    expect(t.changes()).toBe(heard);
    now.forward(15_000);
    tick();
    expect(t.session.watcherList()).toEqual([]);
    expect(t.changes()).toBe(heard + 1);
    tick(3);
    expect(t.changes()).toBe(heard + 1);
  });
});

describe('a store that holds a write back or fails it', () => {
  it('nothing is sent once the table is closed, even a write that was under way', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    class SlowStore extends MemoryTableStore {
      override async saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void> {
        await gate;
        return super.saveHandEvent(table, hand, key, bytes);
      }
    }
    const t = await table(2, { store: new SlowStore() });
    const sent = vi.spyOn(t.mesh, 'broadcast');
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    t.session.close();
    release();
    await flush();
    expect(broadcastTypes(sent)).toEqual([]);
  });

  it('a write that fails for good stops its own hand only: the next hand stores and sends again', async () => {
    let failing = true;
    class FailingStore extends MemoryTableStore {
      override async saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void> {
        if (failing) throw new Error('disk full');
        return super.saveHandEvent(table, hand, key, bytes);
      }
    }
    const store = new FailingStore();
    const t = await table(2, { store, saveRetryMs: 1 });
    const sent = vi.spyOn(t.mesh, 'broadcast');
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current?.session.phase === 'halted');
    expect(t.session.current!.session.halt).toEqual({
      code: 'internal',
      seat: null,
      detail:
        'this browser could not store its ready event and the secrets it depends on (disk full), so it was not sent: free some storage and reload',
    });
    expect(broadcastTypes(sent)).toEqual([]);
    failing = false;
    t.session.rematch();
    await until(() => t.session.current!.handNo === 1);
    await vi.waitFor(async () => expect(await store.loadHandEvents(TABLE, 1)).toHaveLength(1));
    await vi.waitFor(() => expect(broadcastTypes(sent)).toEqual(['ready']));
  });

  it('a write of a hand that fails for good after a rematch stops that hand, not the next one (whose writes work)', async () => {
    // Hand 1's ready is stored; its abandon's write is then held, and fails for good only once hand 2 has started.
    let holding = false;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    class FailingStore extends MemoryTableStore {
      override async saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void> {
        if (hand === 0 && holding) {
          await gate;
          throw new Error('disk full');
        }
        return super.saveHandEvent(table, hand, key, bytes);
      }
    }
    const store = new FailingStore();
    const t = await table(2, { store, saveRetryMs: 1 });
    const sent = vi.spyOn(t.mesh, 'broadcast');
    t.session.receive(join(bo, 'Bo'), 'x');
    await vi.waitFor(async () => expect(await store.loadHandEvents(TABLE, 0)).toHaveLength(1));
    holding = true;
    t.session.endHand();
    await until(() => t.session.current?.session.phase === 'halted');
    t.session.rematch();
    await until(() => t.session.current?.handNo === 1);
    release();
    await until(() => t.log.some(([line]) => line.includes('could not store its abandon event')));
    await vi.waitFor(async () => expect(await store.loadHandEvents(TABLE, 1)).toHaveLength(1));
    await flush();
    expect(t.session.current!.session.halt).toBeNull();
    expect(broadcastTypes(sent)).toEqual(['ready', 'ready']);
  });
});

describe('after close', () => {
  it('a halt from a failed write, found after close, sends no fault report of ours', async () => {
    class FailingStore extends MemoryTableStore {
      override async saveHandEvent(): Promise<void> {
        throw new Error('disk full');
      }
    }
    const t = await table(2, { store: new FailingStore(), saveRetryMs: 1 });
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current?.session.phase === 'halted');
    const f = t.session.current!.session.follower;
    expect(f.pool.faultReports()).toEqual([]);
    t.session.close();
    // An event the halted hand does not take tells its change: our report would be made now.
    t.session.receive(tableEvent(bo, 0, 0), 'x');
    t.session.receive(tableEvent(bo, 0, 0), 'x');
    expect(f.pool.faultReports()).toEqual([]);
  });
});

describe('catching up: which fetch lets a reopened page move', () => {
  it('a fetch before any hand is answered with nothing; other messages ask for nothing before a hand', async () => {
    const t = await table(2);
    const resent = vi.spyOn(t.mesh, 'resend');
    t.session.receive(fetchOf(bo, 0), boPeer);
    t.session.receive(from(bo, 'presence', { peerId: boPeer, name: 'Bo', links: [] }), 'x');
    t.session.receive(from(bo, 'hello', { peerId: boPeer, name: 'Bo' }), 'x');
    await flush();
    expect(resent).not.toHaveBeenCalled();
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'fetch')).toEqual([]);
  });

  it('during a hand, a presence asks for nothing; a hello asks for the events past the ones held', async () => {
    const t = await started();
    const have = { [keyHex(creator.publicKey)]: 1, [keyHex(bo.publicKey)]: 0 };
    await vi.waitFor(() => expect(t.session.current!.session.have()).toEqual(have));
    t.sent.mockClear();
    t.session.receive(from(bo, 'presence', { peerId: boPeer, name: 'Bo', links: [] }), 'x');
    expect(t.sent).not.toHaveBeenCalled();
    t.session.receive(from(bo, 'hello', { peerId: boPeer, name: 'Bo' }), 'x');
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'fetch')).toEqual([['fetch', { hand: 0, have }]]);
  });

  it("a remote seat's fetch of this hand lets the page move: its move then meets the hand's own answer", async () => {
    const t = await started({}, REOPENED);
    expect(refusal(t.session.act({ type: 'draw' }))).toBe(CATCHING_UP);
    t.session.receive(fetchOf(bo, 0), boPeer);
    const answer = refusal(t.session.act({ type: 'draw' }));
    expect(answer).not.toBe(CATCHING_UP);
    expect(answer).not.toBeNull();
  });

  it("a fetch signed by a bot this page hosts does not; the remote seat's does", async () => {
    const t = await table(3, {}, creator, REOPENED);
    await t.session.addBot(2);
    const [secretKey] = await t.store.loadBots(TABLE);
    const bot: Signer = { publicKey: ed25519.getPublicKey(secretKey!), sign: (m) => ed25519.sign(m, secretKey!) };
    await until(() => t.session.lobby.view().seats[2]?.member !== null);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    expect(t.session.current!.localSeats).toEqual([0, 2]);
    t.session.receive(fetchOf(bot, 0), 'x');
    expect(refusal(t.session.act({ type: 'draw' }))).toBe(CATCHING_UP);
    t.session.receive(fetchOf(bo, 0), boPeer);
    expect(refusal(t.session.act({ type: 'draw' }))).not.toBe(CATCHING_UP);
  });
});

describe('the table moves on', () => {
  it('a page whose hand is over follows a seat that says it is at the next hand, on the table clock', async () => {
    manualClock();
    const t = await started({}, REOPENED);
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.receive(fetchOf(bo, 1), boPeer);
    expect(t.log.map(([line]) => line)).not.toContain('the table has moved on to hand 2: joining it');
    tick();
    expect(t.log.map(([line]) => line)).toContain('the table has moved on to hand 2: joining it');
    await until(() => t.session.current!.handNo === 1);
  });

  it('a move refused (not blocked, only wrong) is not playing live: the page still follows the table', async () => {
    manualClock();
    const t = await started({}, REOPENED);
    // After ten ticks a resumed page moves even if no seat has said where it is (catch-up.ts MAX_BLOCKED_TICKS).
    tick(10);
    const answer = refusal(t.session.act({ type: 'draw' }));
    expect(answer).not.toBe(CATCHING_UP);
    expect(answer).not.toBeNull();
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.receive(fetchOf(bo, 1), boPeer);
    tick();
    expect(t.log.map(([line]) => line)).toContain('the table has moved on to hand 2: joining it');
  });

  it('an older hand is fetched from storage, and not once the table is closed', async () => {
    const t = await started();
    await vi.waitFor(async () => expect(await t.store.loadHandEvents(TABLE, 0)).toHaveLength(1));
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    t.session.rematch();
    await until(() => t.session.current!.handNo === 1);
    const resent = vi.spyOn(t.mesh, 'resend');
    t.session.receive(fetchOf(bo, 0), boPeer);
    await vi.waitFor(() => expect(resent.mock.calls.length).toBeGreaterThan(0));
    expect(
      resent.mock.calls.every(
        ([to, envelope]) => to === boPeer && (envelope as { body: { hand: number } }).body.hand === 0,
      ),
    ).toBe(true);
    resent.mockClear();
    t.session.close();
    t.session.receive(fetchOf(bo, 0), boPeer);
    await flush();
    expect(resent).not.toHaveBeenCalled();
  });
});

describe('fault reports', () => {
  it("a peer's report is shown, this page's own is sent and not shown; the halt names the seat", async () => {
    const t = await started();
    const sent = vi.spyOn(t.mesh, 'broadcast');
    const f = t.session.current!.session.follower;
    t.session.receive(
      from(bo, 'table-event', {
        hand: 0,
        n: 0,
        ...hashBytes(f.hashes),
        type: 'fault',
        data: { code: 'bad-event', seat: 0, detail: 'made up' },
      }),
      'x',
    );
    const boReport = { reporter: 1, code: 'bad-event', seat: 0, detail: 'made up', agrees: false };
    expect(t.session.current!.reports).toEqual([boReport]);
    t.session.receive(tableEvent(bo, 0, 1), 'x');
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.log).toContainEqual([
      'hand stopped: Bo — bad ready event: Invalid type: Expected Object but received null',
      'error',
    ]);
    // Our own verdict goes out as a fault event (and into our pool), but is not listed as someone else's report.
    await vi.waitFor(() => expect(broadcastTypes(sent)).toContain('fault'));
    expect(f.pool.faultReports().map((r) => r.seat)).toEqual([0, 1]);
    expect(t.session.current!.reports).toEqual([boReport]);
  });
});

describe("a page that is not the creator's", () => {
  it('seated in seat 2 by the roster: plays seat 2 and, on a hello, asks again for its seat', async () => {
    const t = await table(2, {}, bo);
    t.session.receive(roster(3, [member(creator, 'Ann'), member(bo, 'Bo')], 1), 'x');
    await until(() => t.session.current !== null);
    expect(t.log.map(([line]) => line)).toContain('you sit in seat 2');
    expect(t.session.current!.mySeat).toBe(1);
    t.sent.mockClear();
    t.session.receive(
      from(creator, 'hello', { peerId: peerIdFor(TABLE, keyHex(creator.publicKey)), name: 'Ann' }),
      'x',
    );
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'join')).toEqual([
      ['join', { peerId: peerIdFor(TABLE, keyHex(bo.publicKey)), name: 'Ann', seat: 1 }],
    ]);
  });

  it("unseated at a table that has played: waits for the seats' readies (fetches), follows nobody meanwhile", async () => {
    manualClock();
    const t = await table(2, {}, cy);
    t.session.receive(roster(3, [member(creator, 'Ann'), member(bo, 'Bo')], 1), 'x');
    await until(() => t.session.history.pending === 0);
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'fetch')).toEqual([['fetch', { hand: 0, have: {} }]]);
    expect(t.session.current).toBeNull();
    t.sent.mockClear();
    // A seat says it is at hand 2: the page keeps waiting for hand 1's readies.
    t.session.receive(fetchOf(bo, 1), boPeer);
    tick();
    expect(t.log.map(([line]) => line)).not.toContain('the table has moved on to hand 2: joining it');
    // A hello asks for the pending hand's events.
    t.session.receive(from(bo, 'hello', { peerId: boPeer, name: 'Bo' }), 'x');
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'fetch')).toEqual([['fetch', { hand: 0, have: {} }]]);
    expect(t.session.current).toBeNull();
    expect(t.session.history.pending).toBe(0);
  });

  /** Hand 1 as the creator's page played it (ended at once by End hand): its stored record and its events. */
  async function endedHand() {
    const ann = await started();
    ann.session.endHand();
    await until(() => ann.session.current?.session.phase === 'halted');
    await vi.waitFor(async () => expect(await ann.store.loadHandEvents(TABLE, 0)).toHaveLength(2));
    const events = (await ann.store.loadHandEvents(TABLE, 0)).map((bytes) => {
      const decoded = decodeEnvelope(bytes, TABLE);
      if (!decoded.ok) throw new Error(decoded.error);
      return decoded.value as EnvelopeOf<'table-event'>;
    });
    return { record: (await ann.store.loadHandRecord(TABLE, 0))!, events };
  }

  async function follower(hands: number) {
    const played = await endedHand();
    const t = await table(2, {}, cy);
    await t.store.saveHandRecord(TABLE, 0, played.record);
    t.session.receive(roster(3, [member(creator, 'Ann'), member(bo, 'Bo')], hands), 'x');
    await until(() => t.session.isWatching);
    t.sent.mockClear();
    for (const event of played.events) t.session.receive(event, 'x');
    return t;
  }

  it('unseated, follows the hand played to its end and then asks for a seat', async () => {
    const t = await follower(1);
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.session.current!.session.halt).toMatchObject({ code: 'abandoned' });
    await vi.waitFor(() =>
      expect(t.sent.mock.calls.filter(([kind]) => kind === 'join')).toEqual([
        ['join', { peerId: peerIdFor(TABLE, keyHex(cy.publicKey)), name: 'Ann', seat: null }],
      ]),
    );
  });

  it('unseated, follows a hand played to its end and moves on to the next one started', async () => {
    const t = await follower(2);
    await vi.waitFor(() => expect(t.sent.mock.calls).toContainEqual(['fetch', { hand: 1, have: {} }]));
    expect(t.session.history.pending).toBe(1);
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'join')).toEqual([]);
  });

  it('unseated, a rematch does nothing (no word about the free seat)', async () => {
    const t = await table(3, {}, cy);
    t.session.receive(roster(2, [member(creator, 'Ann'), member(bo, 'Bo'), null], 0), 'x');
    await until(() => t.session.lobby.view().seats.length === 3);
    t.session.rematch();
    expect(t.log.filter(([, level]) => level === 'warn')).toEqual([]);
  });
});

describe('bots', () => {
  it('a bot takes only a free seat unless told to replace', async () => {
    const t = await table(3);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.lobby.view().seats[1]?.member !== null);
    await t.session.addBot(1);
    expect(t.log.map(([line]) => line)).toEqual(['Bo sat down in seat 2']);
    expect(t.session.lobby.view().seats[1]!.member!.name).toBe('Bo');
  });
});
