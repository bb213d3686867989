/**
 * The follower of a hand (src/table/hand/follower.ts), which every peer runs
 * to take in the hand's signed events and judge them, step by step: a
 * follower is fed the recorded courier and race hands
 * (test/fixtures/agent-duo/, with the proofs and key shares presumed checked,
 * as helpers/agent-duo.ts restores them) up to a chosen point, and then
 * events signed for the test (fault reports, abandons, a malformed cascade
 * step, data of the wrong type, floods, equivocations, a ready for another
 * set-up). Checked: what the constructor refuses (a set-up for another game,
 * a game that cannot be set up, a deck size with no mental-poker support);
 * how events are taken in (another hand or an unknown key ignored, a
 * duplicate not new) and which halt code and seat each fault names; which
 * randomness and presumptions it uses; what `run` reports as progress (never
 * a halt); how a fault report is taken in each phase; abandons that are
 * backdated, ahead of this peer or late; the event and byte limits; an
 * exception of this peer or during the audit; the reveal deadline of a new
 * real-time round; and a finished hand that takes nothing more.
 * Deterministic (seeded randomness); no proof is checked but where a test
 * says so.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom, type RandomSource } from '../../crypto/index.js';
import type { AnyGame } from '../../src/engine/index.js';
import { HandFollower, type FollowerOptions } from '../../src/table/hand/follower.js';
import type { Halt } from '../../src/table/hand/halt.js';
import { hashBytes } from '../../src/table/hand/seat-agent.js';
import { agentDuo, duoSetup, type Event } from '../helpers/agent-duo.js';
import { raceGame } from '../helpers/race.js';
import { courierGame } from './courier-game.js';
import { COURIER, RACE, courierDeal, raceDeal } from '../helpers/recorded-duos.js';

/** Signs bodies as seat 1 or 2 of the duo's table. */
const signer = agentDuo({ game: courierGame, seed: 'signer', hold: () => true });

/** A follower of the duo's set-up that has taken `events` and run once (proofs and key shares presumed checked unless `options` says otherwise). */
function follower(
  game: AnyGame,
  events: readonly Event[],
  options: Partial<Omit<FollowerOptions, 'setup' | 'game'>> = {},
): HandFollower {
  const f = new HandFollower({
    setup: duoSetup(game),
    game,
    rng: seededRandom('steps'),
    presumeProofs: () => true,
    presumeKey: () => true,
    ...options,
  });
  for (const e of events) f.take(e);
  f.run();
  return f;
}
/** A new event of `seat`, dated at the follower's step (what honest code signs), optionally at another step `at`. */
function signed(
  f: HandFollower,
  seat: number,
  type: Event['body']['type'],
  data: unknown,
  at?: number,
  n = f.pool.nextSeq(seat),
): Event {
  const now = hashBytes(f.hashes);
  const when = at === undefined ? now : { at, hash: now.hash };
  return signer.signAs(seat, { hand: 0, n, ...when, type, data } as Event['body']);
}
/** Seat 1's first shuffle with its step replaced by bytes that do not decode. */
const badShuffle = (f: HandFollower) => {
  const shuffle = courierDeal[2]!;
  expect(shuffle.body.type).toBe('shuffle');
  expect(f.seatOf(shuffle)).toBe(0);
  return signer.signAs(0, {
    ...shuffle.body,
    data: { ...(shuffle.body.data as object), step: new Uint8Array([1, 2, 3]) },
  } as Event['body']);
};

const report = { code: 'crypto-fault', seat: null, detail: 'a card sealed to me opens to no card' };

