/**
 * The rules help behind the table's "Rules" button: every registered game
 * has its aim and rules in points, and the table's chosen options are listed
 * by their form labels with their values in words (defaults filled in), each
 * with its help (none without one); and
 * what each game's help says, against its docs/rules/<game>.md. The texts
 * are tables built when their module loads, so each is loaded afresh
 * (loadedNow, docs/TESTING.md).
 */
import { describe, expect, it, test } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { rulesHelp } from '../../src/games/rules-help.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { stressShedModule } from '../../src/games/stress-shed/index.js';

describe('rulesHelp', () => {
  it.each(gameModules.map((m) => [m.id, m.name] as const))('%s has its name, aim and rules', (id, name) => {
    const help = rulesHelp(id)!;
    expect(help.name).toBe(name);
    expect(help.aim.length).toBeGreaterThan(40);
    expect(help.sections.length).toBeGreaterThanOrEqual(2);
    for (const section of help.sections) expect(section.points.length).toBeGreaterThan(0);
  });

  it('lists the options the table chose, in words, with defaults for the rest', () => {
    const help = rulesHelp('stress-shed', { fourOfAKindBurns: true, decks: 2 })!;
    const option = (label: string) => help.options.find((o) => o.label === label)?.value;
    expect(option('Four of a kind burns the stack')).toBe('yes');
    expect(option('Decks')).toBe('Two decks');
    expect(option('Stop at the first winner')).toBe('no');
    expect(rulesHelp('stress-shed')!.options.find((o) => o.label === 'Four of a kind burns the stack')?.value).toBe(
      'no',
    );
    expect(
      rulesHelp('stress-shed')!
        .sections.flatMap((s) => s.points)
        .join(' '),
    ).toContain('10 burns the stack');
  });

  it('a game without options lists none; an unknown game has no help', () => {
    expect(rulesHelp('stress-speed')!.options).toEqual([]);
    expect(rulesHelp('no-such-game')).toBeNull();
  });
});

