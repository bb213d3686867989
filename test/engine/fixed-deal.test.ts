/**
 * The test-mode table without crypto (src/engine/fixed-deal.ts) and the
 * state invariants (src/engine/invariants.ts), on the toy game: each crypto
 * request completed as an honest table would, a refused completion reported
 * with its input, the private view a seat is owed, the caller-seeded shuffle,
 * every refusal of a scenario deal, and every problem the census names. These
 * helpers are what scenario files, bots' self-play and the conformance suite
 * stand on, so a wrong completion or a census that misses a problem would let
 * every game's tests pass on a broken table.
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';
import {
  census,
  completeOldest,
  dealFromZones,
  privateViewOf,
  settle,
  shuffledDeal,
  type OpenCards,
  type State,
} from '../../src/engine/index.js';
import { toyGame, type ToyBoard } from './toy-game.js';

type ToyState = State<ToyBoard, Record<string, never>>;
const HEARTS = ['2H', '3H', '4H', '5H', '6H', '7H', '8H', '9H'];
// Handle i holds deck card i.
const deal: OpenCards = Object.fromEntries(HEARTS.map((card, handle) => [handle, card]));

function start(players = 2): ToyState {
  const setup = toyGame.setup({ players });
  if (!setup.ok) throw new Error(setup.error);
  return setup.value;
}

function edited(state: ToyState, edit: (draft: ToyState) => void): ToyState {
  const draft = JSON.parse(JSON.stringify(state)) as ToyState;
  edit(draft);
  return draft;
}

function act(state: ToyState, seat: number, action: unknown): ToyState {
  const next = toyGame.reduce(state, { kind: 'act', seat, action });
  if (!next.ok) throw new Error(next.error);
  return next.value;
}

function settled(state: ToyState, open: OpenCards = deal, permute?: (handles: readonly number[]) => number[]) {
  const done = settle(toyGame, state, open, permute);
  if (!done.ok) throw new Error(done.error);
  return { state: done.state as ToyState, inputs: done.inputs, open: done.open };
}

/** Both seats passed and the table showed seat 1's card: the table and pile are ready to mix. */
function readyToMix(): ToyState {
  let state = settled(start()).state;
  state = act(state, 0, { type: 'pass', handle: 0 });
  state = act(state, 1, { type: 'pass', handle: 1 });
  state = settled(state).state;
  return act(state, 1, { type: 'show', handle: 0, card: '2H' });
}

describe('completeOldest answers the oldest request as an honest table would', () => {
  test('nothing pending: nothing to do', () => {
    expect(completeOldest(settled(start()).state, deal)).toBeNull();
  });

  test('a reveal to one seat, then a forward, are delivered; the deal is unchanged', () => {
    const first = completeOldest(start(), deal);
    expect(first).toEqual({ input: { kind: 'delivered', request: 0 }, open: deal });
    let state = act(settled(start()).state, 0, { type: 'pass', handle: 0 });
    state = act(state, 1, { type: 'pass', handle: 1 });
    expect(state.requests[0]).toMatchObject({ kind: 'forward' });
    expect(completeOldest(state, deal)).toEqual({
      input: { kind: 'delivered', request: state.requests[0]?.id },
      open: deal,
    });
  });

  test('a reveal to all names each handle with its card, and an unknown handle as the empty card', () => {
    const asking = edited(settled(start()).state, (draft) => {
      draft.requests = [{ id: 9, kind: 'reveal-all', handles: [3, 5] }];
    });
    expect(completeOldest(asking, deal)?.input).toEqual({ kind: 'revealed', request: 9, cards: { 3: '5H', 5: '7H' } });
    const { 5: _dropped, ...partial } = deal;
    expect(completeOldest(asking, partial)?.input).toEqual({ kind: 'revealed', request: 9, cards: { 3: '5H', 5: '' } });
  });

  test("a reshuffle extends the deal to the fresh handles in the permuter's order (kept order by default)", async () => {
    const mixing = act(readyToMix(), 0, { type: 'mix' });
    const request = mixing.requests[0];
    if (request?.kind !== 'reshuffle') throw new Error('expected a reshuffle');
    // The default order is a module constant of fixed-deal.ts: use one loaded now (test/helpers/loaded-now.ts).
    const fresh = await loadedNow(() => import('../../src/engine/fixed-deal.js'));
    const kept = fresh.completeOldest(mixing, deal);
    expect(kept?.input).toEqual({ kind: 'reshuffled', request: request.id });
    expect(request.into.map((handle) => kept?.open[handle])).toEqual(request.handles.map((handle) => deal[handle]));
    const reversed = completeOldest(mixing, deal, (handles) => [...handles].reverse());
    expect(request.into.map((handle) => reversed?.open[handle])).toEqual(
      request.handles.map((handle) => deal[handle]).reverse(),
    );
    // The old handles keep their cards; the deal given is not modified.
    expect(reversed?.open[0]).toBe('2H');
    expect(Object.keys(deal)).toHaveLength(8);
  });

  test('a reshuffle leaves a fresh handle out when its source card is unknown', () => {
    const mixing = act(readyToMix(), 0, { type: 'mix' });
    const request = mixing.requests[0];
    if (request?.kind !== 'reshuffle') throw new Error('expected a reshuffle');
    const { 0: _unknown, ...partial } = deal;
    const done = completeOldest(mixing, partial);
    expect(request.handles[0]).toBe(0);
    expect(Object.hasOwn(done?.open ?? {}, String(request.into[0]))).toBe(false);
    expect(done?.open[request.into[1] ?? -1]).toBe(deal[request.handles[1] ?? -1]);
  });
});

