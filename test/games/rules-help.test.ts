/**
 * The rules help behind the table's "Rules" button: every registered game
 * has its aim and rules in points, and the table's chosen options are listed
 * by their form labels with their values in words (defaults filled in).
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { rulesHelp } from '../../src/games/rules-help.js';

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
