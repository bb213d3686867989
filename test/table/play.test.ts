/**
 * The play phase of a hand (src/table/hand/play.ts) step by step: a HandPlay is made on a follower restored after the deal
 * of a recorded courier or race hand (helpers/agent-duo.ts,
 * test/fixtures/agent-duo/), sometimes with its state, game or event pool
 * swapped for a made-up one, and driven one `advance` at a time with spy
 * powers that record what the play phase asks of its follower (cross-checks,
 * settling, halts, inputs recorded, reshuffles, the end of play, rounds
 * opened). Checked: what counts as progress (the boolean `advance` returns),
 * that nothing goes on after a refused cross-check, that a round waits for
 * every commit and reveal, that a lost race is forgiven only to a seat (and
 * not only in real time), how an engine refusal of a seat's move or of the
 * table's own crypto result is named, keys addressed to the wrong seat, a
 * move without claims carrying keys, a real-time non-move, and which acts
 * `pendingActs` lists. Fixed seeds, no clock.
 */
import { describe, expect, it } from 'vitest';
import { defineGame, type AnyState, type CryptoRequest, type Input } from '../../src/engine/index.js';
import { keyHex } from '../../src/net/envelope.js';
import type { HandFollower } from '../../src/table/hand/follower.js';
import type { Halt } from '../../src/table/hand/halt.js';
import { HandPlay, type PlayPowers, type PlayView } from '../../src/table/hand/play.js';
import { roundDigest } from '../../src/table/hand/real-time.js';
import { hashBytes } from '../../src/table/hand/seat-agent.js';
import type { TableEvent } from '../../src/table/transcript.js';
import { type Duo, type Event } from '../helpers/agent-duo.js';
import { raceGame, type RaceBoard } from '../helpers/race.js';
import { courierDeal, courier, race } from '../helpers/recorded-duos.js';
import { refusal } from '../helpers/refusal.js';

const bySeat = (seat: number) => (e: Event) => keyHex(e.from) === keyHex(courierDeal[seat]!.from);
function bodyNow(f: HandFollower, seat: number, type: Event['body']['type'], data: unknown): Event['body'] {
  return { hand: 0, n: f.pool.nextSeq(seat), ...hashBytes(f.hashes), type, data } as Event['body'];
}

/** Spy powers: every call in order (`calls`), the halts asked for, the inputs recorded (each also becomes `view.state`). */
function spy(view: { state: AnyState | null }, crossCheck = true) {
  const calls: string[] = [];
  const stops: Halt[] = [];
  const records: Input[] = [];
  const powers: PlayPowers = {
    crossCheck: (event) => {
      calls.push(`crossCheck ${event.type} ${event.seat}`);
      return crossCheck;
    },
    settled: () => void calls.push('settled'),
    stop: (halt) => {
      calls.push('stop');
      stops.push(halt);
      return false;
    },
    record: (input, state) => {
      calls.push('record');
      records.push(input);
      view.state = state;
    },
    reshuffle: (request) => void calls.push(`reshuffle ${request.id}`),
    over: () => void calls.push('over'),
    roundOpened: () => void calls.push('roundOpened'),
  };
  return { powers, calls, stops, records };
}

/** A follower's public surface, with some of it swapped (a mutable copy: recorded inputs move its state on). */
function viewOf(f: HandFollower, swap: Partial<PlayView> = {}): { -readonly [K in keyof PlayView]: PlayView[K] } {
  return {
    setup: f.setup,
    game: f.game,
    players: f.players,
    pool: f.pool,
    book: f.book,
    state: f.state,
    hooks: {},
    ...swap,
  };
}

/** The race rules, but every move is seat 1's turn (a turn-based game with a race error). */
const turnRace = defineGame({
  ...raceGame.rules,
  awaits: (state) =>
    state.board.value >= state.board.target
      ? { kind: 'over' as const }
      : { kind: 'move' as const, seat: 0, what: 'claim' },
});

/** A made-up act event of `seat` (the spy powers cross-check nothing, so only seat and data matter). */
const actEvent = (seat: number, action: unknown) =>
  ({ seat, type: 'act', data: { action, keys: [] } }) as unknown as TableEvent<'act'>;
