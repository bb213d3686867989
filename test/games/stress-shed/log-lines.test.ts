/**
 * The log lines of Stress (shedding): through the registry, with the states
 * before and after each input (as the table's narrator passes them), cards
 * in symbols and every effect said — burns with how many cards, 8s' skips,
 * pick-ups with how many cards, the blind card once turned, who went out,
 * who won and who lost; whole bot hands (fixed seeds) are narrated and each
 * line is checked against what the states show. And exactly, one move at a
 * time on hand-made positions (table.ts): the line of each action
 * (`describeAction`) and each effect a move had (`stressEffects`: ready,
 * draws, pick-ups, burns, outs and places, 8s' skips, blind cards, the end
 * of the hand).
 */
import { describe, expect, test } from 'vitest';
import { settle, type Input, type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { heuristicBot, makeRng, randomBot } from '../../../src/bots/index.js';
import { describeInput } from '../../../src/games/index.js';
import { stressShed, type StressState } from '../../../src/games/stress-shed/index.js';
import { dealtHand, play } from './helpers.js';
import type { CardId } from '../../../src/engine/index.js';
import { describeAction, stressEffects } from '../../../src/games/stress-shed/describe.js';
import { act, afterCrypto } from '../../../src/games/stress-shed/rules.js';
import type { StressAction } from '../../../src/games/stress-shed/actions.js';
import { table, type Table, type TableSpec } from './table.js';

const names = ['Ann', 'Bob', 'Cleo'];

/** Every input of a bot hand with its line and the states around it. */
function narrate(
  players: number,
  seed: number,
): { input: Input; before: StressState; after: StressState; line: string }[] {
  const { state: start } = dealtHand({ players, dealer: 0 }, seed);
  const result = play(
    { players, dealer: 0 },
    seed,
    [heuristicBot(), randomBot(makeRng(seed)), heuristicBot()].slice(0, players),
    { maxInputs: 20_000 },
  );
  if (!result.ok) throw new Error(result.reason);
  const rows: { input: Input; before: StressState; after: StressState; line: string }[] = [];
  let state: StressState = start;
  for (const raw of result.inputs) {
    const input = raw as Input;
    const next = stressShed.reduce(state, input);
    if (!next.ok) throw new Error(`replay refused: ${next.error}`);
    const after = next.value as StressState;
    rows.push({ input, before: state, after, line: describeInput('stress-shed', input, names, after, state) });
    state = after;
  }
  return rows;
}

describe('Stress (shedding) log lines with every effect', () => {
  test('whole bot hands: burns, pick-ups, blind cards, outs and the loser are each said, with the right counts', () => {
    const seen = { burn: 0, pickup: 0, blind: 0, out: 0, loser: 0, skip: 0 };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rows = narrate(seed % 2 === 0 ? 3 : 2, seed);
      for (const { input, before, after, line } of rows) {
        // Cards are never written as codes.
        expect(line).not.toMatch(/\b(10|[2-9JQKA])[CDHS]\b/);
        const burnt = after.board.cemetery.length - before.board.cemetery.length;
        if (burnt > 0) {
          expect(line).toContain(`the stack burns (${burnt} card${burnt === 1 ? '' : 's'})`);
          seen.burn++;
        } else expect(line).not.toContain('burns');
        if (input.kind === 'act' && (input.action as { type: string }).type === 'pickup') {
          expect(line).toContain(`picks up ${before.board.stack.length} card`);
          seen.pickup++;
        }
        if (input.kind === 'revealed' && before.board.flipping) {
          const card = input.cards[String(before.board.flipping.handle)]!;
          const symbol = { C: '♣', D: '♦', H: '♥', S: '♠' }[card.at(-1)!]!;
          expect(line).toContain(
            `${names[before.board.flipping.seat]}'s face-down card is ${card.slice(0, -1)}${symbol}`,
          );
          seen.blind++;
        }
        for (const seat of after.board.out.filter((s) => !before.board.out.includes(s))) {
          expect(line).toContain(`${names[seat]} is out`);
          if (after.board.out[0] === seat) expect(line).toContain(`${names[seat]} is out and wins`);
          seen.out++;
        }
        if (before.board.phase !== 'over' && after.board.phase === 'over' && after.board.loser !== null) {
          expect(line).toContain(`${names[after.board.loser]} is left with cards and loses`);
          seen.loser++;
        }
        if (line.includes('skipped')) seen.skip++;
      }
    }
    // The hands above did show every kind of effect (the checks are not vacuous).
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
  });

  test('exact words: a 10 burns and its player goes again; an 8 skips the other player', () => {
    const deal: ScenarioFile['deal'] = {
      seats: [
        { hand: ['5D', '5H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
        { hand: ['10C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
      ],
      stack: ['4H'],
      draw: ['6H', '7H', '2C', '3C'],
    };
    const run = runScenario(stressShed, {
      game: 'stress-shed',
      seats: 2,
      deal,
      actions: [
        { seat: 0, type: 'ready' },
        { seat: 1, type: 'ready' },
      ],
    });
    if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
    let state = run.state as StressState;
    const handleOf = (card: string) => Number(Object.entries(run.open).find(([, c]) => c === card)![0]);
    const step = (input: Input): string => {
      const next = stressShed.reduce(state, input);
      if (!next.ok) throw new Error(next.error);
      const line = describeInput('stress-shed', input, names, next.value, state);
      // The drawn card's private reveal to its owner says nothing; the table completes it.
      const settled = settle(stressShed, next.value, run.open);
      if (!settled.ok) throw new Error(settled.error);
      state = settled.state as StressState;
      return line;
    };
    expect(state.board.turn).toBe(1);
    expect(
      step({ kind: 'act', seat: 1, action: { type: 'play', cards: [{ handle: handleOf('10C'), card: '10C' }] } }),
    ).toBe('Bob played 10♣ — Bob draws 1; the stack burns (2 cards) and Bob plays again');
    expect(
      step({ kind: 'act', seat: 1, action: { type: 'play', cards: [{ handle: handleOf('8D'), card: '8D' }] } }),
    ).toBe('Bob played 8♦ — Bob draws 1; Ann is skipped');
    // Without the state before, the line is the action alone (never a guessed effect).
    expect(describeInput('stress-shed', { kind: 'act', seat: 1, action: { type: 'pickup' } }, names, state)).toBe(
      'Bob picked up the stack',
    );
  });
});

const fourNames = ['Ann', 'Bob', 'Cleo', 'Dan'];
const playOf = (t: Table, ...cards: CardId[]): StressAction => ({
  type: 'play',
  cards: cards.map((card) => ({ handle: t.h(card), card })),
});

/** The effects of one move by `seat` on the position `spec`. */
function effects(spec: TableSpec, seat: number, action: (t: Table) => StressAction): string[] {
  const t = table(spec);
  const before = structuredClone(t.state);
  const a = action(t);
  expect(act(t.state, seat, a, t.know)).toBeNull();
  return stressEffects({ kind: 'act', seat, action: a }, before, t.state, fourNames);
}

/** The effects of the reveal that judges seat 0's blind card `card`. */
function blindEffects(
  spec: TableSpec,
  card: CardId,
  revealed: (t: Table) => Record<string, CardId> = (t) => ({ [t.h(card)]: card }),
): string[] {
  const t = table(spec);
  expect(act(t.state, 0, { type: 'blind', handle: t.h(card) }, t.know)).toBeNull();
  const before: StressState = structuredClone(t.state);
  expect(afterCrypto(t.state, { id: 0, kind: 'reveal-all', handles: [t.h(card)] }, t.know)).toBeNull();
  return stressEffects({ kind: 'revealed', request: 0, cards: revealed(t) }, before, t.state, fourNames);
}

describe('effects of a move', () => {
  const four = (stack: CardId[], options = {}): TableSpec => ({
    seats: [{ hand: ['8C', '8D', '10C', '5S', '5H', 'KC'] }, { hand: ['4D'] }, { hand: ['4H'] }, { hand: ['4S'] }],
    stack,
    options,
  });

  test('the last ready starts play', () => {
    const spec: TableSpec = { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['7H'], phase: 'swap', turn: 1 };
    const t = table(spec);
    act(t.state, 0, { type: 'ready', swaps: [] }, t.know);
    const before = structuredClone(t.state);
    act(t.state, 1, { type: 'ready', swaps: [] }, t.know);
    expect(
      stressEffects({ kind: 'act', seat: 1, action: { type: 'ready', swaps: [] } }, before, t.state, fourNames),
    ).toEqual(['everyone is ready: Bob starts']);
  });

  test('a play from the hand that draws', () => {
    expect(
      effects(
        { seats: [{ hand: ['5C', '5D', '9C', 'KC'] }, { hand: ['4D'] }], stack: ['4S'], draw: ['JH', 'JD', 'JC'] },
        0,
        (t) => playOf(t, '5C', '5D'),
      ),
    ).toEqual(['Ann draws 2']);
  });

  test('a play with nothing to say', () => {
    expect(
      effects({ seats: [{ hand: ['5C', '5D', '9C'] }, { hand: ['4D'] }], stack: ['4S'] }, 0, (t) => playOf(t, '5C')),
    ).toEqual([]);
  });

  test.each<[number, string]>([
    [1, 'Ann picks up 1 card'],
    [3, 'Ann picks up 3 cards'],
  ])('picking up %i', (n, line) => {
    const stack = ['QH', 'KH', 'AH'].slice(3 - n);
    expect(effects({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack }, 0, () => ({ type: 'pickup' }))).toEqual([
      line,
    ]);
  });

  test('a 10 burns and its player goes again; burning out, the player wins', () => {
    expect(effects(four(['6S', '7S']), 0, (t) => playOf(t, '10C'))).toEqual([
      'the stack burns (3 cards) and Ann plays again',
    ]);
    expect(
      effects({ seats: [{ hand: ['10C'] }, { hand: ['4D'] }, { hand: ['4H'] }], stack: [] }, 0, (t) =>
        playOf(t, '10C'),
      ),
    ).toEqual(['the stack burns (1 card)', 'Ann is out and wins']);
  });

  test('out in second place, and the last one left loses', () => {
    expect(
      effects({ seats: [{}, { hand: ['KD'] }, { hand: ['4H'] }], stack: ['5S'], out: [0], turn: 1 }, 1, (t) =>
        playOf(t, 'KD'),
      ),
    ).toEqual(['Bob is out (place 2)', 'Cleo is left with cards and loses']);
  });

  test('stopping at the first winner', () => {
    expect(
      effects(
        {
          seats: [{ hand: ['KC'] }, { hand: ['4D'] }, { hand: ['4H'] }],
          stack: [],
          options: { stopAtFirstWinner: true },
        },
        0,
        (t) => playOf(t, 'KC'),
      ),
    ).toEqual(['Ann is out and wins', 'the hand ends at the first winner']);
  });

  test.each<[string, CardId[], string[]]>([
    ['one 8 skips one', ['8C'], ['Bob is skipped']],
    ['two 8s skip two', ['8C', '8D'], ['Bob and Cleo are skipped']],
    ['a 5 skips nobody', ['5S'], []],
  ])('%s', (_name, cards, lines) => {
    expect(effects(four(['4S']), 0, (t) => playOf(t, ...cards))).toEqual(lines);
  });

  test('two 8s with two players come round to the other player: nobody is skipped', () => {
    expect(
      effects({ seats: [{ hand: ['8C', '8D', '5C'] }, { hand: ['4D'] }], stack: [] }, 0, (t) => playOf(t, '8C', '8D')),
    ).toEqual([]);
  });

  test('cards burned earlier are not a burn now; a burn that ends the hand gives no other turn', () => {
    expect(
      effects({ seats: [{ hand: ['5C', '9C'] }, { hand: ['4D'] }], stack: ['4S'], cemetery: ['10H', '7H'] }, 0, (t) =>
        playOf(t, '5C'),
      ),
    ).toEqual([]);
    expect(
      effects({ seats: [{ hand: ['10C'] }, { hand: ['4D'] }], stack: ['5S'] }, 0, (t) => playOf(t, '10C')),
    ).toEqual(['the stack burns (2 cards)', 'Ann is out and wins', 'Bob is left with cards and loses']);
  });

  test('one 8 with two players: the other player is skipped', () => {
    expect(
      effects({ seats: [{ hand: ['8C', '5C'] }, { hand: ['4D'] }], stack: [] }, 0, (t) => playOf(t, '8C')),
    ).toEqual(['Bob is skipped']);
  });

  test('8s that burn as four of a kind skip nobody', () => {
    expect(effects(four(['8S', '8H'], { fourOfAKindBurns: true }), 0, (t) => playOf(t, '8C', '8D'))).toEqual([
      'the stack burns (4 cards) and Ann plays again',
    ]);
  });

  test('an 8 that ends the hand skips nobody', () => {
    expect(effects({ seats: [{ hand: ['8C'] }, { hand: ['4D'] }], stack: [] }, 0, (t) => playOf(t, '8C'))).toEqual([
      'Ann is out and wins',
      'Bob is left with cards and loses',
    ]);
  });

  test('the endless-hands rule ending the hand', () => {
    const spec: TableSpec = { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'] };
    const t = table(spec);
    const before = structuredClone(t.state);
    act(t.state, 0, { type: 'pickup' }, t.know);
    const after = structuredClone(t.state);
    after.board.phase = 'over';
    after.board.endless = 'repetition';
    expect(stressEffects({ kind: 'act', seat: 0, action: { type: 'pickup' } }, before, after, fourNames)).toEqual([
      'Ann picks up 1 card',
      'the same position came up three times: the hand ends with no loser',
    ]);
    after.board.endless = 'no-progress';
    expect(stressEffects({ kind: 'act', seat: 0, action: { type: 'pickup' } }, before, after, fourNames)).toEqual([
      'Ann picks up 1 card',
      'no progress for too long: the hand ends with no loser',
    ]);
    // Already over before: nothing about the end.
    expect(stressEffects({ kind: 'act', seat: 0, action: { type: 'pickup' } }, after, after, fourNames)).toEqual([]);
  });

  test('an input of the table that judges no blind card says nothing', () => {
    const t = table({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'], draw: ['5C'] });
    const before = structuredClone(t.state);
    t.state.board.draw = [];
    expect(stressEffects({ kind: 'delivered', request: 0 }, before, t.state, fourNames)).toEqual([]);
    expect(stressEffects({ kind: 'revealed', request: 0, cards: {} }, before, t.state, fourNames)).toEqual([]);
  });

  test('drawing in the swap phase is not said', () => {
    const t = table({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: [], draw: ['5C'], phase: 'swap' });
    const before = structuredClone(t.state);
    t.state.board.draw = [];
    expect(
      stressEffects({ kind: 'act', seat: 0, action: { type: 'ready', swaps: [] } }, before, t.state, fourNames),
    ).toEqual([]);
  });
});

describe('effects of a blind card once revealed', () => {
  const spec = (
    faceDown: CardId[],
    stack: CardId[],
    seats: TableSpec['seats'] = [{ hand: ['4D'] }, { hand: ['4H'] }],
  ): TableSpec => ({
    seats: [{ faceDown }, ...seats],
    stack,
  });

  test('a reveal that leaves the blind card waiting says nothing', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    act(t.state, 0, { type: 'blind', handle: t.h('KS') }, t.know);
    const before = structuredClone(t.state);
    expect(
      stressEffects({ kind: 'revealed', request: 5, cards: { [t.h('KH')]: 'KH' } }, before, t.state, fourNames),
    ).toEqual([]);
  });

  test('a card that fits', () => {
    expect(blindEffects(spec(['KS', '5S'], ['KH']), 'KS')).toEqual(["Ann's face-down card is K♠"]);
  });

  test('a card that does not fit: it and the stack are picked up', () => {
    expect(blindEffects(spec(['KS', '5S'], ['7H', 'KH']), '5S')).toEqual([
      "Ann's face-down card is 5♠ and does not fit",
      'Ann picks up 3 cards',
    ]);
  });

  test('a blind 10 that fits burns', () => {
    expect(blindEffects(spec(['10S', '5S'], ['7H']), '10S')).toEqual([
      "Ann's face-down card is 10♠",
      'the stack burns (2 cards) and Ann plays again',
    ]);
  });

  test('a blind 8 skips', () => {
    expect(blindEffects(spec(['8S', '5S'], ['7H']), '8S')).toEqual(["Ann's face-down card is 8♠", 'Bob is skipped']);
  });

  test('the last blind card fitting wins', () => {
    expect(blindEffects(spec(['2S'], ['AH'], [{ hand: ['4D'] }]), '2S')).toEqual([
      "Ann's face-down card is 2♠",
      'Ann is out and wins',
      'Bob is left with cards and loses',
    ]);
  });

  test('the card named from the ledger when the reveal does not list it, or "turned" when unknown', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    act(t.state, 0, { type: 'blind', handle: t.h('KS') }, t.know);
    const before = structuredClone(t.state);
    afterCrypto(t.state, { id: 0, kind: 'reveal-all', handles: [t.h('KS')] }, t.know);
    const revealed: Input = { kind: 'revealed', request: 0, cards: {} };
    expect(stressEffects(revealed, before, t.state, fourNames)).toEqual(["Ann's face-down card is turned"]);
    t.state.cards[t.h('KS')] = { card: 'KS', seen: [0, 1, 2], gone: false };
    expect(stressEffects(revealed, before, t.state, fourNames)).toEqual(["Ann's face-down card is K♠"]);
  });
});

describe('describeAction', () => {
  const know = (h: number): CardId | null => ({ 7: '9H' })[h] ?? null;
  test.each<[string, StressAction, string]>([
    [
      'a play of two',
      {
        type: 'play',
        cards: [
          { handle: 1, card: '7C' },
          { handle: 2, card: '7S' },
        ],
      },
      'Ann played 7♣ 7♠',
    ],
    ['a blind card known', { type: 'blind', handle: 7 }, 'Ann turned over a face-down card: 9♥'],
    ['a blind card not yet known', { type: 'blind', handle: 8 }, 'Ann turned over a face-down card'],
    ['a pickup', { type: 'pickup' }, 'Ann picked up the stack'],
    ['ready with no swap', { type: 'ready', swaps: [] }, 'Ann is ready'],
    [
      'ready with two swaps',
      {
        type: 'ready',
        swaps: [
          { hand: 1, card: '10S', faceUp: 5 },
          { hand: 2, card: 'AS', faceUp: 6 },
        ],
      },
      'Ann is ready, putting 10♠ A♠ face up',
    ],
    [
      'a card swapped up, then back down for another',
      {
        type: 'ready',
        swaps: [
          { hand: 1, card: '4C', faceUp: 5 },
          { hand: 3, card: '5C', faceUp: 1 },
        ],
      },
      'Ann is ready, putting 5♣ face up',
    ],
  ])('%s', (_name, action, line) => {
    expect(describeAction(action, 'Ann', know)).toBe(line);
  });
});