describe('what the follower refuses when it is made', () => {
  it('a game whose set-up fails: a RangeError with the game and its error', () => {
    const game = { ...courierGame, setup: () => ({ ok: false, error: 'no such table' }) } as unknown as AnyGame;
    expect(() => new HandFollower({ setup: duoSetup(courierGame), game })).toThrow(
      new RangeError('cannot set up courier: no such table'),
    );
  });

  it('a deck of a size with no mental-poker support: a RangeError with the size', () => {
    const game = {
      ...courierGame,
      setup: (args: never) => {
        const made = courierGame.setup(args);
        return made.ok ? { ok: true, value: { ...made.value, deck: made.value.deck.slice(0, 3) } } : made;
      },
    } as unknown as AnyGame;
    expect(() => new HandFollower({ setup: duoSetup(courierGame), game })).toThrow(
      new RangeError('deck of 3 cards has no mental-poker support'),
    );
  });

  it('presumeKey is handed to the packet book when given, and the book presumes nothing otherwise', () => {
    const presumeKey = () => true;
    expect(new HandFollower({ setup: duoSetup(courierGame), game: courierGame, presumeKey }).book.presumeKey).toBe(
      presumeKey,
    );
    expect(new HandFollower({ setup: duoSetup(courierGame), game: courierGame }).book.presumeKey).toBeNull();
  });
});

describe('taking events in', () => {
  const f = () => new HandFollower({ setup: agentDuo({ game: courierGame, seed: 's' }).setup, game: courierGame });
  const duo = () => agentDuo({ game: courierGame, seed: 'take', hold: () => true });

  it('a set-up for another game is refused when the follower is made', () => {
    const setup = agentDuo({ game: courierGame, seed: 's' }).setup;
    expect(() => new HandFollower({ setup, game: raceGame })).toThrow('set-up is for courier, not race-toy');
  });

  it('an event of another hand or from a key with no seat is ignored; a duplicate is not new', () => {
    const d = duo();
    d.pump();
    const follower = f();
    const ready = d.sent[0]!;
    expect(follower.take({ ...ready, body: { ...ready.body, hand: 1 } })).toBe(false);
    expect(follower.take({ ...ready, from: new Uint8Array(32).fill(9) })).toBe(false);
    expect(follower.seatOf({ ...ready, from: new Uint8Array(32).fill(9) })).toBe(-1);
    expect(follower.take(ready)).toBe(true);
    expect(follower.take(ready)).toBe(false);
    expect(follower.halt).toBeNull();
  });

  it('data that does not fit its type: bad-event naming the author', () => {
    const d = duo();
    const follower = f();
    expect(
      follower.take(
        d.signAs(1, {
          hand: 0,
          n: 0,
          at: 0,
          hash: new Uint8Array(32),
          type: 'abandon',
          data: { reason: 7 },
        } as unknown as Event['body']),
      ),
    ).toBe(false);
    expect(follower.halt).toMatchObject({ code: 'bad-event', seat: 1 });
    expect(follower.phase).toBe('halted');
  });

  it('more events than the limit: flood naming the author, with the limits in the detail', () => {
    const d = duo();
    const follower = new HandFollower({
      setup: d.setup,
      game: courierGame,
      limits: { eventsPerAuthor: 1, bytesPerAuthor: 100_000 },
    });
    d.pump();
    expect(follower.take(d.sent[1]!)).toBe(true);
    expect(
      follower.take(
        d.signAs(1, { hand: 0, n: 1, at: 0, hash: new Uint8Array(32), type: 'abandon', data: { reason: 'r' } }),
      ),
    ).toBe(false);
    expect(follower.halt).toEqual({
      code: 'flood',
      seat: 1,
      detail: 'sent more than 1 events or 100000 bytes in one hand (flooding)',
    });
  });

  it('two different events for one slot: equivocation naming the author', () => {
    const d = duo();
    d.pump();
    const follower = f();
    const ready = d.sent[1]!;
    expect(follower.take(ready)).toBe(true);
    const other = d.signAs(1, {
      ...ready.body,
      data: { ...(ready.body.data as object), sealKey: new Uint8Array(32).fill(1) },
    } as Event['body']);
    expect(follower.take(other)).toBe(false);
    expect(follower.halt).toEqual({
      code: 'equivocation',
      seat: 1,
      detail: 'sent two different ready events for one purpose (equivocation)',
    });
  });

  it('a ready for another set-up: bad-setup naming its seat', () => {
    const d = duo();
    d.pump();
    const follower = f();
    const ready = d.sent[0]!;
    const forged = d.signAs(0, {
      ...ready.body,
      data: { ...(ready.body.data as object), setup: new Uint8Array(32).fill(3) },
    } as Event['body']);
    expect(follower.take(forged)).toBe(false);
    expect(follower.halt).toMatchObject({ code: 'bad-setup', seat: 0 });
  });

  it("this peer's own failure: internal, naming nobody, reported once to the halted hook", () => {
    const follower = f();
    const halted: Halt[] = [];
    follower.hooks = { halted: (h) => halted.push(h) };
    follower.fault('broken');
    follower.fault('again');
    expect(follower.halt).toEqual({ code: 'internal', seat: null, detail: 'broken' });
    expect(halted).toEqual([{ code: 'internal', seat: null, detail: 'broken' }]);
    expect(follower.run()).toBe(false);
    expect(follower.endStalled()).toBe(false);
  });

  it('the phases and getters of a follower that has taken nothing', () => {
    const follower = f();
    expect(follower.phase).toBe('ready');
    expect(follower.state).toBeNull();
    expect(follower.hash).toBeNull();
    expect(follower.sealKeys).toEqual([]);
    expect(follower.cascade).toBeNull();
    expect(follower.audit).toBeNull();
    expect(follower.auditCause).toBeNull();
    expect(follower.round).toBe(0);
    expect(follower.orderedPending).toBe(0);
    expect(follower.realTimeStarted).toBe(false);
    expect(follower.bounces).toEqual([]);
    expect(follower.run()).toBe(false);
    expect(follower.waiting()?.seats).toEqual([0, 1]);
  });
});

