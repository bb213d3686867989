/**
 * Property tests of Stress (speed) on random deals, played in real time (both
 * seats decide on the state they last saw, moves may be in flight while the
 * other seat's lands, the table orders them at random):
 * - uniformly random players and noisy heuristic players: at every step every
 *   card is in exactly one zone, pile cards are known to nobody and row and
 *   centre cards to everybody, every legal action of either seat is accepted,
 *   no refusal other than a race ever happens; every hand ends within 2 000
 *   inputs (the longest of ~1 500 measured hands took 376: every play sheds a
 *   card, stalemates deal from the piles, and the rules' own chain of
 *   stalemate deals always stops; nothing forbids a long run of stress calls,
 *   so the bound is measured, not proved); the hand replays to the same state
 *   hash, audits clean, and its outcome names a winner with no cards left (or
 *   a blocked hand).
 * - any two moves of the two seats made on the same state, applied in either
 *   order: the first lands; the second lands if it does not touch what the
 *   first changed, and otherwise bounces with a race code (two plays onto one
 *   stack: exactly one lands); the same order always gives the same state.
 * - a move built on its author's own move that bounced bounces too.
 * - garbage input at any point is refused with an error code, never thrown.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runs, seedFor } from '../../helpers/depth.js';
import { census, completeOldest, privateViewOf, stateHash, type OpenCards } from '../../../src/engine/index.js';
import { heuristicBot, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { cardsLeft, stressSpeed, type SpeedAction, type SpeedState } from '../../../src/games/stress-speed/index.js';
import { expectRefusedOrLegal } from '../../helpers/garbage.js';
import { dealtHand, handleOf, knowledgeProblems, playRealTime, position } from './helpers.js';

const args = { players: 2 };

/** Complete pending crypto from the fixed deal, as an honest table would. */
function settled(state: SpeedState, open: OpenCards): { state: SpeedState; open: OpenCards } {
  let current = state;
  let deal = open;
  for (let next = completeOldest(current, deal); next !== null; next = completeOldest(current, deal)) {
    const result = stressSpeed.reduce(current, next.input);
    if (!result.ok) throw new Error(`crypto: ${result.error}`);
    current = result.value;
    deal = next.open;
  }
  return { state: current, open: deal };
}

/** Every legal action of both seats is accepted (and a seat with none is simply idle: real time has no turns). */
function legalActionsAccepted(state: SpeedState): string[] {
  const problems: string[] = [];
  for (const seat of [0, 1]) {
    for (const action of stressSpeed.legalActions(state, seat)) {
      const result = stressSpeed.reduce(state, { kind: 'act', seat, action });
      if (!result.ok) problems.push(`legal action ${JSON.stringify(action)} of seat ${seat} refused: ${result.error}`);
    }
  }
  return problems;
}

const players: Record<string, (seed: number) => Bot[]> = {
  'uniformly random players': (seed) => [randomBot(makeRng(seed)), randomBot(makeRng(seed + 1))],
  'heuristic players with random slips': (seed) =>
    [0, 1].map((seat) => heuristicBot({ rng: makeRng(seed * 31 + seat), noise: ((seed % 5) + 1) / 10 })),
};

describe.each(Object.keys(players))('%s in real time', (kind) => {
  test("cards stay in one place, knowledge stays public or nobody's, legal actions are accepted; the hand ends, replays and audits clean", () => {
    fc.assert(
      fc.property(fc.nat(), fc.double({ min: 0, max: 0.9, noNaN: true }), (seed, lag) => {
        const { state: start, open: deal } = dealtHand(seed);
        const problems: string[] = [];
        const result = playRealTime(start, deal, players[kind]?.(seed) ?? [], {
          maxInputs: 2000,
          orderRng: makeRng(seed ^ 0x5eed),
          lag,
          onStep: (state, _input, open) => {
            // A reshuffle's fresh handles have no card in the deal until it is done.
            const reshuffling = state.requests.some((r) => r.kind === 'reshuffle');
            problems.push(...census(stressSpeed, state, reshuffling ? undefined : open), ...knowledgeProblems(state));
            if (state.step % 4 === 0) problems.push(...legalActionsAccepted(state));
          },
        });
        expect(result.reason).toBe('');
        expect(result.finished).toBe(true);
        expect(problems.slice(0, 5)).toEqual([]);
        expect(result.bounces.every((b) => stressSpeed.raceErrors.includes(b.error))).toBe(true);
        const replayed = stressSpeed.replay(args, result.inputs);
        expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(result.state));
        expect(stressSpeed.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
        const board = result.state.board;
        const outcome = stressSpeed.outcome(result.state);
        if (board.blocked) {
          expect(outcome?.ranking).toEqual([[0, 1]]);
        } else {
          const winner = board.winner ?? -1;
          expect(outcome?.ranking).toEqual([[winner], [1 - winner]]);
          expect(board.seats.map((mine) => cardsLeft(mine) === 0)).toEqual([winner === 0, winner === 1]);
        }
      }),
      { numRuns: runs(8, 60), seed: seedFor(20260201) },
    );
  });
});

