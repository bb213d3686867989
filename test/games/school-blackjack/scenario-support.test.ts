/**
 * School Blackjack's scenario-file support (scenario.ts) called directly:
 * how cards may be written ("9h", "10D", "js" → card ids), how a file's deal
 * becomes a layout and the cards of each zone (the rest of the deck in deck
 * order, or a given deck with the rest set aside), each refused deal with
 * the exact message a scenario author reads (bad shape, seat count, a card
 * dealt twice), and how a step becomes an action (an ace names its own suit
 * unless told, a bad suit or a card not in play is refused with its
 * message). The module is loaded inside each test (its valibot schemas are
 * built at load time; stryker-js issue 6144).
 */
import { describe, expect, test } from 'vitest';
import { standardDeck } from '../../../src/engine/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';

const load = () => loadedNow(() => import('../../../src/games/school-blackjack/scenario.js'));
const opts = { voluntaryDraw: true };

describe('cardId', () => {
  test.each<[string, string]>([
    ['9h', '9H'],
    ['10d', '10D'],
    ['10D', '10D'],
    ['js', 'JS'],
    ['Qc', 'QC'],
    ['ka', 'ka'],
    ['as', 'AS'],
    ['2S', '2S'],
    [' 7d ', '7D'],
    ['1h', '1h'],
    ['x9h', 'x9h'],
    ['9hh', '9hh'],
    ['110h', '110h'],
    ['', ''],
  ])('%j → %j', async (written, id) => {
    const { cardId } = await load();
    expect(cardId(written)).toBe(id);
  });
});

describe('deal', () => {
  test('hands and pile as written, the rest of the deck in deck order, nothing aside', async () => {
    const { scenario } = await load();
    const dealt = scenario.deal({ seats: [{ hand: ['9h', '10d'] }, { hand: ['As'] }], pile: ['5c'] }, 2, opts);
    if (typeof dealt === 'string') throw new Error(dealt);
    const used = new Set(['9H', '10D', 'AS', '5C']);
    expect(dealt.zones).toEqual({
      'hand@0': ['9H', '10D'],
      'hand@1': ['AS'],
      pile: ['5C'],
      deck: standardDeck().filter((c) => !used.has(c)),
      aside: [],
    });
    expect(dealt.layout).toEqual({ hands: [2, 1], pile: 1, deck: 48, aside: 0 });
  });

  test('a given deck is the deck; the cards left over are set aside; no pile means an empty one', async () => {
    const { scenario } = await load();
    const dealt = scenario.deal(
      { seats: [{ hand: ['9h'] }, { hand: [] }, { hand: ['2c'] }], deck: ['kd', '3s'] },
      3,
      opts,
    );
    if (typeof dealt === 'string') throw new Error(dealt);
    const used = new Set(['9H', '2C', 'KD', '3S']);
    expect(dealt.zones).toEqual({
      'hand@0': ['9H'],
      'hand@1': [],
      'hand@2': ['2C'],
      pile: [],
      deck: ['KD', '3S'],
      aside: standardDeck().filter((c) => !used.has(c)),
    });
    expect(dealt.layout).toEqual({ hands: [1, 0, 1], pile: 0, deck: 2, aside: 48 });
  });

  test('an empty given deck sets everything else aside', async () => {
    const { scenario } = await load();
    const dealt = scenario.deal({ seats: [{ hand: ['9h'] }, { hand: ['9c'] }], deck: [] }, 2, opts);
    if (typeof dealt === 'string') throw new Error(dealt);
    expect(dealt.layout).toEqual({ hands: [1, 1], pile: 0, deck: 0, aside: 50 });
  });

  test.each<[string, unknown, number, string]>([
    ['not an object', 'cards', 2, 'bad deal: Invalid type: Expected Object but received "cards"'],
    [
      'an unknown key',
      { seats: [{ hand: [] }, { hand: [] }], stock: [] },
      2,
      'bad deal: Invalid key: Expected never but received "stock"',
    ],
    [
      'a hand that is not a list',
      { seats: [{ hand: '9h' }, { hand: [] }] },
      2,
      'bad deal: Invalid type: Expected Array but received "9h"',
    ],
    [
      'a pile of numbers',
      { seats: [{ hand: [] }, { hand: [] }], pile: [9] },
      2,
      'bad deal: Invalid type: Expected string but received 9',
    ],
    [
      'a deck that is not a list',
      { seats: [{ hand: [] }, { hand: [] }], deck: 'none' },
      2,
      'bad deal: Invalid type: Expected Array but received "none"',
    ],
    [
      'fewer seats than the scenario',
      { seats: [{ hand: [] }, { hand: [] }] },
      3,
      'the deal has 2 seats, the scenario 3',
    ],
    ['a card in two hands', { seats: [{ hand: ['9h'] }, { hand: ['9H'] }] }, 2, '"9H" is dealt twice'],
    [
      'a card in a hand and the pile',
      { seats: [{ hand: ['5c'] }, { hand: [] }], pile: ['5C'] },
      2,
      '"5C" is dealt twice',
    ],
    [
      'a card in a hand and the deck',
      { seats: [{ hand: ['kd'] }, { hand: [] }], deck: ['KD'] },
      2,
      '"KD" is dealt twice',
    ],
    ['a card twice in the deck', { seats: [{ hand: [] }, { hand: [] }], deck: ['2s', '2s'] }, 2, '"2S" is dealt twice'],
  ])('refused: %s', async (_name, spec, players, message) => {
    const { scenario } = await load();
    expect(scenario.deal(spec, players, opts)).toBe(message);
  });
});