describe('the deal: randomness, presumed proofs and a bad step', () => {
  it('a step that does not decode halts at once (bad-step), asked of presumeProofs once; run reports no progress', () => {
    let asked = 0;
    const f = follower(courierGame, courierDeal.slice(0, 2), {
      presumeProofs: () => {
        if (++asked > 1) throw new Error('asked again');
        return false;
      },
    });
    expect(f.phase).toBe('dealing');
    expect(f.take(badShuffle(f))).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.halt).toMatchObject({ code: 'bad-step', seat: 0 });
    expect(f.halt!.detail).toMatch(/^malformed shuffle step: /);
    expect(asked).toBe(1);
  });

  it('the lock steps are checked with the randomness given, once the deck is locked; a failure of it is the page’s own', () => {
    const rng: RandomSource = () => {
      throw new Error('the given randomness was used');
    };
    let locks = 0;
    const presumeProofs = (_packet: number, event: { type: string }) => {
      // Asked once per lock step: a follower that took a step twice would ask again.
      if (event.type === 'lock' && ++locks > 2) throw new Error('a lock step asked again');
      return event.type === 'shuffle';
    };
    const f = follower(courierGame, courierDeal, { rng, presumeProofs });
    // Both lock steps were taken (their shapes are fine); only checking their proofs needed randomness.
    // A fault naming no seat sends the hand to the audit at once, as any other internal error does.
    expect(locks).toBe(2);
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('disclose');
    expect(f.auditCause?.fault).toEqual({
      code: 'internal',
      seat: null,
      detail: 'internal error: the given randomness was used',
    });
  });
});