type Play = Extract<SpeedAction, { type: 'play' }>;

/** Whether `second`, made on the same state as `first`, can no longer fit once `first` has landed. */
function conflicts(first: SpeedAction, second: SpeedAction): boolean {
  if (first.type === 'stress' || second.type === 'stress') return true;
  return first.stack === second.stack;
}

describe('concurrent moves', () => {
  test('in either order the first lands, the second lands or bounces with a race code; one order, one state', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(150), (seed, prefix) => {
        const { state: start, open: deal } = dealtHand(seed);
        const bots = [randomBot(makeRng(seed)), randomBot(makeRng(seed + 1))];
        const reached = playRealTime(start, deal, bots, { maxInputs: prefix, orderRng: makeRng(seed) });
        const { state, open } = settled(reached.state, reached.open);
        fc.pre(stressSpeed.awaits(state).kind === 'anytime');
        const pairs = stressSpeed
          .legalActions(state, 0)
          .flatMap((a) => stressSpeed.legalActions(state, 1).map((b) => [a, b] as const));
        fc.pre(pairs.length > 0);
        for (const [mine, theirs] of pairs) {
          for (const [[firstSeat, first], [secondSeat, second]] of [
            [
              [0, mine],
              [1, theirs],
            ],
            [
              [1, theirs],
              [0, mine],
            ],
          ] as const) {
            const landed = stressSpeed.reduce(state, { kind: 'act', seat: firstSeat, action: first });
            if (!landed.ok) throw new Error(`first move refused: ${landed.error}`);
            const after = settled(landed.value, open).state;
            const result = stressSpeed.reduce(after, { kind: 'act', seat: secondSeat, action: second });
            if (after.board.phase === 'over') expect(result).toEqual({ ok: false, error: 'game-over' });
            else if (conflicts(first, second))
              expect(result).toEqual({ ok: false, error: second.type === 'stress' ? 'stale-call' : 'stale-top' });
            else expect(result.ok).toBe(true);
            // Both peers apply the agreed order to the same state: the same result.
            const again = stressSpeed.reduce(state, { kind: 'act', seat: firstSeat, action: first });
            expect(again.ok && stateHash(again.value)).toBe(stateHash(landed.value));
          }
          const sameStack = mine.type === 'play' && theirs.type === 'play' && mine.stack === theirs.stack;
          if (sameStack) {
            // Exactly one of two plays onto one top lands, whichever the table orders first.
            const order = (a: Play, seatA: number, b: Play, seatB: number): string[] => {
              const one = stressSpeed.reduce(state, { kind: 'act', seat: seatA, action: a });
              const two = one.ok
                ? stressSpeed.reduce(settled(one.value, open).state, { kind: 'act', seat: seatB, action: b })
                : one;
              return [one.ok ? 'lands' : one.error, two.ok ? 'lands' : two.error];
            };
            const firstWins = order(mine, 0, theirs, 1);
            if (firstWins[1] !== 'game-over') expect(firstWins).toEqual(['lands', 'stale-top']);
            const secondWins = order(theirs, 1, mine, 0);
            if (secondWins[1] !== 'game-over') expect(secondWins).toEqual(['lands', 'stale-top']);
          }
        }
      }),
      { numRuns: runs(10, 80), seed: seedFor(20260202) },
    );
  });

  test("a move built on its author's own move that bounced bounces too: nobody is blamed", () => {
    // Seat 0 sends 5H onto 4C and, in the same round, 6C onto its own 5H and then the 2D under the 5H.
    // The table orders seat 1's 3D onto 4C first.
    const { state, open } = position({
      seats: [
        { row: [['2D', '5H'], ['6C'], ['9C'], ['KH']], pile: ['QS'] },
        { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H'] },
      ],
      stacks: [
        ['3C', '4C'],
        ['QD', 'JD'],
      ],
    });
    const h = (card: string): number => handleOf(state, open, card);
    const moves: Array<[number, SpeedAction]> = [
      [1, { type: 'play', slot: 0, handle: h('3D'), stack: 0, onTop: h('4C') }],
      [0, { type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') }],
      [0, { type: 'play', slot: 1, handle: h('6C'), stack: 0, onTop: h('5H') }],
      [0, { type: 'play', slot: 0, handle: h('2D'), stack: 0, onTop: h('3D') }],
    ];
    const outcomes: string[] = [];
    let current = state;
    for (const [seat, action] of moves) {
      const result = stressSpeed.reduce(current, { kind: 'act', seat, action });
      outcomes.push(result.ok ? 'lands' : result.error);
      if (result.ok) current = settled(result.value, open).state;
    }
    expect(outcomes).toEqual(['lands', 'stale-top', 'stale-top', 'stale-top']);
  });
});

describe('garbage input', () => {
  const handleArb = fc.integer({ min: -2, max: 120 });
  const garbageAction = fc.oneof(
    fc.anything(),
    fc.record(
      {
        type: fc.constantFrom('play', 'stress', 'pickup'),
        slot: fc.anything(),
        handle: fc.anything(),
        stack: fc.anything(),
        onTop: fc.anything(),
        tops: fc.anything(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({
      type: fc.constant('play'),
      slot: fc.integer({ min: -1, max: 5 }),
      handle: handleArb,
      stack: fc.integer({ min: -1, max: 2 }),
      onTop: handleArb,
    }),
    fc.record({ type: fc.constant('stress'), tops: fc.array(handleArb, { maxLength: 3 }) }),
  );
  const garbageInput = fc.oneof(
    fc.anything(),
    fc.record({ kind: fc.constant('act'), seat: fc.integer({ min: -1, max: 3 }), action: garbageAction }),
    fc.record({
      kind: fc.constantFrom('revealed', 'delivered', 'reshuffled'),
      request: fc.integer({ min: -1, max: 40 }),
      cards: fc.dictionary(fc.nat(120).map(String), fc.constantFrom('5H', 'AS', 'zz')),
    }),
  );

  test('is refused with an error code, never thrown, never an internal error, and changes nothing', () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(200), garbageInput, (seed, steps, input) => {
        const { state: start, open } = dealtHand(seed);
        const bots = [randomBot(makeRng(seed)), randomBot(makeRng(seed + 1))];
        const reached = playRealTime(start, open, bots, { maxInputs: steps, orderRng: makeRng(seed) }).state;
        const before = stateHash(reached);
        const live = stressSpeed.reduce(reached, input);
        expect(live.ok || live.error).not.toBe('internal-error');
        // A played card's identity is the table's check, not the reducer's (docs/ARCHITECTURE.md, "Card claims"): reduced live, a false identity for a hand card the seat was shown is accepted, a move no table passes on; reducing with the open cards adds the table's check (false-card-claim).
        const result = stressSpeed.reduce(reached, input, { open });
        if (expectRefusedOrLegal(stressSpeed, reached, open, input, result)) refused++;
        expect(stateHash(reached)).toBe(before);
        // What a seat sees never depends on its private view: piles are unknown to all.
        expect(stressSpeed.view(reached, 0, privateViewOf(reached, open, 0))).toEqual(stressSpeed.view(reached, null));
      }),
      { numRuns: runs(150, 300), seed: seedFor(20260203) },
    );
    // The property is about refusals: nearly every generated input must be one.
    expect(refused).toBeGreaterThanOrEqual(135);
  });
});
