/**
 * The generic reducer on a toy game: who may act when, crypto requests and
 * their completion (reveal to one, reveal to all, forward, reshuffle into
 * fresh handles, chained requests), card claims, malformed
 * input from peers, replay, and the audit's verdicts when a reveal, a claimed
 * card, a reshuffle or the deal itself was a lie.
 */
import { describe, expect, test } from 'vitest';
import {
  census,
  contributors,
  privateViewOf,
  settle,
  stateHash,
  type CryptoRequest,
  type OpenCards,
} from '../../src/engine/index.js';
import { requestReshuffle, toyGame, type ToyBoard } from './toy-game.js';
import type { State } from '../../src/engine/index.js';

type ToyState = State<ToyBoard, Record<string, never>>;
const args = { players: 2 };
// Handle i holds deck card i: 0 → 2H, 1 → 3H, …, 7 → 9H.
const deal: OpenCards = Object.fromEntries(['2H', '3H', '4H', '5H', '6H', '7H', '8H', '9H'].map((c, i) => [i, c]));

function start(): ToyState {
  const setup = toyGame.setup(args);
  if (!setup.ok) throw new Error(setup.error);
  return setup.value;
}

function step(state: ToyState, input: unknown): ToyState {
  const next = toyGame.reduce(state, input);
  if (!next.ok) throw new Error(`refused: ${next.error} for ${JSON.stringify(input)}`);
  return next.value;
}

function settled(state: ToyState, open: OpenCards = deal): { state: ToyState; inputs: unknown[]; open: OpenCards } {
  const done = settle(toyGame, state, open);
  if (!done.ok) throw new Error(done.error);
  return { state: done.state as ToyState, inputs: done.inputs, open: done.open };
}

/** Dealt, passed and forwarded: each seat holds the other's card. Returns the inputs too. */
function afterPassing(): { state: ToyState; inputs: unknown[] } {
  const inputs: unknown[] = [];
  let s = settled(start());
  inputs.push(...s.inputs);
  let state = step(s.state, { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } });
  state = step(state, { kind: 'act', seat: 1, action: { type: 'pass', handle: 1 } });
  inputs.push(
    { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } },
    { kind: 'act', seat: 1, action: { type: 'pass', handle: 1 } },
  );
  s = settled(state);
  inputs.push(...s.inputs);
  return { state: s.state, inputs };
}

