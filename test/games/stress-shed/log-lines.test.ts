/**
 * The log lines of Stress (shedding) through the registry, with the states
 * before and after each input (as the table's narrator passes them): cards
 * in symbols, and every effect said — burns with how many cards, 8s' skips,
 * pick-ups with how many cards, the blind card once turned, who went out,
 * who won and who lost. Whole bot hands (fixed seeds) are narrated and each
 * line is checked against what the states show; a fixed position checks the
 * exact words.
 */
import { describe, expect, test } from 'vitest';
import { runScenario, settle, type Input, type ScenarioFile } from '../../../src/engine/index.js';
import { heuristicBot, makeRng, randomBot } from '../../../src/bots/index.js';
import { describeInput } from '../../../src/games/index.js';
import { stressShed, type StressState } from '../../../src/games/stress-shed/index.js';
import { dealtHand, play } from './helpers.js';

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
    const after = next.state as StressState;
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
      const line = describeInput('stress-shed', input, names, next.state, state);
      // The drawn card's private reveal to its owner says nothing; the table completes it.
      const settled = settle(stressShed, next.state, run.open);
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