describe('settle completes requests until none is pending', () => {
  test('the deal: one delivery per hand, in request order', () => {
    const done = settle(toyGame, start(3), deal);
    expect(done).toMatchObject({
      ok: true,
      inputs: [
        { kind: 'delivered', request: 0 },
        { kind: 'delivered', request: 1 },
        { kind: 'delivered', request: 2 },
      ],
      open: deal,
    });
    expect(done.ok && done.state.requests).toEqual([]);
    expect(done.ok && toyGame.awaits(done.state)).toEqual({ kind: 'choices', seats: [0, 1, 2], what: 'pass' });
  });

  test('a chained request is completed too: the mix, then the new top turned up', () => {
    const done = settled(act(readyToMix(), 0, { type: 'mix' }), deal, (handles) => [...handles].reverse());
    expect(done.inputs.map((input) => input.kind)).toEqual(['reshuffled', 'revealed']);
    const top = done.state.board.turned[0] ?? -1;
    expect(done.state.cards[top]?.card).toBe(done.open[top]);
    expect(census(toyGame, done.state, done.open)).toEqual([]);
  });

  test('a completion the reducer refuses stops it, with the error and the input', () => {
    const asking = edited(settled(start()).state, (draft) => {
      draft.requests = [{ id: 4, kind: 'reveal-all', handles: [2] }];
    });
    expect(settle(toyGame, asking, { ...deal, 2: 'AS' })).toEqual({
      ok: false,
      error: 'not-a-card',
      input: { kind: 'revealed', request: 4, cards: { 2: 'AS' } },
    });
  });
});

describe('privateViewOf is what an honest table shows one seat', () => {
  test('its own dealt card only, then the card passed to it as well', () => {
    const dealt = settled(start()).state;
    expect(privateViewOf(dealt, deal, 0)).toEqual({ known: { 0: '2H' } });
    expect(privateViewOf(dealt, deal, 1)).toEqual({ known: { 1: '3H' } });
    let state = act(dealt, 0, { type: 'pass', handle: 0 });
    state = settled(act(state, 1, { type: 'pass', handle: 1 })).state;
    expect(privateViewOf(state, deal, 1)).toEqual({ known: { 0: '2H', 1: '3H' } });
  });

  test('nothing of a retired handle, nor of a handle the deal does not know', () => {
    const dealt = settled(start()).state;
    const retired = edited(dealt, (draft) => {
      const info = draft.cards[0];
      if (info) info.gone = true;
    });
    expect(privateViewOf(retired, deal, 0)).toStrictEqual({ known: {} });
    const { 1: _unknown, ...partial } = deal;
    // Strict: not even the handle with an undefined card.
    expect(privateViewOf(dealt, partial, 1)).toStrictEqual({ known: {} });
  });
});

describe('shuffledDeal is a Fisher–Yates shuffle driven by the caller', () => {
  test.each<[string, () => number, string[]]>([
    ['always the first place: every card moves', () => 0, ['3H', '4H', '5H', '2H']],
    ['always its own place: nothing moves', () => 0.999, ['2H', '3H', '4H', '5H']],
    ['always the middle', () => 0.5, ['2H', '5H', '3H', '4H']],
  ])('%s', (_name, random, order) => {
    const deck = ['2H', '3H', '4H', '5H'];
    expect(shuffledDeal(deck, random)).toEqual(Object.fromEntries(order.map((card, handle) => [handle, card])));
    expect(deck).toEqual(['2H', '3H', '4H', '5H']);
  });

  test('one random draw per card but the first', () => {
    let draws = 0;
    shuffledDeal(HEARTS, () => {
      draws += 1;
      return 0.25;
    });
    expect(draws).toBe(HEARTS.length - 1);
  });
});