describe('action', () => {
  const handles: Record<string, number> = { '9H': 4, AS: 7, '10D': 11 };
  const handleOf = (card: string): number | null => handles[card] ?? null;

  test.each<[string, unknown, unknown]>([
    ['end', { type: 'end' }, { ok: true, action: { type: 'end' } }],
    ['draw', { type: 'draw' }, { ok: true, action: { type: 'draw' } }],
    ['draw with extra keys (loose steps)', { type: 'draw', seat: 1 }, { ok: true, action: { type: 'draw' } }],
    ['a plain card', { type: 'play', card: '9h' }, { ok: true, action: { type: 'play', handle: 4, card: '9H' } }],
    ['a ten', { type: 'play', card: '10d' }, { ok: true, action: { type: 'play', handle: 11, card: '10D' } }],
    [
      'an ace names its own suit by default',
      { type: 'play', card: 'as' },
      { ok: true, action: { type: 'play', handle: 7, card: 'AS', suit: 'S' } },
    ],
    [
      'an ace names the suit given',
      { type: 'play', card: 'As', suit: 'h' },
      { ok: true, action: { type: 'play', handle: 7, card: 'AS', suit: 'H' } },
    ],
    [
      'a suit given to another card is passed on (the rules refuse it)',
      { type: 'play', card: '9h', suit: 'D' },
      { ok: true, action: { type: 'play', handle: 4, card: '9H', suit: 'D' } },
    ],
    ['a bad suit', { type: 'play', card: 'As', suit: 'x' }, { ok: false, error: 'bad suit "x"' }],
    ['a card not in play', { type: 'play', card: '5c' }, { ok: false, error: 'no such card in play: 5C' }],
    [
      'an unknown type',
      { type: 'pass' },
      { ok: false, error: 'bad step: Invalid type: Expected ("play" | "end" | "draw") but received "pass"' },
    ],
    [
      'a play without a card',
      { type: 'play' },
      { ok: false, error: 'bad step: Invalid key: Expected "card" but received undefined' },
    ],
  ])('%s', async (_name, spec, expected) => {
    const { scenario } = await load();
    // Strict: an action carries a `suit` key only when it names one.
    expect(scenario.action(spec as Record<string, unknown>, null as never, handleOf)).toStrictEqual(expected);
  });

  test('summarize is the views summary', async () => {
    const { scenario } = await load();
    const views = await import('../../../src/games/school-blackjack/views.js');
    expect(scenario.summarize).toBe(views.summarize);
  });
});
