/**
 * The seat agent's own guards, step by step (src/table/hand/seat-agent.ts):
 * seats restored after the recorded deal of a courier or race hand
 * (helpers/agent-duo.ts, test/fixtures/agent-duo/), fixed seeds, no fresh
 * deal. Checked: the step and hash an event is dated at; a restored seat
 * refuses another seat's secrets; a disposed agent keeps nothing; an own
 * event the follower does not take is an error that names its type; a seat
 * that found a fault with no seat to name reports it even when another
 * seat's report is held; once the hand is audited at once or done, no move
 * is offered or taken and nothing more is made; in real time a stray act
 * does not hide the legal moves, a move that claims cards is refused, and a
 * new move is judged after this seat's own moves not yet played (ordered,
 * committed this round, queued) but not after a closed round's commit or
 * another seat's moves (a race game wrapped with a non-race refusal, and a
 * pause after one move, so those cases exist); a claimed card that is not
 * dealt is refused; forwarded keys that do not open the card halt the
 * recipient with the fault its open names. On a fresh deal: the steps a
 * seat's agent made go through on its own page, but one its signer rewrote
 * is verified there too and halts it.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { AnyGame, AnyState, Input } from '../../src/engine/index.js';
import { keyHex } from '../../src/net/envelope.js';
import type { HandFollower } from '../../src/table/hand/follower.js';
import type { Halt } from '../../src/table/hand/halt.js';
import { hashBytes, SeatAgent, type SeatIO } from '../../src/table/hand/seat-agent.js';
import { decodeKeyShares, decodeShuffleStep, encodeKeyShares, encodeShuffleStep } from '../../crypto/index.js';
import { deepClone } from '../fuzz/clone.js';
import { agentDuo, type Duo, type Event } from '../helpers/agent-duo.js';
import { raceGame, type RaceBoard } from '../helpers/race.js';
import { courierGame } from './courier-game.js';
import { COURIER, RACE, courierDeal, courier, race } from '../helpers/recorded-duos.js';
import { refusal } from '../helpers/refusal.js';

const types = (events: readonly Event[]) => events.map((e) => e.body.type);
const bySeat = (seat: number) => (e: Event) => keyHex(e.from) === keyHex(courierDeal[seat]!.from);
const deepCopy = (f: HandFollower) =>
  deepClone(f, [f.game, f.book.hand, f.setup], (v) => 'envelope' in v && 'data' in v);
function bodyNow(f: HandFollower, seat: number, type: Event['body']['type'], data: unknown): Event['body'] {
  return { hand: 0, n: f.pool.nextSeq(seat), ...hashBytes(f.hashes), type, data } as Event['body'];
}
/** The secrets a seat disclosed in a record. */
function disclosed(record: readonly Event[], seat: number): { secrets: Uint8Array[]; sealSecret: Uint8Array } {
  return record.find((e) => e.body.type === 'disclose' && bySeat(seat)(e))!.body.data as {
    secrets: Uint8Array[];
    sealSecret: Uint8Array;
  };
}
const quietIO = (duo: Duo, seat: number): SeatIO => ({
  sign: (body) => duo.signAs(seat, body),
  keepSecrets: () => {},
  publish: () => {},
});
/** Puts `game` under every follower of the duo (all apply the same rules, so nobody desyncs). */
function playWith(duo: Duo, game: AnyGame): void {
  for (const f of [...duo.followers, duo.spectator]) (f as unknown as { game: AnyGame }).game = game;
}
const claim = (onTop: number) => ({ type: 'claim', onTop });
const value = (f: HandFollower) => (f.state!.board as RaceBoard).value;

