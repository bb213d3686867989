/**
 * The hand session's surface (hand-session.ts) as the table and the page
 * read it, on a seatless session fed the recorded courier hand
 * (plumb-fixture.ts), proofs presumed as the offline verifier does so the
 * replay is quick: the options it passes its follower (deadlines, limits,
 * presumed proofs and key shares — the caller's own functions are asked),
 * what it reports while the hand runs and once it is done, a halt on a
 * duplicate-free flood, the disclosure deadline by the table's clock, and a
 * seat session's needs (a seat at work: hand-session-seat.test.ts). Each `changed` call is counted: the
 * page re-renders on it.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { HandSession, type HandConfig } from '../../src/table/hand-session.js';
import { courierFixture, fixtureGame } from './plumb-fixture.js';
import { refusal } from '../helpers/refusal.js';

const fx = courierFixture();
const notDisclose = fx.events.filter((e) => e.body.type !== 'disclose');

function spectator(over: Partial<HandConfig> = {}) {
  let changed = 0;
  const session = new HandSession(
    {
      setup: fx.setup,
      game: fixtureGame,
      mySeat: null,
      rng: seededRandom('hs'),
      presumeProofs: () => true,
      presumeKey: () => true,
      ...over,
    },
    { changed: () => changed++ },
  );
  return { session, changed: () => changed };
}

describe('HandSession as a spectator', () => {
  it('follows the hand: new events are taken and reported, copies are not', () => {
    const { session, changed } = spectator();
    expect(session.players).toBe(2);
    expect(session.phase).toBe('ready');
    expect(session.step).toBe(0);
    expect(session.hash).toBeNull();
    expect(session.engineState).toBeNull();
    session.start();
    expect(changed()).toBe(1);
    expect(session.receive(fx.events[0]!)).toBe(true);
    expect(changed()).toBe(2);
    expect(session.receive(fx.events[0]!)).toBe(false);
    expect(changed()).toBe(2);
    for (const e of notDisclose.slice(1)) expect(session.receive(e)).toBe(true);
    expect(session.phase).toBe('disclose');
    expect(session.halt).toBeNull();
    expect(session.step).toBe(17);
    expect(session.loggedInputs()).toHaveLength(17);
    expect(session.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.engineState).not.toBeNull();
    expect(session.events()).toHaveLength(notDisclose.length);
    // Seat 1 signed 18 events before its disclosure, seat 2 17.
    expect(session.have()).toEqual({ [fx.setup.seatKeys[0]!]: 18, [fx.setup.seatKeys[1]!]: 17 });
    expect(session.waiting()).toEqual({ seats: [0, 1], what: 'to open their secrets for the audit' });
    for (const e of fx.events.filter((x) => x.body.type === 'disclose')) session.receive(e);
    expect(session.phase).toBe('done');
    expect(session.auditResult).toMatchObject({ clean: true, detail: 'clean' });
    expect(session.have()).toEqual({ [fx.setup.seatKeys[0]!]: 19, [fx.setup.seatKeys[1]!]: 18 });
  });

  it('a seatless session plays nothing and holds no secret', () => {
    const { session } = spectator();
    expect(session.agent).toBeNull();
    expect(refusal(session.act({ type: 'flip' }))).toBe('not-playing');
    expect(session.abandon('bored')).toBe(false);
    expect(session.legalActions()).toEqual([]);
    expect(session.privateView).toEqual({ known: {} });
    expect(session.pendingMoves).toBe(0);
    expect(session.bounces).toEqual([]);
  });

  it('preload takes stored events without acting; the next event runs them all', () => {
    const { session, changed } = spectator();
    session.preload(notDisclose.slice(0, -1));
    expect(session.step).toBe(0);
    expect(changed()).toBe(0);
    expect(session.events()).toHaveLength(notDisclose.length - 1);
    session.receive(notDisclose.at(-1)!);
    expect(session.phase).toBe('disclose');
    expect(changed()).toBe(1);
  });

  it('the disclosure deadline by the table’s clock names the first seat that has not disclosed, once', () => {
    const { session, changed } = spectator({ discloseDeadlineMs: 1000 });
    session.preload(notDisclose);
    session.start();
    const before = changed();
    session.tick(5000);
    session.tick(5999);
    expect(session.halt).toBeNull();
    expect(changed()).toBe(before);
    session.tick(6000);
    expect(session.halt).toMatchObject({ code: 'no-disclosure', seat: 0 });
    expect(changed()).toBe(before + 1);
    session.tick(9000);
    expect(changed()).toBe(before + 1);
    // A halted hand reports a refused event (the page shows the halt).
    expect(session.receive(notDisclose[0]!)).toBe(false);
    expect(changed()).toBe(before + 2);
  });

  it('passes its limits to the pool: a seat over them is blamed with flood', () => {
    const { session } = spectator({ limits: { eventsPerAuthor: 3, bytesPerAuthor: 1 << 20 } });
    for (const e of notDisclose) session.receive(e);
    expect(session.halt).toMatchObject({ code: 'flood' });
  });

  it('without presumed proofs, every step is checked (and a disposed session does nothing more)', () => {
    const { session, changed } = spectator({ presumeProofs: undefined, presumeKey: undefined, revealDeadlineMs: 5 });
    for (const e of notDisclose.slice(0, 6)) session.receive(e);
    expect(session.phase).toBe('play');
    session.dispose();
    const n = changed();
    session.receive(notDisclose[6]!);
    expect(changed()).toBe(n);
    expect(session.step).toBe(0);
    expect(session.events()).toHaveLength(7);
  });

  it('the presumed proofs and key shares it is given are what its follower asks about', () => {
    const proofs: string[] = [];
    const keys: number[] = [];
    const { session } = spectator({
      presumeProofs: (packet, event) => (proofs.push(`${packet}:${event.type}`), true),
      presumeKey: (packet) => (keys.push(packet), true),
    });
    for (const e of notDisclose) session.receive(e);
    expect(session.phase).toBe('disclose');
    expect(proofs).toContain('0:shuffle');
    expect(proofs).toContain('0:lock');
    expect(keys.length).toBeGreaterThan(0);
  });

  it('a seat needs sign, keepSecrets and publish', () => {
    expect(() => new HandSession({ setup: fx.setup, game: fixtureGame, mySeat: 0 }, { changed: () => {} })).toThrow(
      new TypeError('HandSession: a seat needs sign, keepSecrets and publish'),
    );
    expect(
      () =>
        new HandSession(
          { setup: fx.setup, game: fixtureGame, mySeat: 0 },
          { changed: () => {}, sign: () => fx.events[0]!, publish: () => {} },
        ),
    ).toThrow(TypeError);
  });
});
