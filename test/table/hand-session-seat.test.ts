/**
 * The hand session (hand-session.ts) of a peer that plays a seat, with no
 * shuffle made: a fresh seat only publishes its
 * ready (the other seat's never comes); a seat in play is restored after the
 * deal of the recorded courier hand (test/fixtures/agent-duo/, as
 * helpers/agent-duo.ts `restoredDuo` does: its secrets from its recorded
 * disclosure, the deal preloaded with proofs presumed). Checked: the seat's
 * io and random source are its agent's (what it keeps and publishes, the
 * same seal key from the same seed), one pump makes every event owed in
 * turn (a real-time commit, then its reveal), one `changed` per pump even when a
 * callback starts another (queued, not nested), a move and an abandon are
 * published and run at once while a refused move reports nothing, the
 * progress guard stops a seat that claims to make events for ever, and a
 * seat that fails to make its event halts the hand as internal. A seat
 * whose page came back without the secret of the seal key it announced
 * abandons the hand with that cause, naming nobody. Also a
 * spectator of the recorded race hand: its own reveal deadline names a seat
 * that withheld a reveal.
 */
import { describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { AnyGame } from '../../src/engine/index.js';
import { keyHex, signEnvelope } from '../../src/net/envelope.js';
import { HandSession, type HandConfig, type HandSecrets } from '../../src/table/hand-session.js';
import { LOST_KEYS } from '../../src/table/hand/seat-agent.js';
import { DUO_TABLE, duoSetup, type Event } from '../helpers/agent-duo.js';
import { tableSigners } from '../helpers/hand-table.js';
import { raceGame } from '../helpers/race.js';
import { courierGame } from './courier-game.js';
import { COURIER, RACE, courierDeal } from '../helpers/recorded-duos.js';
import { refusal } from '../helpers/refusal.js';

/** What seat `seat` kept of the record's packet 0 and its seal secret (its recorded disclosure). */
function restoredSecrets(seat: number, record: readonly Event[] = COURIER): HandSecrets {
  const disclose = record.find(
    (e) => e.body.type === 'disclose' && keyHex(e.from) === keyHex(tableSigners[seat]!.publicKey),
  )!;
  const data = disclose.body.data as { secrets: Uint8Array[]; sealSecret: Uint8Array };
  return { sealSecret: data.sealSecret, packets: data.secrets.slice(0, 1) };
}

interface Seat {
  session: HandSession;
  /** 'keep' or the type of each event published, in order. */
  log: string[];
  published: Event[];
  changed: () => number;
}

/** Seat `seat` (0 or 1) of a two-seat courier table; `onPublish` runs inside publish (a re-entrant caller). */
function seat(
  options: {
    seat?: number;
    seed?: string;
    game?: AnyGame;
    restored?: HandSecrets;
    over?: Partial<HandConfig>;
    onPublish?: (session: HandSession) => void;
  } = {},
): Seat {
  const me = options.seat ?? 0;
  const log: string[] = [];
  const published: Event[] = [];
  let changed = 0;
  let seq = 0;
  const holder: { session?: HandSession } = {};
  const session = new HandSession(
    {
      setup: duoSetup(options.game ?? courierGame),
      game: options.game ?? courierGame,
      mySeat: me,
      rng: seededRandom(options.seed ?? 'seat'),
      presumeProofs: () => true,
      presumeKey: () => true,
      ...options.over,
    },
    {
      changed: () => changed++,
      sign: (body) =>
        signEnvelope(tableSigners[me]!, { kind: 'table-event', table: DUO_TABLE, seq: ++seq, to: null, body }),
      keepSecrets: () => log.push('keep'),
      publish: (envelope) => {
        log.push(envelope.body.type);
        published.push(envelope);
        options.onPublish?.(holder.session!);
      },
    },
    options.restored,
  );
  holder.session = session;
  return { session, log, published, changed: () => changed };
}

/** Seat 1 (index 0) restored after the courier deal, in play and awaited for a move. */
function seatInPlay(): Seat {
  const s = seat({ restored: restoredSecrets(0) });
  s.session.preload(courierDeal);
  s.session.start();
  return s;
}

const sealKey = (e: Event) => keyHex((e.body.data as { sealKey: Uint8Array }).sealKey);

describe('HandSession for a seat: its io and its random source', () => {
  it('start keeps the seat secret, publishes its ready, and reports once', () => {
    const { session, log, published, changed } = seat();
    expect(session.agent).not.toBeNull();
    session.start();
    expect(log).toEqual(['keep', 'ready']);
    expect(published[0]!.body).toMatchObject({ type: 'ready', hand: 0, n: 0 });
    expect(keyHex(published[0]!.from)).toBe(keyHex(tableSigners[0]!.publicKey));
    expect(session.events()).toEqual(published);
    expect(session.phase).toBe('ready');
    expect(changed()).toBe(1);
    // Nothing is owed until the other seat is ready.
    session.start();
    expect(log).toEqual(['keep', 'ready']);
    expect(changed()).toBe(2);
  });

  it('the seat agent draws from the configured random source: one seed, one seal key', () => {
    const a = seat({ seed: 'same' });
    const b = seat({ seed: 'same' });
    const c = seat({ seed: 'other' });
    for (const s of [a, b, c]) s.session.start();
    expect(sealKey(a.published[0]!)).toBe(sealKey(b.published[0]!));
    expect(sealKey(a.published[0]!)).not.toBe(sealKey(c.published[0]!));
  });

  it('a pump started from inside publish is queued, not nested: the outer pump reports once', () => {
    let inner = 0;
    const { session, log, changed } = seat({
      onPublish: (s) => {
        inner++;
        s.start();
      },
    });
    session.start();
    expect(inner).toBe(1);
    expect(log).toEqual(['keep', 'ready']);
    expect(changed()).toBe(1);
  });
});

describe('HandSession for a seat in play (restored after the recorded deal)', () => {
  it('a legal move is published and the pump runs at once (one report); a refused move publishes and reports nothing', () => {
    const { session, log, changed } = seatInPlay();
    expect(session.phase).toBe('play');
    const step = session.step;
    const before = changed();
    expect(refusal(session.act({ type: 'nonsense' }))).toBe('not-a-move');
    expect(changed()).toBe(before);
    expect(log).toEqual([]);
    const legal = session.legalActions();
    expect(legal.length).toBeGreaterThan(0);
    expect(refusal(session.act(legal[0]))).toBeNull();
    expect(log).toEqual(['act']);
    expect(changed()).toBe(before + 1);
    // The first move is a pass each: the other seat's recorded pass applies both.
    expect(session.step).toBe(step);
    expect(session.receive(COURIER[9]!)).toBe(true);
    expect(session.halt).toBeNull();
    expect(session.step).toBeGreaterThan(step);
  });

  it('an abandon is published and ends the hand (true, one report); a second is refused', () => {
    const { session, log, changed } = seatInPlay();
    const before = changed();
    expect(session.abandon('stalled')).toBe(true);
    expect(log).toEqual(['abandon']);
    expect(session.halt).toMatchObject({ code: 'abandoned', seat: null });
    expect(changed()).toBe(before + 1);
    expect(session.abandon('again')).toBe(false);
    expect(changed()).toBe(before + 1);
  });
});

describe('HandSession for a seat whose page came back without its stored secrets', () => {
  it('ends the hand with that cause, naming nobody, before it seals or opens a key; with its secrets it plays on', () => {
    // Its ready (in the recorded deal) announced a seal key this page no longer holds the secret of.
    const lost = seat();
    lost.session.preload(courierDeal);
    lost.session.start();
    expect(lost.log).toEqual(['abandon']);
    expect(lost.published[0]!.body.data).toEqual({ reason: LOST_KEYS });
    expect(lost.session.halt).toEqual({
      code: 'abandoned',
      seat: null,
      detail: `seat 1 ended the hand without a result: ${LOST_KEYS}`,
    });
    const kept = seatInPlay();
    expect(kept.log).toEqual([]);
    expect(kept.session.halt).toBeNull();
  });
});

describe('HandSession for a seat in the recorded race hand (restored after the deal)', () => {
  it('one pump makes every event the seat owes in turn: once the other seat committed, a commit to nothing and then the reveal', () => {
    const { session, log, changed } = seat({ game: raceGame, restored: restoredSecrets(0, RACE) });
    // Ready, shuffle and lock of both seats, then seat 2's commit of round 0.
    session.preload([...RACE.slice(0, 6), RACE[7]!]);
    session.start();
    expect(log).toEqual(['keep', 'commit', 'reveal']);
    expect(changed()).toBe(1);
    expect(session.halt).toBeNull();
  });
});

describe('HandSession for a seat: a seat agent that misbehaves', () => {
  it('a seat that claims to make an event every time but moves nothing is stopped after 100 000 rounds with an error', () => {
    const { session, changed } = seat();
    let calls = 0;
    // A failsafe well past the guard: a throw here halts the hand instead of looping for ever.
    vi.spyOn(session.agent!, 'produce').mockImplementation(() => {
      if (++calls > 200_000) throw new Error('runaway');
      return true;
    });
    expect(() => session.start()).toThrow(new Error('hand session made no progress'));
    expect(calls).toBe(100_001);
    expect(session.halt).toBeNull();
    expect(changed()).toBe(0);
  });

  it('a seat that fails to make its event halts the hand: internal, naming nobody, with its error; reported once', () => {
    const { session, changed } = seat();
    vi.spyOn(session.agent!, 'produce').mockImplementation(() => {
      throw new Error('no entropy');
    });
    session.start();
    expect(session.halt).toEqual({
      code: 'internal',
      seat: null,
      detail: 'this seat could not make its event: no entropy',
    });
    expect(changed()).toBe(1);
  });

  it('a failure on the last round the guard allows still ends the pump as the seat’s fault, not as no progress', () => {
    const { session } = seat();
    let calls = 0;
    vi.spyOn(session.agent!, 'produce').mockImplementation(() => {
      if (++calls > 100_000) throw new Error('late');
      return true;
    });
    expect(() => session.start()).not.toThrow();
    expect(calls).toBe(100_001);
    expect(session.halt).toEqual({ code: 'internal', seat: null, detail: 'this seat could not make its event: late' });
  });
});

describe('HandSession as a spectator of the recorded race hand', () => {
  it('passes its reveal deadline to the follower: a withheld reveal is named no-reveal once that much of the table’s clock has passed', () => {
    let changed = 0;
    const session = new HandSession(
      {
        setup: duoSetup(raceGame),
        game: raceGame,
        mySeat: null,
        rng: seededRandom('race'),
        presumeProofs: () => true,
        presumeKey: () => true,
        revealDeadlineMs: 500,
      },
      { changed: () => changed++ },
    );
    // Ready, shuffle and lock of both seats, both commits of round 0, then only seat 2's reveal.
    for (const e of RACE.slice(0, 9)) session.receive(e);
    expect(session.phase).toBe('play');
    expect(session.waiting()?.seats).toEqual([0]);
    session.tick(1000);
    session.tick(1499);
    expect(session.halt).toBeNull();
    session.tick(1500);
    expect(session.halt).toMatchObject({ code: 'no-reveal', seat: 0 });
  });
});