describe('the step and hash an event is dated at (hashBytes)', () => {
  it('an event made before any state carries step 0 and a zero hash', () => {
    expect(hashBytes([])).toEqual({ at: 0, hash: new Uint8Array(32) });
  });
  it('otherwise the last step and the first 32 bytes of its hash', () => {
    const a = 'aa'.repeat(32) + 'ff';
    const b = '0b'.repeat(32) + 'ee';
    expect(hashBytes([a, b])).toEqual({ at: 1, hash: new Uint8Array(32).fill(0x0b) });
    expect(hashBytes([a])).toEqual({ at: 0, hash: new Uint8Array(32).fill(0xaa) });
  });
});

describe('what a seat keeps and makes', () => {
  it("a seat restored with another seat's packet secrets is refused when it is made", () => {
    const duo = race('wrong-secrets');
    const theirs = disclosed(RACE, 1);
    const mine = disclosed(RACE, 0);
    const f = deepCopy(duo.followers[0]!);
    expect(
      () =>
        new SeatAgent(f, 0, quietIO(duo, 0), seededRandom('w'), {
          sealSecret: mine.sealSecret,
          packets: [theirs.secrets[0]!],
        }),
    ).toThrow();
    expect(
      () =>
        new SeatAgent(f, 0, quietIO(duo, 0), seededRandom('w'), {
          sealSecret: mine.sealSecret,
          packets: [mine.secrets[0]!],
        }),
    ).not.toThrow();
  });

  it('a disposed agent keeps no secrets and publishes nothing', () => {
    const duo = agentDuo({ game: courierGame, seed: 'disposed', hold: () => true });
    duo.agents[1]!.dispose();
    duo.pump();
    expect(duo.log[1]).toEqual([]);
    expect(duo.kept[1]).toEqual([]);
    expect(duo.log[0]).toEqual(['keep', 'ready']);
  });

  it('an own event the follower does not take in is an error naming its type', () => {
    const duo = agentDuo({ game: courierGame, seed: 'not-taken', hold: () => true });
    const f = duo.followers[0]!;
    const agent = new SeatAgent(
      f,
      0,
      { sign: (body) => duo.signAs(0, { ...body, hand: 5 }), keepSecrets: () => {}, publish: () => {} },
      seededRandom('n'),
    );
    expect(() => agent.produce()).toThrow('own ready event was not taken in');
  });

  it("a seat that found a fault with no seat to name reports it even when another seat's report (one that starts no audit) is held", () => {
    const duo = courier('report-held');
    const own = duo.followers[0]!;
    // Numbered far ahead, so that it takes no number seat 2's own events will use.
    const body = bodyNow(own, 1, 'fault', { code: 'internal', seat: null, detail: 'theirs' });
    expect(own.take(duo.signAs(1, { ...body, n: body.n + 50 }))).toBe(true);
    own.run();
    expect(own.phase).toBe('play');
    own.hooks = {
      ...own.hooks,
      delivered: (request) => (request.kind === 'forward' ? { code: 'crypto-fault', seat: null, detail: 'X' } : null),
    };
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const reports = duo.sent.filter((e) => e.body.type === 'fault' && bySeat(0)(e));
    expect(reports.map((e) => e.body.data)).toEqual([
      { code: 'crypto-fault', seat: null, detail: 'X', evidence: null },
    ]);
  });

  it('once the hand is done, produce answers false (not nothing)', () => {
    const duo = courier('done');
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    expect(refusal(duo.agents[0]!.act({ type: 'end' }))).toBeNull();
    duo.pump();
    expect(duo.followers[0]!.phase).toBe('done');
    expect(duo.followers[0]!.halt).toBeNull();
    expect(duo.agents[0]!.produce()).toBe(false);
    expect(duo.agents[1]!.produce()).toBe(false);
  });
});

