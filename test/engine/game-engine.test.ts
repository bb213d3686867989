/**
 * The generic engine `defineGame` builds, on the probe game (turns,
 * several cards claimed at once, reveals of several handles): which await
 * lets which seat act, the reducer's gating and step counter, a bug in the
 * rules turned into `internal-error`, every branch of the card-claim check
 * and of a reveal-all's validation with its exact error code, and the
 * pass-through parts of the `Game` (options, deck, claimedCards,
 * legalActions, view, zones, outcome).
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';
import { awaitsSeat, stateHash, type Awaiting } from '../../src/engine/index.js';
import { act, PROBE_DEAL, probeGame, probeSettled, probeStart, probeStep, type ProbeState } from './probe-game.js';

/** Dealt: seat 0 holds handles 0, 1 (2H, 3H), seat 1 holds 2, 3 (4H, 5H), the pile is 4..7; seat 0 to move. */
function dealt(options?: object): ProbeState {
  const game = probeGame();
  const open = options ? { ...PROBE_DEAL, 8: 'XX' } : PROBE_DEAL;
  return probeSettled(game, probeStart(game, { players: 2, options }), open).state;
}

describe('awaitsSeat', () => {
  test.each<[string, Awaiting, boolean[]]>([
    ['a move of seat 1', { kind: 'move', seat: 1, what: 'play' }, [false, true, false]],
    ['choices owed by seats 0 and 2', { kind: 'choices', seats: [0, 2], what: 'pass' }, [true, false, true]],
    ['anytime for seat 2', { kind: 'anytime', seats: [2], what: 'snap' }, [false, false, true]],
    ['crypto work', { kind: 'crypto', requests: [] }, [false, false, false]],
    ['the end', { kind: 'over' }, [false, false, false]],
  ])('%s', (_name, awaiting, seats) => {
    expect([0, 1, 2].map((seat) => awaitsSeat(awaiting, seat))).toEqual(seats);
  });
});

describe('the reducer', () => {
  test('a turn: only the seat to move may act, and its move passes the turn', () => {
    const game = probeGame();
    const state = dealt();
    expect(game.awaits(state)).toEqual({ kind: 'move', seat: 0, what: 'play' });
    expect(game.reduce(state, act(1, { type: 'flip', handles: [] }))).toEqual({ ok: false, error: 'not-your-turn' });
    const next = probeStep(game, state, act(0, { type: 'flip', handles: [] }));
    expect(game.awaits(next)).toEqual({ kind: 'move', seat: 1, what: 'play' });
  });

  test('a seat number equal to the player count is bad-seat, not merely not-your-turn', () => {
    expect(probeGame().reduce(dealt(), act(2, { type: 'end' }))).toEqual({ ok: false, error: 'bad-seat' });
  });

  test('step counts the accepted inputs', () => {
    const game = probeGame();
    const start = probeStart(game);
    expect(start.step).toBe(0);
    const state = dealt();
    expect(state.step).toBe(2);
    expect(probeStep(game, state, act(0, { type: 'flip', handles: [] })).step).toBe(3);
  });

  test('a rule that throws is internal-error, and the state given is untouched', () => {
    const game = probeGame();
    const state = dealt();
    const before = stateHash(state);
    expect(game.reduce(state, act(0, { type: 'boom' }))).toEqual({ ok: false, error: 'internal-error' });
    expect(stateHash(state)).toBe(before);
  });

  test('while crypto work is pending the engine awaits it and nobody has a legal action', () => {
    const game = probeGame();
    const state = probeStart(game);
    expect(game.awaits(state)).toEqual({ kind: 'crypto', requests: state.requests });
    expect(state.requests).toHaveLength(2);
    expect(game.legalActions(state, 0, { known: PROBE_DEAL })).toEqual([]);
  });
});