describe('dealFromZones reads a scenario deal zone by zone', () => {
  const hands = { 'hand@0': ['9H'], 'hand@1': ['8H'], pile: ['2H', '3H', '4H', '5H', '6H', '7H'] };

  test('the cards of each zone go to its handles in zone order; empty zones may be left out', () => {
    expect(dealFromZones(toyGame, start(), hands)).toEqual({
      0: '9H',
      1: '8H',
      2: '2H',
      3: '3H',
      4: '4H',
      5: '5H',
      6: '6H',
      7: '7H',
    });
    expect(dealFromZones(toyGame, start(), { ...hands, table: [], turned: [] })).toEqual(
      dealFromZones(toyGame, start(), hands),
    );
  });

  test.each<[string, Record<string, string[]>, string]>([
    ['a zone the game does not have', { ...hands, attic: [] }, 'no zone "attic"'],
    [
      'too few cards for a zone',
      { ...hands, pile: ['2H', '3H', '4H', '5H', '6H'] },
      'zone "pile" has 6 places, the deal gives 5 cards',
    ],
    [
      'too many cards for a zone',
      { ...hands, 'hand@0': ['9H', '2C'] },
      'zone "hand@0" has 1 places, the deal gives 2 cards',
    ],
    ['a card for an empty zone', { ...hands, table: ['2C'] }, 'zone "table" has 0 places, the deal gives 1 cards'],
    [
      'a zone with places left out',
      { 'hand@0': ['9H'], pile: ['2H', '3H', '4H', '5H', '6H', '7H'] },
      'the deal says nothing about zone "hand@1"',
    ],
    ['a card of another deck', { ...hands, 'hand@1': ['AS'] }, '"AS" is not a card of this deck'],
    ['a card dealt twice', { ...hands, 'hand@1': ['9H'] }, '"9H" is dealt twice'],
    ['a card dealt twice, far apart', { ...hands, pile: ['2H', '3H', '4H', '5H', '6H', '9H'] }, '"9H" is dealt twice'],
  ])('refuses %s', (_name, zones, error) => {
    expect(dealFromZones(toyGame, start(), zones)).toBe(error);
  });

  test('refuses a deal that leaves a card of the deck out', () => {
    // A state whose deck has one card more than its handles (no game builds this; the check is the last guard).
    const longer = edited(start(), (draft) => {
      draft.deck = [...draft.deck, '2C'];
    });
    expect(dealFromZones(toyGame, longer, hands)).toBe('the deal has 8 cards, the deck 9');
  });
});

describe('census names every broken invariant', () => {
  test('a dealt, a passed and a reshuffled state are whole', () => {
    expect(census(toyGame, start(), deal)).toEqual([]);
    const done = settled(act(readyToMix(), 0, { type: 'mix' }));
    expect(census(toyGame, done.state, done.open)).toEqual([]);
  });

  test.each<[string, (draft: ToyState) => void, string[]]>([
    ['a handle in two zones', (d) => d.board.table.push(2), ['handle 2 is in pile and table']],
    ['an unknown handle in a zone', (d) => d.board.turned.push(99), ['turned: unknown handle 99']],
    [
      'a retired handle in a zone',
      (d) => {
        const info = d.cards[7];
        if (info) info.gone = true;
      },
      ['pile: retired handle 7'],
    ],
    ['a live handle in no zone', (d) => d.board.pile.pop(), ['handle 7 is in no zone']],
    [
      'a public card that is not of the deck',
      (d) => {
        const info = d.cards[3];
        if (info) info.card = 'AS';
      },
      ['handle 3 is public as AS, not a card of the deck'],
    ],
    [
      'one card public under two handles',
      (d) => {
        for (const handle of [2, 6]) {
          const info = d.cards[handle];
          if (info) info.card = '4H';
        }
      },
      ['4H is public under handles 2 and 6'],
    ],
  ])('%s', (_name, edit, problems) => {
    expect(census(toyGame, edited(start(), edit))).toEqual(problems);
  });

  test('a retired handle is no live card: with the deal open, the live cards fall short of the deck', () => {
    const retired = edited(start(), (d) => {
      d.board.pile = d.board.pile.filter((handle) => handle !== 7);
      const info = d.cards[7];
      if (info) info.gone = true;
    });
    expect(census(toyGame, retired)).toEqual([]);
    expect(census(toyGame, retired, deal)).toEqual(['the live cards are not exactly the deck']);
  });

  test.each<[string, OpenCards]>([
    ['a handle the deal does not know', Object.fromEntries(HEARTS.slice(1).map((card, i) => [i + 1, card]))],
    ['a card dealt twice', { ...deal, 7: '2H' }],
    ['a card of another deck', { ...deal, 7: 'AS' }],
  ])('with the deal open: %s', (_name, open) => {
    expect(census(toyGame, start(), open)).toEqual(['the live cards are not exactly the deck']);
  });

  test('with the deal open: a public card that is not the dealt one', () => {
    const lying = edited(start(), (d) => {
      const info = d.cards[4];
      if (info) info.card = '9H';
      const other = d.cards[7];
      if (other) other.card = '6H';
    });
    expect(census(toyGame, lying)).toEqual([]);
    expect(census(toyGame, lying, deal)).toEqual([
      'handle 4 is public as 9H but is 6H',
      'handle 7 is public as 6H but is 9H',
    ]);
  });
});