describe('its own cascade steps (a fresh courier deal)', () => {
  /** Seat 1's agent with its signer rewriting one byte of each shuffle step it signs (the low bit of the last proof scalar: still canonical). */
  function rewritingSigner(duo: Duo): void {
    const agent = duo.agents[0] as unknown as { io: SeatIO };
    const io = agent.io;
    agent.io = {
      ...io,
      sign: (body) => {
        if (body.type !== 'shuffle') return io.sign(body);
        const data = body.data as { packet: number; step: Uint8Array };
        const made = decodeShuffleStep(data.step);
        const zPerm = made.proof.zPerm.map((z, i) => (i === made.proof.zPerm.length - 1 ? z ^ 1n : z));
        const step = encodeShuffleStep({ ...made, proof: { ...made.proof, zPerm } });
        return io.sign({ ...body, data: { ...data, step } } as Event['body']);
      },
    };
  }

  it('the steps its agent made go through on its own page as on the others: the deal is done and no page halts', () => {
    const duo = agentDuo({ game: courierGame, seed: 'own-steps' });
    duo.pump();
    expect([...duo.followers, duo.spectator].map((f) => f.halt)).toEqual([null, null, null]);
    expect(duo.followers.map((f) => f.phase)).not.toContain('dealing');
    expect(duo.sent.filter((e) => e.body.type === 'shuffle' || e.body.type === 'lock')).toHaveLength(4);
  });

  it('a step of its own seat other than the bytes its agent made (its signer rewrote them) is verified on its own page too, and halts it naming that seat', () => {
    const duo = agentDuo({ game: courierGame, seed: 'own-steps' });
    rewritingSigner(duo);
    duo.pump();
    for (const f of [duo.followers[0]!, duo.followers[1]!, duo.spectator]) {
      expect(f.halt).toMatchObject({ code: 'bad-step', seat: 0 });
      expect(f.halt?.detail).toMatch(/^bad shuffle step: /);
    }
  });
});

describe('audited at once while a move is owed (courier)', () => {
  /** Seat 1's follower finds a fault naming nobody itself: the hand goes to the disclosures with the passes still owed. */
  function audited(seed: string): Duo {
    const duo = courier(seed);
    const f = duo.followers[0]!;
    const stop = (f as unknown as { stop(halt: Halt): boolean }).stop.bind(f);
    expect(stop({ code: 'crypto-fault', seat: null, detail: 'Y' })).toBe(true);
    expect(f.phase).toBe('disclose');
    expect(f.halt).toBeNull();
    expect(f.game.legalActions(f.state!, 0)).not.toEqual([]);
    return duo;
  }

  it('no legal action is offered once play has stopped for the audit', () => {
    expect(audited('audit-legal').agents[0]!.legalActions()).toEqual([]);
  });

  it('a move is refused with "the hand is not in play" and nothing is sent', () => {
    const duo = audited('audit-act');
    expect(refusal(duo.agents[0]!.act({ type: 'pass', handle: 0 }))).toBe('not-in-play');
    expect(duo.sent).toEqual([]);
  });
});

describe('a claimed card that is not dealt (courier, a pass made to claim handle 40)', () => {
  it('is refused with "that card is not dealt yet" before anything is signed', () => {
    const duo = courier('undealt');
    const wrapped = {
      ...courierGame,
      claimedCards: (raw: unknown) =>
        (raw as { handle?: number }).handle === 2 ? [{ handle: 40, card: 'AS' }] : courierGame.claimedCards(raw),
    } as unknown as AnyGame;
    playWith(duo, wrapped);
    expect(refusal(duo.agents[0]!.act({ type: 'pass', handle: 2 }))).toBe('not-dealt');
    expect(duo.sent).toEqual([]);
  });
});