/** A pool holding only these acts (by seat, in order). */
const actPool = (acts: TableEvent<'act'>[][]) =>
  ({ act: (seat: number, i: number) => acts[seat]?.[i] }) as unknown as PlayView['pool'];

/** The spectator of a race duo restored after the deal, holding (not yet run) the commits and reveals of round 0 that `take` lets through. */
function raceRound(seed: string, take: (e: Event) => boolean = () => true): HandFollower {
  const duo = race(seed, { spectator: false });
  const board = () => duo.followers[0]!.state!.board as RaceBoard;
  expect(refusal(duo.agents[0]!.act({ type: 'claim', onTop: board().value }))).toBeNull();
  expect(refusal(duo.agents[1]!.act({ type: 'claim', onTop: board().value }))).toBeNull();
  duo.pump();
  expect(duo.sent.map((e) => e.body.type)).toEqual(['commit', 'commit', 'reveal', 'reveal']);
  const f = duo.spectator;
  for (const e of duo.sent.filter(take)) expect(f.take(e)).toBe(true);
  return f;
}

describe('turn-based acts', () => {
  it('pendingActs lists only the acts not yet taken: after its pass was applied, a seat whose flip waits for the forwards has the flip alone', () => {
    // The spectator lacks seat 2's key shares (its forward); seat 1's events all come in, in order.
    const duo = courier('pending', { hold: (to, e) => to === 2 && e.body.type === 'keys' && bySeat(1)(e) });
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    expect(refusal(duo.agents[0]!.act({ type: 'flip' }))).toBeNull();
    duo.pump();
    const f = duo.spectator;
    expect(f.game.awaits(f.state!).kind).toBe('crypto');
    expect(f.pendingActs(0).map((e) => e.data.action)).toEqual([{ type: 'flip' }]);
    expect(f.pendingAct(0)?.data.action).toEqual({ type: 'flip' });
    expect(f.pendingActs(1)).toEqual([]);
  });

  it('a turn move that lost a race (a race error of the rules) is taken without blame and counts as progress; nothing is recorded', () => {
    const f = race('turn-race').spectator;
    const view = viewOf(f, {
      game: turnRace,
      pool: actPool([[actEvent(0, { type: 'claim', onTop: 3 }), actEvent(0, { type: 'claim', onTop: 0 })]]),
    });
    const play = new HandPlay(view, f.setupDigest);
    const { powers, calls, stops, records } = spy(view);
    expect(play.advance(powers)).toBe(true);
    expect(calls).toEqual(['crossCheck act 0']);
    expect(stops).toEqual([]);
    // The lost move is taken: the next one is applied.
    expect(play.pendingAct(0)?.data.action).toEqual({ type: 'claim', onTop: 0 });
    expect(play.advance(powers)).toBe(true);
    expect(records).toEqual([{ kind: 'act', seat: 0, action: { type: 'claim', onTop: 0 } }]);
    expect(play.pendingAct(0)).toBeUndefined();
    expect(play.advance(powers)).toBe(false);
  });

  it('a move whose cross-check fails: nothing more is done, no progress, the act is not taken', () => {
    const f = race('turn-cross').spectator;
    const view = viewOf(f, { game: turnRace, pool: actPool([[actEvent(0, { type: 'claim', onTop: 0 })]]) });
    const play = new HandPlay(view, f.setupDigest);
    const { powers, calls } = spy(view, false);
    expect(play.advance(powers)).toBe(false);
    expect(calls).toEqual(['crossCheck act 0']);
    expect(play.pendingActs(0)).toHaveLength(1);
  });

  it("apply: a seat's refused input is illegal-move naming it; the table's own refused input (even a race error) is crypto-fault naming nobody", () => {
    const f = race('apply').spectator;
    const view = viewOf(f, { game: turnRace });
    const play = new HandPlay(view, f.setupDigest);
    const { powers, stops, records } = spy(view);
    expect(play.apply({ kind: 'act', seat: 1, action: { type: 'claim', onTop: 0 } }, 1, powers)).toBe(false);
    expect(play.apply({ kind: 'act', seat: 0, action: { type: 'claim', onTop: 4 } }, null, powers)).toBe(false);
    expect(play.apply({ kind: 'delivered', request: 77 }, null, powers)).toBe(false);
    expect(stops).toEqual([
      { code: 'illegal-move', seat: 1, detail: 'an illegal move: not-your-turn' },
      { code: 'crypto-fault', seat: null, detail: "the table's crypto result was refused: stale-top" },
      {
        code: 'crypto-fault',
        seat: null,
        detail: expect.stringMatching(/^the table's crypto result was refused: \S/) as unknown as string,
      },
    ]);
    expect(records).toEqual([]);
  });

  it('a pass that carries keys though it claims no card: the keys are not checked, the pass is applied', () => {
    const duo = courier('extra-keys');
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.pump();
    const f = duo.spectator;
    expect(
      f.take(
        duo.signAs(1, bodyNow(f, 1, 'act', { action: { type: 'pass', handle: 3 }, keys: [new Uint8Array([1, 2, 3])] })),
      ),
    ).toBe(true);
    f.run();
    expect(f.halt).toBeNull();
    expect(f.inputs.filter((i) => i.kind === 'act')).toHaveLength(2);
    expect(f.pendingActs(1)).toEqual([]);
  });
});

describe('crypto requests and the end of play', () => {
  it('a game that is over: advance ends play and reports progress', () => {
    const f = race('over').spectator;
    const board = f.state!.board as RaceBoard;
    const view = viewOf(f, { state: { ...f.state!, board: { ...board, value: board.target } } });
    const { powers, calls } = spy(view);
    expect(new HandPlay(view, f.setupDigest).advance(powers)).toBe(true);
    expect(calls).toEqual(['over']);
  });

  it('a reshuffle asked for: advance hands it to the follower and reports progress', () => {
    const f = race('reshuffle').spectator;
    const request: CryptoRequest = { id: 9, kind: 'reshuffle', handles: [0, 1], into: [52, 53] };
    const view = viewOf(f, { state: { ...f.state!, requests: [request] } });
    const { powers, calls } = spy(view);
    expect(new HandPlay(view, f.setupDigest).advance(powers)).toBe(true);
    expect(calls).toEqual(['reshuffle 9']);
  });

  it('key shares whose cross-check fails: nothing more is done and no progress is reported', () => {
    const f = race('keys-cross').spectator;
    const request: CryptoRequest = { id: 9, kind: 'reveal-all', handles: [0] };
    const keys = (id: number, seat: number) =>
      ({ seat, type: 'keys', data: { request: id, shares: [], to: null } }) as unknown as TableEvent<'keys'>;
    const view = viewOf(f, {
      state: { ...f.state!, requests: [request] },
      pool: { keys } as unknown as PlayView['pool'],
    });
    const { powers, calls } = spy(view, false);
    expect(new HandPlay(view, f.setupDigest).advance(powers)).toBe(false);
    expect(calls).toEqual(['crossCheck keys 0']);
  });

  it('keys for a forward addressed to another seat than its recipient: wrong-key naming the sender, on every peer, nothing delivered', () => {
    const duo = courier('wrong-to', {
      tamper: (seat, e) => {
        if (seat !== 0 || e.body.type !== 'keys') return e;
        const data = e.body.data as { request: number; shares: Uint8Array[]; to: number | null };
        return signed.signAs(0, { ...e.body, data: { ...data, to: 0 } } as Event['body']);
      },
    });
    const signed: Duo = duo;
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const keys = duo.sent.find((e) => e.body.type === 'keys' && bySeat(0)(e))!;
    const request = (keys.body.data as { request: number }).request;
    const halt = { code: 'wrong-key', seat: 0, detail: `sent keys of request ${request} to the wrong seat` };
    expect(duo.spectator.halt).toEqual(halt);
    expect(duo.followers[1]!.halt).toEqual(halt);
    expect(duo.spectator.inputs.some((i) => i.kind === 'delivered' && i.request === request)).toBe(false);
  });
});

describe('real-time rounds (race, restored after the deal)', () => {
  it('a round opens once every commit and reveal is in and cross-checked; its moves are applied one per step (a lost race bounces), each recorded as its seat’s act', () => {
    const f = raceRound('open');
    const view = viewOf(f);
    const play = new HandPlay(view, f.setupDigest);
    const { powers, calls, records, stops } = spy(view);
    expect(play.realTimeStarted).toBe(false);
    expect(play.advance(powers)).toBe(true);
    expect(calls).toEqual([
      'crossCheck commit 0',
      'crossCheck commit 1',
      'crossCheck reveal 0',
      'crossCheck reveal 1',
      'settled',
      'roundOpened',
    ]);
    expect(play.round).toBe(1);
    expect(play.realTimeStarted).toBe(true);
    const ordered = play.orderedMoves.map((m) => ({ ...m }));
    expect(ordered.map((m) => m.seat).sort()).toEqual([0, 1]);
    expect(play.orderedPending).toBe(2);
    expect(play.advance(powers)).toBe(true);
    expect(records).toEqual([{ kind: 'act', seat: ordered[0]!.seat, action: { type: 'claim', onTop: 0 } }]);
    expect(play.advance(powers)).toBe(true);
    expect(records).toHaveLength(1);
    expect(play.bounces).toEqual([
      { round: 0, seat: ordered[1]!.seat, action: { type: 'claim', onTop: 0 }, error: 'stale-top' },
    ]);
    expect(stops).toEqual([]);
    // Round 1 has no commits yet: nothing to do.
    expect(play.advance(powers)).toBe(false);
  });

  it('a commit or reveal whose cross-check fails: no progress, nothing settled, the round stays closed', () => {
    const f = raceRound('cross');
    const view = viewOf(f);
    const play = new HandPlay(view, f.setupDigest);
    const { powers, calls } = spy(view, false);
    expect(play.advance(powers)).toBe(false);
    expect(calls).toEqual(['crossCheck commit 0']);
    expect(play.round).toBe(0);
    expect(play.orderedPending).toBe(0);
  });

  it('a round waits for every commit: with one missing (both reveals in) nothing is cross-checked and nothing progresses', () => {
    const f = raceRound('no-commit', (e) => !(e.body.type === 'commit' && bySeat(1)(e)));
    expect(f.pool.reveal(0, 1)).toBeDefined();
    expect(f.pool.commit(0, 1)).toBeUndefined();
    const view = viewOf(f);
    const play = new HandPlay(view, f.setupDigest);
    const { powers, calls } = spy(view);
    expect(play.advance(powers)).toBe(false);
    expect(calls).toEqual([]);
    expect(play.round).toBe(0);
  });

  it('an agreed real-time move that is no move of the game: not-a-move naming its seat, nothing recorded', () => {
    const f = race('non-move').spectator;
    const { table, handNo } = f.setup;
    const actions = [[{ type: 'fly' }], []];
    const salt = (seat: number) => new Uint8Array(32).fill(seat + 1);
    const commit = (round: number, seat: number) =>
      round === 0
        ? ({
            seat,
            type: 'commit',
            data: { round, digest: roundDigest(table, handNo, round, seat, actions[seat]!, salt(seat)) },
          } as unknown as TableEvent<'commit'>)
        : undefined;
    const reveal = (round: number, seat: number) =>
      round === 0
        ? ({
            seat,
            type: 'reveal',
            data: { round, actions: actions[seat]!, salt: salt(seat) },
          } as unknown as TableEvent<'reveal'>)
        : undefined;
    const view = viewOf(f, { pool: { commit, reveal } as unknown as PlayView['pool'] });
    const play = new HandPlay(view, f.setupDigest);
    const { powers, stops, records } = spy(view);
    expect(play.advance(powers)).toBe(true);
    expect(play.orderedPending).toBe(1);
    expect(play.advance(powers)).toBe(false);
    expect(stops).toEqual([{ code: 'not-a-move', seat: 0, detail: 'sent a move that is not a move of this game' }]);
    expect(records).toEqual([]);
  });
});