describe('run: progress, and a halt is never progress', () => {
  it('true when the readies start the deal, false when nothing more can be done', () => {
    const f = new HandFollower({ setup: duoSetup(courierGame), game: courierGame, presumeProofs: () => true });
    f.take(courierDeal[0]!);
    expect(f.run()).toBe(false);
    f.take(courierDeal[1]!);
    expect(f.run()).toBe(true);
    expect(f.phase).toBe('dealing');
    expect(f.run()).toBe(false);
  });

  it('an abandon that ends the hand in play: run reports no progress', () => {
    const f = follower(courierGame, courierDeal);
    expect(f.phase).toBe('play');
    expect(f.take(signed(f, 1, 'abandon', { reason: 'bored' }))).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.halt).toEqual({ code: 'abandoned', seat: null, detail: 'seat 2 ended the hand without a result: bored' });
  });

  it('a delivery refused after this peer already failed: run reports no progress, and the first halt stays', () => {
    const f = follower(courierGame, COURIER.slice(0, 10));
    expect(f.game.awaits(f.state!).kind).toBe('crypto');
    f.hooks = {
      delivered: () => {
        f.fault('own failure');
        return { code: 'unsealable', seat: 0, detail: 'refused' };
      },
    };
    for (const e of COURIER.slice(10, 12)) expect(f.take(e)).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.halt).toEqual({ code: 'internal', seat: null, detail: 'own failure' });
  });
});

describe('a signed fault report with no seat and no evidence, by phase', () => {
  it('before the deal (ready round) it is held but not acted on', () => {
    const f = follower(courierGame, courierDeal.slice(0, 1));
    expect(f.take(signed(f, 1, 'fault', report))).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.halt).toBeNull();
    expect(f.auditCause).toBeNull();
    expect(f.phase).toBe('ready');
  });

  it('during the deal it sends nobody to the audit: it waits for the step it was made at to pass', () => {
    const f = follower(courierGame, courierDeal.slice(0, 3));
    expect(f.phase).toBe('dealing');
    expect(f.take(signed(f, 1, 'fault', report))).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('dealing');
    expect(f.auditCause).toBeNull();
  });

  it('in play: with no evidence it acts on nothing until this peer passes its step without that fault, then names the reporter false-report', () => {
    const f = follower(courierGame, courierDeal);
    const lie = signed(f, 1, 'fault', report, undefined, f.pool.nextSeq(1) + 500);
    f.take(lie);
    f.run();
    expect(f.phase).toBe('play');
    expect(f.halt).toBeNull();
    for (const e of COURIER.slice(courierDeal.length)) f.take(e);
    f.run();
    expect(f.auditCause).toBeNull();
    expect(f.audit).toBeNull();
    expect(f.halt).toMatchObject({ code: 'false-report', seat: 1 });
    expect(f.halt!.detail).toMatch(new RegExp(`step ${lie.body.at} went by here`));
    expect(f.halt!.evidence).toMatchObject({ kind: 'report' });
  });
});

describe('abandons', () => {
  it('one dated before steps its author already signed events at: bad-event naming it (backdated), and no progress', () => {
    const f = follower(courierGame, COURIER.slice(0, 10));
    expect(f.pool.events().some((e) => e.seat === 1 && e.envelope.body.at > 0)).toBe(true);
    expect(f.take(signed(f, 1, 'abandon', { reason: 'backdated' }, 0))).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.halt).toEqual({
      code: 'bad-event',
      seat: 1,
      detail: 'sent an abandon dated before steps it had already signed events at (backdated)',
    });
  });

  it('one dated at the very next step (not reached here yet) waits; it ends the hand once that step is reached', () => {
    const f = follower(courierGame, courierDeal);
    const now = f.hashes.length - 1;
    // Numbered after the recorded events of seat 2 it is fed next (a later event of that seat).
    expect(f.take(signed(f, 1, 'abandon', { reason: 'ahead' }, now + 1, 30))).toBe(true);
    f.run();
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('play');
    // Both passes move the hand on; the abandon then counts.
    for (const e of COURIER.slice(8, 10)) f.take(e);
    f.run();
    expect(f.hashes.length - 1).toBeGreaterThan(now);
    expect(f.halt).toEqual({ code: 'abandoned', seat: null, detail: 'seat 2 ended the hand without a result: ahead' });
  });
});