describe('forwarded keys that do not open the card (courier, keys presumed checked)', () => {
  it('the recipient halts with the crypto fault its open names, not an exception', () => {
    const duo = courier('bad-forward', {
      tamper: (seat, e) => {
        if (seat !== 0 || e.body.type !== 'keys') return e;
        const data = e.body.data as { request: number; shares: Uint8Array[]; to: number };
        const f = duo0.followers[0]!;
        const s0 = disclosed(COURIER, 0).sealSecret;
        const s1 = disclosed(COURIER, 1).sealSecret;
        const shares = data.shares.map((sealed) => {
          const plain = f.book.unseal(sealed, 0, f.sealKeys[0]!, 1, { secretKey: s1, publicKey: f.sealKeys[1]! })!;
          const msg = decodeKeyShares(plain, { hand: f.book.hand, seat: 0 });
          const entries = msg.entries.map((x, i) => (i === 0 ? { ...x, key: x.key + 1n } : x));
          const bytes = encodeKeyShares({ ...msg, entries });
          return f.book.seal(
            bytes,
            msg.header.packet,
            0,
            { secretKey: s0, publicKey: f.sealKeys[0]! },
            1,
            f.sealKeys[1]!,
            seededRandom('reseal'),
          );
        });
        return duo0.signAs(0, { ...e.body, data: { ...data, shares } } as Event['body']);
      },
    });
    const duo0 = duo;
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const halt = duo.followers[1]!.halt ?? duo.followers[1]!.auditCause?.fault;
    expect(halt?.code).toBe('crypto-fault');
    expect(halt?.detail).not.toContain('internal error');
  });
});

/**
 * The race game with one refusal that is no race error: a claim below the
 * counter is "too-late" (the race game's own "stale-top" is a race error, so
 * a real-time move is never refused for good in it). `pauseAt`: at that
 * counter value the table awaits a move of seat 2 (a pause: agreed
 * real-time moves wait, ordered and not yet played).
 */
function raceWithRefusal(pauseAt: number | null): AnyGame {
  return {
    ...raceGame,
    reduce: (state: AnyState, input: Input) => {
      const a = input.kind === 'act' ? (input.action as { onTop?: number }) : null;
      if (a && typeof a.onTop === 'number' && a.onTop < (state.board as RaceBoard).value)
        return { ok: false, error: 'too-late' };
      return raceGame.reduce(state as never, input);
    },
    claimedCards: (raw: unknown) =>
      (raw as { onTop?: number }).onTop === 77 ? [{ handle: 0, card: 'AS' }] : raceGame.claimedCards(raw),
    awaits: (state: AnyState) =>
      (state.board as RaceBoard).value === pauseAt && state.requests.length === 0
        ? { kind: 'move', seat: 1 }
        : raceGame.awaits(state as never),
  } as unknown as AnyGame;
}