describe('cards claimed by an action', () => {
  test('several hand cards at once become public, shown to every seat', () => {
    const next = probeStep(
      probeGame(),
      dealt(),
      act(0, {
        type: 'play',
        cards: [
          { handle: 0, card: '2H' },
          { handle: 1, card: '3H' },
        ],
      }),
    );
    expect(next.cards.slice(0, 2)).toEqual([
      { card: '2H', seen: [0, 1], gone: false },
      { card: '3H', seen: [0, 1], gone: false },
    ]);
    expect(next.board.table).toEqual([0, 1]);
  });

  test('the same handle claimed twice as the same card is consistent', () => {
    const next = probeStep(
      probeGame(),
      dealt(),
      act(0, {
        type: 'play',
        cards: [
          { handle: 0, card: '2H' },
          { handle: 0, card: '2H' },
        ],
      }),
    );
    expect(next.cards[0]?.card).toBe('2H');
    expect(next.board.table).toEqual([0]);
  });

  test.each<[string, { handle: number; card: string }[], string]>([
    [
      'one handle claimed as two cards',
      [
        { handle: 0, card: '2H' },
        { handle: 0, card: '3H' },
      ],
      'claim-mismatch',
    ],
    [
      'one card claimed on two handles',
      [
        { handle: 0, card: '2H' },
        { handle: 1, card: '2H' },
      ],
      'card-elsewhere',
    ],
    ['a card of the other seat', [{ handle: 2, card: '4H' }], 'card-not-seen'],
  ])('refuses %s', (_name, cards, error) => {
    expect(probeGame().reduce(dealt(), act(0, { type: 'play', cards }))).toEqual({ ok: false, error });
  });

  test('a card that is already public may be claimed as what it is, and only as that', () => {
    const game = probeGame();
    const flipped = probeSettled(game, probeStep(game, dealt(), act(0, { type: 'flip', handles: [0] }))).state;
    expect(flipped.cards[0]).toEqual({ card: '2H', seen: [0, 1], gone: false });
    const again = probeStep(game, flipped, act(1, { type: 'flip', handles: [] }));
    expect(game.reduce(again, act(0, { type: 'play', cards: [{ handle: 0, card: '3H' }] }))).toEqual({
      ok: false,
      error: 'claim-mismatch',
    });
    const played = probeStep(game, again, act(0, { type: 'play', cards: [{ handle: 0, card: '2H' }] }));
    expect(played.board.table).toEqual([0]);
  });

  test('a handle retired by a reshuffle cannot be claimed', () => {
    const game = probeGame();
    const mixed = probeSettled(game, probeStep(game, dealt(), act(0, { type: 'mix' }))).state;
    expect(mixed.cards[4]?.gone).toBe(true);
    expect(game.reduce(mixed, act(1, { type: 'play', cards: [{ handle: 4, card: '6H' }] }))).toEqual({
      ok: false,
      error: 'handle-gone',
    });
  });

  test('an id in the deck that is not a card is still not-a-card', () => {
    const state = dealt({ stranger: true });
    expect(state.deck).toContain('XX');
    expect(probeGame().reduce(state, act(0, { type: 'play', cards: [{ handle: 0, card: 'XX' }] }))).toEqual({
      ok: false,
      error: 'not-a-card',
    });
  });
});