describe('awaits and crypto requests', () => {
  test('setup deals by asking the table to reveal each hand to its owner', () => {
    const state = start();
    expect(toyGame.awaits(state)).toEqual({
      kind: 'crypto',
      requests: [
        { id: 0, kind: 'reveal-to', seat: 0, handles: [0] },
        { id: 1, kind: 'reveal-to', seat: 1, handles: [1] },
      ],
    });
    expect(toyGame.reduce(state, { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } })).toEqual({
      ok: false,
      error: 'awaiting-crypto',
    });
    expect(toyGame.legalActions(state, 0, { known: {} })).toEqual([]);
  });

  test.each<[string, unknown, string]>([
    ['an unknown request', { kind: 'delivered', request: 7 }, 'unknown-request'],
    ['the wrong kind of completion', { kind: 'revealed', request: 0, cards: { 0: '2H' } }, 'wrong-fulfilment'],
    ['a reshuffle completion for a reveal', { kind: 'reshuffled', request: 1 }, 'wrong-fulfilment'],
  ])('refuses %s', (_name, input, error) => {
    expect(toyGame.reduce(start(), input)).toEqual({ ok: false, error });
  });

  test('a private reveal marks the recipient only; the card stays hidden from the public', () => {
    const state = step(start(), { kind: 'delivered', request: 0 });
    expect(state.cards[0]).toEqual({ card: null, seen: [0], gone: false });
    expect(state.cards[1]).toEqual({ card: null, seen: [], gone: false });
    expect(state.requests.map((r) => r.id)).toEqual([1]);
  });

  test('simultaneous choices: any arrival order gives the same state, applied in seat order', () => {
    const dealt = settled(start()).state;
    const a = step(step(dealt, { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } }), {
      kind: 'act',
      seat: 1,
      action: { type: 'pass', handle: 1 },
    });
    const b = step(step(dealt, { kind: 'act', seat: 1, action: { type: 'pass', handle: 1 } }), {
      kind: 'act',
      seat: 0,
      action: { type: 'pass', handle: 0 },
    });
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.requests).toEqual([
      { id: 2, kind: 'forward', from: 0, to: 1, handles: [0] },
      { id: 3, kind: 'forward', from: 1, to: 0, handles: [1] },
    ]);
    const half = step(dealt, { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } });
    expect(toyGame.awaits(half)).toEqual({ kind: 'choices', seats: [1], what: 'pass' });
    expect(toyGame.reduce(half, { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } })).toEqual({
      ok: false,
      error: 'not-your-turn',
    });
  });

  test('a forward shows the card to the recipient; the sender still knows it; nobody else does', () => {
    const { state } = afterPassing();
    expect(state.cards[0]?.seen).toEqual([0, 1]);
    expect(privateViewOf(state, deal, 1).known).toEqual({ 0: '2H', 1: '3H' });
    expect(state.cards[0]?.card).toBeNull();
    expect(toyGame.awaits(state)).toEqual({ kind: 'anytime', seats: [0, 1], what: 'play' });
    expect(toyGame.legalActions(state, 1, privateViewOf(state, deal, 1))).toContainEqual({
      type: 'show',
      handle: 0,
      card: '2H',
    });
  });

  test('a reshuffle retires the old handles, allocates fresh ones, and a chained request follows', () => {
    const { state } = afterPassing();
    const shown = step(state, { kind: 'act', seat: 1, action: { type: 'show', handle: 0, card: '2H' } });
    const mixing = step(shown, { kind: 'act', seat: 0, action: { type: 'mix' } });
    const request = mixing.requests[0] as Extract<CryptoRequest, { kind: 'reshuffle' }>;
    expect(request).toEqual({
      id: 4,
      kind: 'reshuffle',
      handles: [0, 2, 3, 4, 5, 6, 7],
      into: [8, 9, 10, 11, 12, 13, 14],
    });
    expect(mixing.cards.slice(0, 8).map((c) => c.gone)).toEqual([true, false, true, true, true, true, true, true]);
    expect(mixing.cards[8]).toEqual({ card: null, seen: [], gone: false });
    expect(census(toyGame, mixing)).toEqual([]);
    const reshuffled = step(mixing, { kind: 'reshuffled', request: 4 });
    expect(toyGame.awaits(reshuffled)).toEqual({
      kind: 'crypto',
      requests: [{ id: 5, kind: 'reveal-all', handles: [8] }],
    });
    // The fixed-deal table completes both, extending the deal to the new handles.
    const done = settled(mixing);
    expect(done.open[8]).toBe('2H');
    expect(done.state.cards[8]?.card).toBe('2H');
    expect(census(toyGame, done.state, done.open)).toEqual([]);
  });

  test('a reshuffle of cards one seat knew leaves nobody knowing the new handles (a reveal-to must follow)', () => {
    const { state } = afterPassing();
    expect(state.cards[1]?.seen).toContain(0);
    const draft = cloneState(state);
    const into = requestReshuffle(draft, [1]);
    draft.board.hands[0] = into;
    const next = step(draft, { kind: 'reshuffled', request: draft.requests[0]?.id ?? -1 });
    expect(next.cards[into[0] ?? -1]?.seen).toEqual([]);
  });

  test.each<[CryptoRequest, number[]]>([
    [{ id: 0, kind: 'reveal-all', handles: [1] }, [0, 1, 2]],
    [{ id: 0, kind: 'reveal-to', seat: 1, handles: [1] }, [0, 2]],
    [{ id: 0, kind: 'forward', from: 2, to: 0, handles: [1] }, [2]],
    [{ id: 0, kind: 'reshuffle', handles: [1], into: [9] }, [0, 1, 2]],
  ])('contributors of %j', (request, seats) => {
    expect(contributors(request, 3)).toEqual(seats);
  });
});

function cloneState(state: ToyState): ToyState {
  return JSON.parse(JSON.stringify(state)) as ToyState;
}