describe('real-time moves judged before they are sent (race)', () => {
  it('a stray act held from this seat does not hide its real-time moves', () => {
    const duo = race('stray-act');
    const f = duo.followers[0]!;
    expect(f.take(duo.signAs(0, bodyNow(f, 0, 'act', { action: claim(0), keys: [] })))).toBe(true);
    expect(f.pendingAct(0)).toBeDefined();
    expect(duo.agents[0]!.legalActions()).toEqual([claim(0)]);
  });

  it('a real-time move that claims cards is refused with "real-time moves cannot reveal hidden cards"', () => {
    const duo = race('claims');
    playWith(duo, raceWithRefusal(null));
    expect(refusal(duo.agents[0]!.act(claim(77)))).toBe('reveals-in-real-time');
    expect(duo.agents[0]!.pendingMoves).toBe(0);
  });

  it('a move refused for good (no race error) is not queued: refused by the rules (too-late)', () => {
    const duo = race('queued');
    playWith(duo, raceWithRefusal(null));
    const a = duo.agents[0]!;
    expect(refusal(a.act(claim(0)))).toBeNull();
    // After the queued claim of 0 the counter is 1: a second claim of 0 is too late.
    expect(refusal(a.act(claim(0)))).toBe('rules:too-late');
    expect(a.pendingMoves).toBe(1);
  });

  it("a move is judged after this seat's commitment of the open round", () => {
    const duo = race('committed', { hold: (to) => to !== 0, spectator: false });
    playWith(duo, raceWithRefusal(null));
    const a = duo.agents[0]!;
    expect(refusal(a.act(claim(0)))).toBeNull();
    duo.pump();
    expect(types(duo.sent)).toEqual(['commit']);
    expect(duo.followers[0]!.round).toBe(0);
    expect(a.pendingMoves).toBe(1);
    expect(refusal(a.act(claim(0)))).toBe('rules:too-late');
  });

  it('after its round closed, a commitment no longer counts, and neither do moves of the other seat waiting to be played', () => {
    // Round 0: seat 1 claims 0, seat 2 claims 1 (stale then, a race error, so allowed). Whichever
    // order the round's coin gives, seat 2's claim is no move of seat 1's.
    const duo = race('closed');
    playWith(duo, raceWithRefusal(1));
    expect(refusal(duo.agents[0]!.act(claim(0)))).toBeNull();
    expect(refusal(duo.agents[1]!.act(claim(1)))).toBeNull();
    duo.pump();
    const f = duo.followers[0]!;
    expect(f.round).toBe(1);
    expect(value(f)).toBe(1);
    expect(f.orderedMoves.map((m) => [m.seat, m.action])).toEqual([[1, claim(1)]]);
    // Seat 1's commitment of round 0 ([claim 0]) is played; only seat 2's claim of 1 waits. Judged on the counter (1): a claim of 1 fits.
    expect(refusal(duo.agents[0]!.act(claim(1)))).toBeNull();
  });

  it('while the table awaits a turn move, a queued real-time move is not committed to', () => {
    const duo = race('paused');
    playWith(duo, raceWithRefusal(1));
    expect(refusal(duo.agents[0]!.act(claim(0)))).toBeNull();
    duo.pump();
    const f = duo.followers[0]!;
    expect(value(f)).toBe(1);
    expect(f.orderedPending).toBe(0);
    expect(f.game.awaits(f.state!).kind).toBe('move');
    const n = duo.sent.length;
    expect(refusal(duo.agents[0]!.act(claim(1)))).toBeNull();
    expect(duo.agents[0]!.produce()).toBe(false);
    expect(duo.sent.length).toBe(n);
  });

  it('a commitment of a closed round whose move bounced no longer counts', () => {
    // Round 0: seat 1 commits a claim of 1 (stale then: a race error, so allowed), seat 2 a claim of 0.
    // The round's coin puts seat 1's first: it bounces, and seat 2's makes the counter 1.
    const duo = race('bounced');
    playWith(duo, raceWithRefusal(null));
    expect(refusal(duo.agents[0]!.act(claim(1)))).toBeNull();
    expect(refusal(duo.agents[1]!.act(claim(0)))).toBeNull();
    duo.pump();
    const f = duo.followers[0]!;
    expect(f.round).toBe(1);
    expect(f.bounces.map((b) => b.seat)).toEqual([0]);
    expect(value(f)).toBe(1);
    expect(duo.agents[0]!.pendingMoves).toBe(0);
    // Judged on the counter (1), not after the bounced claim of 1 (which would make it 2 and this claim too late).
    expect(refusal(duo.agents[0]!.act(claim(1)))).toBeNull();
  });

  it("a move is judged after this seat's own agreed moves still waiting to be played", () => {
    const duo = race('ordered');
    playWith(duo, raceWithRefusal(1));
    const a = duo.agents[0]!;
    expect(refusal(a.act(claim(0)))).toBeNull();
    expect(refusal(a.act(claim(1)))).toBeNull();
    duo.pump();
    const f = duo.followers[0]!;
    expect(value(f)).toBe(1);
    expect(f.orderedMoves.map((m) => [m.seat, m.action])).toEqual([[0, claim(1)]]);
    // After its own claim of 1 (agreed, not yet played) the counter would be 2: a claim of 1 is too late.
    expect(refusal(a.act(claim(1)))).toBe('rules:too-late');
  });
});
