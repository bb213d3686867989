/**
 * Bounded under flooding (F8): a hand's pool takes at most
 * `LIMITS` events and bytes per author and blames a seat that sends more
 * (`flood`); the table keeps events only for the current and the next hand —
 * older ones are dropped, further ones refused and logged once per author —
 * and the next hand's buffer is bounded the same way for seats, while keys
 * that do not sit share one budget (and one log line).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { EventPool } from '../../src/table/hand/event-pool.js';
import { HandSession } from '../../src/table/hand-session.js';
import type { TableEvent } from '../../src/table/transcript.js';
import { tableSigners } from '../helpers/hand-table.js';
import { testSigner } from '../helpers/signers.js';
import { OUTSIDER_LIMITS } from '../../src/table/early-events.js';
import { courierGame } from '../table/courier-game.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, tablePeers, type TablePeer } from './table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

function commitEvent(seat: number, n: number, extra = 0): TableEvent<'commit'> {
  const data = { round: n, digest: new Uint8Array(32 + extra) };
  const envelope = {
    sig: Uint8Array.from({ length: 64 }, (_, i) => (i < 4 ? (n >> (8 * i)) & 255 : seat)),
    body: { hand: 0, n, at: 0, hash: new Uint8Array(32), type: 'commit', data },
  };
  return { envelope, seat, type: 'commit', data } as unknown as TableEvent<'commit'>;
}

it('the pool refuses an author past its event or byte limit, and only that author', () => {
  const pool = new EventPool(2, { eventsPerAuthor: 3, bytesPerAuthor: 1000 });
  for (let n = 0; n < 3; n++) expect(pool.insert(commitEvent(0, n), 10)).toBe('new');
  expect(pool.insert(commitEvent(0, 3), 10)).toBe('over-limit');
  expect(pool.insert(commitEvent(1, 0), 990)).toBe('new');
  expect(pool.insert(commitEvent(1, 1), 11)).toBe('over-limit');
  expect(pool.held(0)).toEqual({ events: 3, bytes: 30 });
  expect(pool.held(1)).toEqual({ events: 1, bytes: 990 });
  expect(pool.commit(3, 0)).toBeUndefined();
});

it('a seat that floods a hand with events is blamed with `flood`', () => {
  const seatKeys = tableSigners.slice(0, 2).map((s) => keyHex(s.publicKey));
  const setup: HandSetup = {
    table: 'floodtbl-0011223344556677',
    handNo: 0,
    game: courierGame.id,
    options: {},
    seatKeys,
    dealer: 0,
    carry: null,
    previous: null,
  };
  const limits = { eventsPerAuthor: 40, bytesPerAuthor: 1 << 20 };
  const watcher = new HandSession({ setup, game: courierGame, mySeat: null, limits }, { changed: () => {} });
  const flooder = tableSigners[1]!;
  let sent = 0;
  for (let n = 0; n < 100 && !watcher.halt; n++, sent++) {
    const body = {
      hand: 0,
      n: 1000 + n,
      at: 0,
      hash: new Uint8Array(32),
      type: 'commit' as const,
      data: { round: n, digest: new Uint8Array(32) },
    };
    watcher.receive(signEnvelope(flooder, { kind: 'table-event', table: setup.table, seq: n + 1, to: null, body }));
  }
  expect(sent).toBe(41);
  expect(watcher.halt?.code).toBe('flood');
  expect(watcher.halt?.seat).toBe(1);
  expect(watcher.follower.pool.held(1).events).toBe(40);
});

it('the table drops events of older hands, refuses far-future ones with one log line, and plays on', async () => {
  const { peers, table } = await tablePeers({ game: 'stress-shed', players: 2, seed: 5 });
  running = peers;
  const [honest, flooder] = [peers[0]!, peers[1]!];
  await until(() => honest.session.current !== null && honest.session.current.session.phase !== 'ready');
  const before = honest.store;
  const forged = (hand: number, n: number): EnvelopeOf<'table-event'> =>
    signEnvelope(flooder.signer, {
      kind: 'table-event',
      table,
      seq: 10_000 + n,
      to: null,
      body: { hand, n, at: 0, hash: new Uint8Array(32), type: 'abandon', data: { reason: 'x' } },
    });
  for (let n = 0; n < 50; n++) honest.session.receive(forged(7, n), 'test');
  const refusals = honest.log.filter((l) => l.level === 'warn' && l.line.includes('hand 8'));
  expect(refusals).toHaveLength(1);
  expect(refusals[0]!.line).toContain('P2');
  expect(await before.loadHandEvents(table, 7)).toEqual([]);
  expect(honest.session.rematchOffered).toBe(false);
  // The next hand is kept (a rematch started elsewhere), bounded and stored once per event.
  honest.session.receive(forged(1, 0), 'test');
  honest.session.receive(forged(1, 0), 'test');
  expect(honest.session.rematchOffered).toBe(true);
  expect(await before.loadHandEvents(table, 1)).toHaveLength(1);
  // Keys without a seat share one budget for the next hand, however many they are (it was per key, so without end),
  // and a flood of them is logged in one line, not one per key.
  const strangers = Array.from({ length: 4 }, (_, i) => testSigner(60 + i));
  const byStranger = (hand: number, i: number): EnvelopeOf<'table-event'> =>
    signEnvelope(strangers[i % strangers.length]!, {
      kind: 'table-event',
      table,
      seq: 20_000 + i,
      to: null,
      body: { hand, n: i, at: 0, hash: new Uint8Array(32), type: 'abandon', data: { reason: 'y' } },
    });
  const linesBefore = honest.log.length;
  for (let i = 0; i < OUTSIDER_LIMITS.events + 40; i++) honest.session.receive(byStranger(1, i), 'test');
  for (let i = 0; i < 40; i++) honest.session.receive(byStranger(9, i), 'test');
  expect(await before.loadHandEvents(table, 1)).toHaveLength(1 + OUTSIDER_LIMITS.events);
  const outsiderLines = honest.log
    .slice(linesBefore)
    .filter((l) => l.line.startsWith('refused events from keys without a seat'));
  expect(outsiderLines.map((l) => l.line)).toEqual([
    `refused events from keys without a seat: more than ${OUTSIDER_LIMITS.events} events or ${OUTSIDER_LIMITS.bytes} bytes in all for hand 2`,
    'refused events from keys without a seat: an event for hand 10, which cannot have started (this table is at hand 1)',
  ]);
  // A key with no seat that the table has not heard say hello gets no answer to a fetch, of this hand or an older one.
  const resend = vi.spyOn(honest.mesh, 'resend');
  for (const hand of [0, 0, 0]) {
    const fetch = signEnvelope(strangers[0]!, {
      kind: 'fetch',
      table,
      seq: 30_000 + hand,
      to: null,
      body: { hand, have: {} },
    });
    honest.session.receive(fetch, 'stranger');
  }
  expect(resend).not.toHaveBeenCalled();
  expect(honest.log.filter((l) => l.line.startsWith('did not answer a fetch'))).toHaveLength(1);
  resend.mockRestore();
  // The current hand still finishes cleanly.
  await until(() => peers.every((p) => p.session.current?.session.phase === 'done'));
  expect(peers.map((p) => p.session.current!.session.auditResult?.clean)).toEqual([true, true]);
}, 120_000);
