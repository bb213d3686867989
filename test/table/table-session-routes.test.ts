/**
 * One table session (src/table/table-session.ts) on its own mesh, with the
 * other peers played by hand-signed envelopes fed to `receive`: no second
 * table, no whole hand. It checks what a player sees at the table before and
 * as a hand starts — the answers of act/rematch when nothing is dealt or a
 * seat is free, a bot the creator adds (stored, seated, "Bot 2"), the hand
 * that starts once every seat is taken ("hand 1 of … begins: shuffling",
 * the seats this page plays, the names), an event for a hand that cannot
 * have started (refused, said once), a rematch offered by a peer's early
 * event, the watchers listed, a hello answered with a fetch (never with our
 * own event while it is still being stored), and leaving a
 * running hand (it ends, naming who left).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyHex, type EnvelopeOf } from '../../src/net/envelope.js';
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

afterEach(closeTables);

describe('before a hand', () => {
  it('nothing to act on; a rematch waits for the free seat', async () => {
    const t = await table(3);
    expect(t.session.current).toBeNull();
    expect(refusal(t.session.act({ type: 'draw' }))).toBe('not-playing');
    t.session.rematch();
    expect(t.log.at(-1)).toEqual(['seat 2 is free: the next hand starts when someone (or a bot) takes it', 'warn']);
    expect(t.session.isWatching).toBe(false);
    expect(t.session.rematchOffered).toBe(false);
    expect(t.session.watcherList()).toEqual([]);
    expect(t.session.lobby.view().seats.map((s) => s.member?.name ?? null)).toEqual(['Ann', null, null]);
  });

  it('lists unseated peers heard as watchers, not this page or the seated', async () => {
    const t = await table(3);
    t.session.receive(from(cy, 'hello', { peerId: peerIdFor(TABLE, keyHex(cy.publicKey)), name: 'Cy' }), 'x');
    t.session.receive(
      from(bo, 'presence', { peerId: peerIdFor(TABLE, keyHex(bo.publicKey)), name: 'Bo', links: [] }),
      'x',
    );
    expect(t.session.watcherList()).toEqual([
      { keyHex: keyHex(bo.publicKey), name: 'Bo' },
      { keyHex: keyHex(cy.publicKey), name: 'Cy' },
    ]);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.lobby.view().seats[1]?.member !== null);
    expect(t.session.watcherList()).toEqual([{ keyHex: keyHex(cy.publicKey), name: 'Cy' }]);
    // A hello before any hand asks for nothing.
    expect(t.sent.mock.calls.filter(([kind]) => kind === 'fetch')).toEqual([]);
  });

  it('only the creator adds bots: stored, seated as "Bot N"', async () => {
    const t = await table(3);
    await t.session.addBot(2);
    expect(await t.store.loadBots(TABLE)).toHaveLength(1);
    await until(() => t.session.lobby.view().seats[2]?.member !== null);
    const seat = t.session.lobby.view().seats[2]!;
    expect(seat.member!.name).toBe('Bot 3');
    expect(seat.bot).toEqual({ hostSeat: 0, hostName: 'Ann', hostIsMe: true });
    expect(t.log.map(([line]) => line)).toContain('a bot sat down in seat 3');
    expect(t.session.current).toBeNull();
  });
});

describe('a hand starts when every seat is taken', () => {
  async function started(how: Parameters<typeof table>[3] = {}) {
    const t = await table(2, {}, creator, how);
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    return t;
  }

  it("says so, and plays this page's seat", async () => {
    const t = await started();
    expect(t.log.map(([line]) => line)).toEqual([
      'Bo sat down in seat 2',
      'hand 1 of Stress (shedding) begins: shuffling',
    ]);
    const current = t.session.current!;
    expect(current.handNo).toBe(0);
    expect(current.names).toEqual(['Ann', 'Bo']);
    expect(current.mySeat).toBe(0);
    expect(current.localSeats).toEqual([0]);
    expect(current.goneSeats).toEqual([]);
    expect(current.reports).toEqual([]);
    expect(current.stalled).toBeNull();
    expect(current.session.config.setup.seatKeys).toEqual([keyHex(creator.publicKey), keyHex(bo.publicKey)]);
    expect(t.session.isWatching).toBe(false);
    expect(t.session.lobby.view().handsStarted).toBe(1);
    expect(t.session.lobby.view().handRunning).toBe(true);
    // Nobody adds a bot while a hand runs.
    await t.session.addBot(1, true);
    expect(await t.store.loadBots(TABLE)).toEqual([]);
  });

  it("a hello then asks the peer for the hand's events", async () => {
    const t = await started();
    t.sent.mockClear();
    t.session.receive(from(bo, 'hello', { peerId: peerIdFor(TABLE, keyHex(bo.publicKey)), name: 'Bo' }), 'x');
    const fetches = t.sent.mock.calls.filter(([kind]) => kind === 'fetch');
    expect(fetches).toHaveLength(1);
    expect((fetches[0]![1] as { hand: number }).hand).toBe(0);
  });

  it('an event for a hand that cannot have started is refused, once', async () => {
    const t = await started();
    t.session.receive(tableEvent(bo, 5), 'x');
    t.session.receive(tableEvent(bo, 5, 1), 'x');
    t.session.receive(tableEvent(bo, 2), 'x');
    const refused = t.log.filter(([, level]) => level === 'warn');
    expect(refused).toEqual([
      ["refused Bo's events: an event for hand 6, which cannot have started (this table is at hand 1)", 'warn'],
      ["refused Bo's events: an event for hand 3, which cannot have started (this table is at hand 1)", 'warn'],
    ]);
    expect(t.session.rematchOffered).toBe(false);
  });

  it('an event for the next hand offers a rematch and is kept', async () => {
    const t = await started();
    expect(t.session.rematchOffered).toBe(false);
    t.session.receive(tableEvent(bo, 1), 'x');
    expect(t.session.rematchOffered).toBe(true);
    expect(t.log.filter(([, level]) => level === 'warn')).toEqual([]);
    // Kept for the next hand (stored too).
    await vi.waitFor(async () => expect(await t.store.loadHandEvents(TABLE, 1)).toHaveLength(1));
    // An event of an older hand than the current one is dropped.
    expect(t.session.current!.handNo).toBe(0);
  });

  it('a page new to the table moves at once; a move waits while a reopened page has not heard which hand the table is at; a rematch waits for the end', async () => {
    // A page that created the table cannot be behind in it: its move meets the rules' own answer (nothing is dealt yet).
    const fresh = await started();
    expect(refusal(fresh.session.act({ type: 'draw' }))).not.toBe('catching-up');
    const t = await started({ reopened: true });
    expect(refusal(t.session.act({ type: 'draw' }))).toBe('catching-up');
    t.session.rematch();
    expect(t.session.current!.handNo).toBe(0);
    expect(t.session.current!.session.waiting()).toEqual({ seats: [1], what: 'to start the hand' });
  });

  it('a peer that fetches the hand gets our events', async () => {
    const t = await started();
    const resent = vi.spyOn(t.mesh, 'resend');
    t.session.receive(from(bo, 'fetch', { hand: 0, have: {} }), peerIdFor(TABLE, keyHex(bo.publicKey)));
    expect(resent).toHaveBeenCalled();
    expect(resent.mock.calls.every(([remote]) => remote === peerIdFor(TABLE, keyHex(bo.publicKey)))).toBe(true);
  });

  it('a fetch that comes while our ready is still being stored does not get it; once stored and sent, it does', async () => {
    // The store's write of the seat's secrets is slow (a busy IndexedDB): a reload now would lose them, so the ready
    // that announces their seal key must not reach anyone yet, by a broadcast or by a fetch answer.
    const store = new MemoryTableStore();
    let land = () => {};
    const landed = new Promise<void>((resolve) => (land = resolve));
    const save = store.saveHandSecrets.bind(store);
    store.saveHandSecrets = async (...args) => {
      await landed;
      return save(...args);
    };
    const t = await table(2, { store });
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current?.session.events().some((e) => e.body.type === 'ready') === true);
    const resent = vi.spyOn(t.mesh, 'resend');
    const broadcast = vi.spyOn(t.mesh, 'broadcast');
    const bob = peerIdFor(TABLE, keyHex(bo.publicKey));
    const ours = () => resent.mock.calls.filter(([, envelope]) => keyHex(envelope.from) === keyHex(creator.publicKey));
    t.session.receive(from(bo, 'fetch', { hand: 0, have: {} }), bob);
    expect(ours()).toEqual([]);
    expect(broadcast).not.toHaveBeenCalled();
    land();
    await until(() => broadcast.mock.calls.length > 0);
    t.session.receive(from(bo, 'fetch', { hand: 0, have: {} }), bob);
    expect(ours().map(([, envelope]) => (envelope as EnvelopeOf<'table-event'>).body.type)).toEqual(['ready']);
  });

  it('"end hand" names who stalled; a rematch then starts hand 2', async () => {
    const t = await started();
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.session.current!.session.halt).toEqual({
      code: 'abandoned',
      seat: null,
      detail: 'seat 1 ended the hand without a result: nothing came from Bo for too long',
    });
    expect(t.session.lobby.view().handRunning).toBe(false);
    t.session.rematch();
    await until(() => t.session.current!.handNo === 1);
    expect(t.log.slice(2)).toEqual([
      ['hand stopped: seat 1 ended the hand without a result: nothing came from Bo for too long', 'error'],
      ['hand 2 of Stress (shedding) begins: shuffling', undefined],
    ]);
    expect(t.session.lobby.view().handsStarted).toBe(2);
  });

  it('leaving ends the running hand, naming who left', async () => {
    const t = await started();
    t.session.leave();
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.session.current!.session.halt).toMatchObject({
      code: 'abandoned',
      seat: null,
      detail: 'seat 1 ended the hand without a result: Ann left the table',
    });
    expect(t.log.slice(2)).toEqual([
      ['hand stopped: seat 1 ended the hand without a result: Ann left the table', 'error'],
      ['the table creator keeps seat 1 while the table exists', undefined],
    ]);
  });
});
