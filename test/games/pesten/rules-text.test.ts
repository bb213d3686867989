/**
 * Pesten's rules help (src/games/pesten/rules-text.ts) says RULES.md §3's
 * facts: the aim, a turn (match or draw), every special card's effect, the
 * "Pesten" announcement, the forbidden last cards and the reshuffle, each
 * point a sentence of its own. Loaded inside the test (stryker-js issue
 * 6144: the text is a module-level constant).
 */
import { expect, test } from 'vitest';
import { loadedNow } from '../../helpers/loaded-now.js';

test('the aim and three sections of whole sentences naming every rule of RULES.md §3', async () => {
  const { rulesText } = await loadedNow(() => import('../../../src/games/pesten/rules-text.js'));
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
  expect(special).toMatch(/7 and K: play again.*10: everyone passes one card/);
  expect(last).toMatch(
    /second-to-last card, announce "Pesten" with it, or draw 2.*may not be a special card \(2, 7, 8, 10, J, K, A or joker\).*stock runs out.*reshuffled/,
  );
});