describe('revealed cards are validated', () => {
  /** State with a reveal-all pending for handle 8 (the new pile's top). */
  function pendingReveal(): ToyState {
    const { state } = afterPassing();
    return step(step(state, { kind: 'act', seat: 0, action: { type: 'mix' } }), { kind: 'reshuffled', request: 4 });
  }
  test.each<[string, Record<string, string>, string]>([
    ['a missing handle', {}, 'reveal-mismatch'],
    ['an extra handle', { 8: '2H', 9: '3H' }, 'reveal-mismatch'],
    ['not a card of this deck', { 8: 'KS' }, 'not-a-card'],
    ['not a card at all', { 8: 'zz' }, 'not-a-card'],
  ])('refuses %s', (_name, cards, error) => {
    expect(toyGame.reduce(pendingReveal(), { kind: 'revealed', request: 5, cards })).toEqual({ ok: false, error });
  });

  test('refuses a card that is public under another live handle', () => {
    const { state } = afterPassing();
    const shown = step(state, { kind: 'act', seat: 1, action: { type: 'show', handle: 0, card: '2H' } });
    // Reshuffle only the pile: 2H stays public on the table.
    const draft = cloneState(shown);
    draft.board.table = [];
    const into = requestReshuffle(draft, draft.board.pile);
    draft.board.pile = into;
    draft.board.table = [0];
    const reshuffled = step(draft, { kind: 'reshuffled', request: 4 });
    expect(toyGame.reduce(reshuffled, { kind: 'revealed', request: 5, cards: { [into[0] ?? -1]: '2H' } }).ok).toBe(
      false,
    );
  });
});

describe('card claims in actions', () => {
  test.each<[string, object, string]>([
    ['a handle that does not exist', { type: 'show', handle: 99, card: '2H' }, 'unknown-handle'],
    ['a card not in the deck', { type: 'show', handle: 0, card: 'AS' }, 'not-a-card'],
    ['a card the seat was never shown', { type: 'show', handle: 5, card: '7H' }, 'card-not-seen'],
  ])('refuses %s', (_name, action, error) => {
    expect(toyGame.reduce(afterPassing().state, { kind: 'act', seat: 1, action })).toEqual({ ok: false, error });
  });

  test('refuses a claim that contradicts a public card, or names a card public elsewhere', () => {
    const shown = step(afterPassing().state, { kind: 'act', seat: 1, action: { type: 'show', handle: 0, card: '2H' } });
    expect(shown.cards[0]).toEqual({ card: '2H', seen: [0, 1], gone: false });
    expect(toyGame.reduce(shown, { kind: 'act', seat: 0, action: { type: 'show', handle: 1, card: '2H' } })).toEqual({
      ok: false,
      error: 'card-elsewhere',
    });
    const moreShown = step(shown, { kind: 'act', seat: 0, action: { type: 'show', handle: 1, card: '3H' } });
    expect(moreShown.cards[1]?.card).toBe('3H');
  });
});