describe('a reveal to every seat of several handles', () => {
  /** Seat 0 has asked to turn the pile's handles 4 and 5 face up (request 2). */
  function flipping(): ProbeState {
    return probeStep(probeGame(), dealt(), act(0, { type: 'flip', handles: [4, 5] }));
  }

  test('sets each card public', () => {
    const next = probeStep(probeGame(), flipping(), { kind: 'revealed', request: 2, cards: { 4: '6H', 5: '7H' } });
    expect(next.cards.slice(4, 6)).toEqual([
      { card: '6H', seen: [0, 1], gone: false },
      { card: '7H', seen: [0, 1], gone: false },
    ]);
    expect(next.requests).toEqual([]);
  });

  test.each<[string, Record<string, string>, string]>([
    ['one handle swapped for another', { 4: '6H', 9: '7H' }, 'reveal-mismatch'],
    ['one card on both handles', { 4: '6H', 5: '6H' }, 'card-elsewhere'],
    ['an empty card', { 4: '6H', 5: '' }, 'not-a-card'],
  ])('refuses %s', (_name, cards, error) => {
    expect(probeGame().reduce(flipping(), { kind: 'revealed', request: 2, cards })).toEqual({ ok: false, error });
  });

  test('a handle that is already public is revealed again only as the same card', () => {
    const game = probeGame();
    const played = probeStep(game, dealt(), act(0, { type: 'play', cards: [{ handle: 0, card: '2H' }] }));
    const reflip = probeStep(game, played, act(1, { type: 'flip', handles: [0] }));
    expect(game.reduce(reflip, { kind: 'revealed', request: 2, cards: { 0: '9H' } })).toEqual({
      ok: false,
      error: 'reveal-mismatch',
    });
    const same = probeStep(game, reflip, { kind: 'revealed', request: 2, cards: { 0: '2H' } });
    expect(same.cards[0]).toEqual({ card: '2H', seen: [0, 1], gone: false });
  });
});

describe('the rest of the Game', () => {
  test('names and options come from the rules', () => {
    const game = probeGame();
    expect([game.id, game.displayName, game.minPlayers, game.maxPlayers]).toEqual(['probe', 'Probe', 2, 3]);
    expect(game.defaultOptions).toEqual({ stranger: false });
    expect(game.raceErrors).toEqual(['has-higher']);
    expect(game.parseOptions({}, 2)).toEqual({ stranger: false });
    expect(game.parseOptions({ colour: 'red' }, 2)).toBeNull();
    expect(game.deck({ stranger: true }, 3)).toEqual(['2H', '3H', '4H', '5H', '6H', '7H', '8H', '9H', 'XX']);
  });

  test('claimedCards parses the action and lists the cards it claims; null if malformed', () => {
    const game = probeGame();
    const cards = [{ handle: 1, card: '3H' }];
    expect(game.claimedCards({ type: 'play', cards })).toEqual(cards);
    expect(game.claimedCards({ type: 'end' })).toEqual([]);
    expect(game.claimedCards({ type: 'play' })).toBeNull();
  });

  test('legalActions: none for a seat not awaited; without a private view only what is public', async () => {
    // The default view is a module constant of game.ts: read from a game.ts loaded now (test/helpers/loaded-now.ts).
    const engine = await loadedNow(() => import('../../src/engine/game.js'));
    const game = probeGame(engine.defineGame);
    const state = dealt();
    expect(game.legalActions(state, 1, { known: { 2: '4H' } })).toEqual([]);
    expect(game.legalActions(state, 0)).toEqual([{ type: 'end' }]);
    expect(game.legalActions(state, 0, { known: { 1: '3H' } })).toEqual([
      { type: 'play', cards: [{ handle: 1, card: '3H' }] },
      { type: 'end' },
    ]);
  });

  test('view, zones and outcome come from the rules; the default private view knows nothing', () => {
    const game = probeGame();
    const state = dealt();
    expect(game.view(state, 0)).toEqual({ board: state.board, known: {} });
    expect(game.view(state, null, { known: { 0: '2H' } }).known).toEqual({ 0: '2H' });
    expect(game.zones(state)).toEqual({ table: [], pile: [4, 5, 6, 7], 'hand@0': [0, 1], 'hand@1': [2, 3] });
    expect(game.outcome(state)).toBeNull();
    const over = probeStep(game, state, act(0, { type: 'end' }));
    expect(game.awaits(over)).toEqual({ kind: 'over' });
    expect(game.outcome(over)).toEqual({ ranking: [[0]], nextDealer: 1, scores: null, carry: null, summary: 'ended' });
  });
});