describe('limits', () => {
  it('the byte limit counts the bytes of each event on the wire: flood naming the author', () => {
    const f = new HandFollower({
      setup: duoSetup(courierGame),
      game: courierGame,
      limits: { eventsPerAuthor: 100, bytesPerAuthor: 60 },
    });
    expect(f.take(courierDeal[1]!)).toBe(false);
    expect(f.halt).toEqual({
      code: 'flood',
      seat: 1,
      detail: 'sent more than 100 events or 60 bytes in one hand (flooding)',
    });
  });
});

describe('the disclosure round and a finished hand', () => {
  const disclosures = COURIER.filter((e) => e.body.type === 'disclose');
  const beforeDisclosures = COURIER.filter((e) => e.body.type !== 'disclose');

  it('all disclosures held but not yet run: nobody is named when a player stops waiting', () => {
    const f = follower(courierGame, beforeDisclosures);
    expect(f.phase).toBe('disclose');
    for (const e of disclosures) f.take(e);
    expect(f.waiting()?.seats).toEqual([]);
    expect(f.endStalled()).toBe(false);
    expect(f.halt).toBeNull();
  });

  it('the last disclosure finishes the hand: run reports progress', () => {
    const f = follower(courierGame, [...beforeDisclosures, disclosures[0]!]);
    expect(f.phase).toBe('disclose');
    f.take(disclosures[1]!);
    expect(f.run()).toBe(true);
    expect(f.phase).toBe('done');
    expect(f.audit?.clean).toBe(true);
  });

  it('a finished hand takes nothing more: an abandon at its last step ends nothing, and endStalled names nobody', () => {
    const f = follower(courierGame, COURIER);
    expect(f.phase).toBe('done');
    expect(f.waiting()).toBeNull();
    expect(f.endStalled()).toBe(false);
    expect(f.take(signed(f, 1, 'abandon', { reason: 'after the end' }))).toBe(true);
    expect(f.run()).toBe(false);
    expect(f.phase).toBe('done');
    expect(f.halt).toBeNull();
  });

  it('an exception during the audit (not an event of anyone) stops the hand as internal, naming nobody', () => {
    const game = {
      ...courierGame,
      audit: () => {
        throw new Error('the rules audit broke');
      },
    } as unknown as AnyGame;
    const f = follower(game, COURIER);
    expect(f.halt).toEqual({ code: 'internal', seat: null, detail: 'internal error: the rules audit broke' });
    expect(f.auditCause).toBeNull();
    expect(f.phase).toBe('halted');
  });
});

describe('the reveal deadline of real-time rounds (race)', () => {
  it('a new round restarts the deadline: its reveals are owed from the tick after it opened, not from the previous round', () => {
    const round = (r: number, type: 'commit' | 'reveal') =>
      RACE.filter((e) => e.body.type === type && (e.body.data as { round: number }).round === r);
    const f = follower(raceGame, [...raceDeal, ...round(0, 'commit')]);
    expect(f.round).toBe(0);
    f.tick(0); // round 0's reveals owed since 0
    for (const e of [...round(0, 'reveal'), ...round(1, 'commit')]) f.take(e);
    f.run();
    expect(f.round).toBe(1);
    f.tick(30_000); // round 1's reveals owed since 30 000
    expect(f.halt).toBeNull();
    f.tick(59_999);
    expect(f.halt).toBeNull();
    f.tick(60_000);
    expect(f.halt).toMatchObject({ code: 'no-reveal', seat: 0 });
  });
});

// Last: with no presumeProofs to count the asks, a follower that took a failed step as taken would spin here (a timeout, not a failure).
describe('the deal with every proof checked here', () => {
  it('without presumeProofs every step is checked here: a step that does not decode is bad-step, not an exception', () => {
    const f = follower(courierGame, courierDeal.slice(0, 2), { presumeProofs: undefined });
    f.take(badShuffle(f));
    f.run();
    expect(f.halt).toMatchObject({ code: 'bad-step', seat: 0 });
    expect(f.halt!.detail).toMatch(/^malformed shuffle step: /);
  });
});