describe('malformed input never throws', () => {
  test.each<[string, unknown, string]>([
    ['null', null, 'malformed-input'],
    ['a string', 'act', 'malformed-input'],
    ['no kind', { seat: 0 }, 'malformed-input'],
    ['a negative seat', { kind: 'act', seat: -1, action: {} }, 'malformed-input'],
    ['a fractional seat', { kind: 'act', seat: 0.5, action: {} }, 'malformed-input'],
    ['an extra key', { kind: 'delivered', request: 0, x: 1 }, 'malformed-input'],
    ['a non-numeric handle key', { kind: 'revealed', request: 0, cards: { '01': '2H' } }, 'malformed-input'],
    ['a seat beyond the table', { kind: 'act', seat: 5, action: { type: 'pass', handle: 0 } }, 'bad-seat'],
    ['an unknown action', { kind: 'act', seat: 0, action: { type: 'fly' } }, 'malformed-action'],
    [
      'an action with an extra key',
      { kind: 'act', seat: 0, action: { type: 'pass', handle: 0, extra: true } },
      'malformed-action',
    ],
  ])('%s → %s', (_name, input, error) => {
    const dealt = settled(start()).state;
    const frozen = deepFreeze(cloneState(dealt));
    expect(toyGame.reduce(frozen, input)).toEqual({ ok: false, error });
  });

  test('a __proto__ key in revealed cards is dropped, never merged into a prototype', () => {
    const input = JSON.parse('{"kind":"revealed","request":0,"cards":{"__proto__":{"polluted":true}}}') as unknown;
    expect(toyGame.reduce(start(), input).ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('the reducer never mutates the state it is given', () => {
    const dealt = deepFreeze(cloneState(settled(start()).state));
    const before = stateHash(dealt);
    const next = toyGame.reduce(dealt, { kind: 'act', seat: 0, action: { type: 'pass', handle: 0 } });
    expect(next.ok).toBe(true);
    expect(stateHash(dealt)).toBe(before);
  });

  test('after the end nobody may act', () => {
    const over = step(afterPassing().state, { kind: 'act', seat: 0, action: { type: 'stop' } });
    expect(toyGame.awaits(over)).toEqual({ kind: 'over' });
    expect(toyGame.reduce(over, { kind: 'act', seat: 1, action: { type: 'mix' } })).toEqual({
      ok: false,
      error: 'game-over',
    });
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

describe('replay and audit', () => {
  function playedHand(): { inputs: unknown[]; open: OpenCards; state: ToyState } {
    const { state, inputs } = afterPassing();
    const all = [...inputs];
    let current = step(state, { kind: 'act', seat: 1, action: { type: 'show', handle: 0, card: '2H' } });
    all.push({ kind: 'act', seat: 1, action: { type: 'show', handle: 0, card: '2H' } });
    current = step(current, { kind: 'act', seat: 0, action: { type: 'mix' } });
    all.push({ kind: 'act', seat: 0, action: { type: 'mix' } });
    const done = settled(current, deal);
    all.push(...done.inputs);
    return { inputs: all, open: done.open, state: done.state };
  }

  test('replay reproduces the state; a bad input is reported with its index', () => {
    const { inputs, state } = playedHand();
    const replayed = toyGame.replay(args, inputs);
    expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(state));
    const broken = [...inputs.slice(0, 3), { kind: 'delivered', request: 42 }, ...inputs.slice(3)];
    expect(toyGame.replay(args, broken)).toEqual({ ok: false, error: { index: 3, code: 'unknown-request' } });
  });

  test('an honest hand audits clean', () => {
    const { inputs, open } = playedHand();
    expect(toyGame.audit(args, inputs, open)).toEqual({
      verdict: 'clean',
      inputs: inputs.length,
      claimsChecked: 0,
      cardsChecked: 15,
    });
  });

  test('a reveal that was not the true card is blamed on the table (crypto layer)', () => {
    const { inputs, open } = playedHand();
    const last = inputs.length - 1;
    const lying = inputs.map((input, i) => (i === last ? { kind: 'revealed', request: 5, cards: { 8: '5H' } } : input));
    expect(toyGame.replay(args, lying).ok).toBe(true);
    expect(toyGame.audit(args, lying, open)).toEqual({
      verdict: 'fault',
      index: last,
      seat: null,
      reason: 'reveal-mismatch',
    });
  });

  test('a claimed card that was not the true card is blamed on its author', () => {
    const { state, inputs } = afterPassing();
    const lie = { kind: 'act', seat: 1, action: { type: 'show', handle: 0, card: '8H' } };
    expect(toyGame.reduce(state, lie).ok).toBe(true);
    expect(toyGame.audit(args, [...inputs, lie], deal)).toEqual({
      verdict: 'fault',
      index: inputs.length,
      seat: 1,
      reason: 'false-card-claim',
    });
  });

  test('a reshuffle whose cards are not the packet is a fault', () => {
    const { inputs, open } = playedHand();
    const wrong = { ...open, 8: '3H', 9: '3H' };
    const report = toyGame.audit(args, inputs, wrong);
    expect(report).toMatchObject({ verdict: 'fault', seat: null, reason: 'reshuffle-mismatch' });
  });

  test.each<[string, OpenCards]>([
    ['a missing card', Object.fromEntries(Object.entries(deal).slice(1))],
    ['a card twice', { ...deal, 1: '2H' }],
  ])('a deal with %s is a fault of the deal itself', (_name, open) => {
    const { inputs } = afterPassing();
    expect(toyGame.audit(args, inputs, open)).toMatchObject({
      verdict: 'fault',
      index: -1,
      seat: null,
      reason: 'deal-mismatch',
    });
  });
});