describe("what each game's rules help says", () => {
  it('Fighting Cards: each section states the figures of docs/rules/fighting-cards.md', async () => {
    const { rulesText } = await loadedNow(() => import('../../src/games/fighting-cards/rules-text.js'));
    expect(rulesText.aim).toContain('Three players, 32 cards.');
    expect(rulesText.aim).toContain('only the declarer scores');
    expect(rulesText.sections.map((s) => s.title)).toEqual(['Bidding', 'Tricks', 'Scoring']);
    const [bidding, tricks, scoring] = rulesText.sections.map((s) => s.points);
    expect(bidding).toHaveLength(3);
    expect(bidding![0]).toContain('A 4, K 3, Q 2, J 1, others 0 (40 in all)');
    expect(bidding![1]).toContain('(21 to 40)');
    expect(bidding![1]).toContain('three passes throw the deal in');
    expect(bidding![2]).toContain('"hand" (skat unseen, score doubled)');
    expect(tricks).toHaveLength(3);
    expect(tricks![0]).toContain('The player after the declarer leads.');
    expect(tricks![1]).toContain('Ranks: A K Q J 10 9 8 7.');
    expect(tricks![2]).toContain('(a renege)');
    expect(scoring).toHaveLength(2);
    expect(scoring![0]).toContain('50 / 200 / 500 / 1000 / 1500 by contract band (21–25 / 26–30 / 31–35 / 36–39 / 40)');
    expect(scoring![1]).toContain('minus 20 / 50 / 100 / 200 / 500 times the shortfall');
  });

  it('Pesten: the aim and three sections of whole sentences naming every rule of docs/rules/pesten.md', async () => {
    const { rulesText } = await loadedNow(() => import('../../src/games/pesten/rules-text.js'));
    expect(rulesText.aim).toMatch(
      /^Be the first to play your last card\..*round won is a point.*target wins the match\.$/,
    );
    expect(rulesText.sections.map((s) => [s.title, s.points.length])).toEqual([
      ['A turn', 2],
      ['Special cards', 4],
      ['Last cards', 3],
    ]);
    for (const point of rulesText.sections.flatMap((s) => s.points)) expect(point).toMatch(/^[A-Z0-9].{30,}\.$/);
    const [turn, special, last] = rulesText.sections.map((s) => s.points.join(' '));
    expect(turn).toMatch(
      /same suit or rank.*wished suit.*jack or joker goes on anything.*draw one card, which ends your turn/,
    );
    expect(special).toMatch(/J: wish a suit.*8: the next player is skipped.*A: the direction turns round/);
    expect(special).toMatch(/2: the next player draws 2; joker: draws 5.*pass it on with a 2 or joker, adding up/);
    expect(special).toMatch(
      /7 and K: play again.*10: everyone passes one card to the next player clockwise, whichever way play is going/,
    );
    expect(last).toMatch(
      /second-to-last card, announce "Pesten" with it, or draw 2.*may not be a special card \(2, 7, 8, 10, J, K, A or joker\).*stock runs out.*reshuffled/,
    );
  });

  it("School Blackjack: the aim and three sections in players' words", async () => {
    const { rulesText } = await loadedNow(() => import('../../src/games/school-blackjack/rules-text.js'));
    expect(rulesText.aim).toBe(
      'Not casino blackjack: a Crazy Eights relative. Empty your hand first — but not on a power card (A 2 3 8 J Q K).',
    );
    expect(rulesText.sections.map((s) => s.title)).toEqual(['A turn', 'Power cards', 'End']);
    expect(rulesText.sections.map((s) => s.points.length)).toEqual([2, 3, 2]);
    expect(rulesText.sections[1]?.points[0]).toBe(
      '2s and jacks at the end of a turn make the next player pick up: 2 per 2, 3 per red jack, 5 per black jack. They may cancel with an ace or add with a matching 2 or jack.',
    );
    expect(rulesText.sections[2]?.points).toEqual([
      'Ending on a power card means drawing 1 instead of winning.',
      'When the deck runs out, the play pile (but its top) is reshuffled into it.',
    ]);
  });

  it("Stress (shedding): docs/rules/stress-shed.md in players' words", async () => {
    const { rulesText } = await loadedNow(() => import('../../src/games/stress-shed/rules-text.js'));
    expect(rulesText).toEqual({
      aim: 'Get rid of all your cards: first your hand, then your face-up cards, then your face-down cards, blind. The first player out wins; the last one left loses.',
      sections: [
        {
          title: 'Set-up',
          points: [
            'Everyone gets 4 face-down cards (nobody knows them), 4 face-up cards on top and 4 hand cards.',
            'Before the first play you may swap hand cards with your face-up cards; press Ready when done.',
          ],
        },
        {
          title: 'Playing',
          points: [
            'Play one or more cards of one rank, equal to or higher than the top card (3s are see-through: the card under them counts).',
            '2 and 3 go on anything. On a 9 only lower cards (or a 2 or 3) may follow.',
            '8 skips the next player (two 8s skip two). 10 burns the stack: it leaves the game and you lead again.',
            'After a play from your hand, draw back up to 4 cards while the draw stack lasts.',
            'If you cannot play, pick up the whole stack; the next player leads anything.',
            'Face-down cards are turned one at a time: if the card does not fit, it goes onto the stack and you pick the stack up.',
          ],
        },
        {
          title: 'End',
          points: [
            'A player with no cards left is out. Play goes on for the places until one player is left.',
            'A position seen three times, or long play without progress, ends the hand with no loser (if that option is on).',
            'The loser deals the next hand.',
          ],
        },
      ],
    });
  });

  it('Stress (speed): the rules help, word for word', async () => {
    const { rulesText } = await loadedNow(() => import('../../src/games/stress-speed/rules-text.js'));
    expect(rulesText).toEqual({
      aim: 'Two players, no turns: both play as fast as they can. The first to empty their row and their pile wins.',
      sections: [
        {
          title: 'Set-up',
          points: [
            'Each player has a face-down pile of 26 and a row of four face-up cards; each deals one card onto their centre stack.',
          ],
        },
        {
          title: 'Playing',
          points: [
            'Move a row card onto either centre stack if it is one rank above or below its top; aces are high and low (K–A–2).',
            'An emptied row slot is refilled from your pile at once.',
            'If both of you aimed at the same top, one play lands and the other bounces back: the table orders them fairly.',
          ],
        },
        {
          title: 'Stress!',
          points: [
            'While both centre tops show the same rank, call "Stress!": the first valid call wins, and the other player takes both stacks into their pile.',
            'When nobody can play, each player deals a new card onto their centre stack (with no piles left, the stacks become new piles).',
          ],
        },
      ],
    });
  });
});

describe('rules-help.ts', () => {
  test('each option has its label, value in words and help (null without one)', () => {
    const help = rulesHelp('stress-shed', { voluntaryPickup: true })!;
    expect(help.name).toBe('Stress (shedding)');
    expect(help.aim).toBe(stressShedModule.rulesText!.aim);
    expect(help.sections).toBe(stressShedModule.rulesText!.sections);
    expect(help.options[0]).toEqual({
      label: 'Pick up the stack at will',
      value: 'yes',
      help: 'Off: only when you cannot play (checked by the audit).',
    });
    expect(help.options[1]).toEqual({ label: 'Four of a kind burns the stack', value: 'no', help: null });
    expect(help.options[3]).toEqual({
      label: 'Decks',
      value: 'Automatic',
      help: 'One deck serves 2–4 players, two are needed for 5–6.',
    });
    expect(help.options).toHaveLength(5);
  });
});
