/**
 * Which options each hand of a table is played under. The creator may change
 * the table's options between hands (lobby.ts `changeOptions`), but a page
 * that follows the hands played before it sits (table-history.ts) rebuilds
 * each hand's set-up, options included, and checks it against the hash every
 * seat's ready signed. So the creator's signed roster keeps the options of
 * the earlier hands too (`earlierOptions`, src/net/messages.ts): one entry per
 * change made after a hand had started, at most MAX_OPTION_CHANGES. A change
 * made before the first hand, or again before the next hand starts, replaces
 * the current options and adds nothing.
 *
 * Seated pages set up a new hand under the options this gives for its number
 * too (table-history.ts `setupFor`), so a change that lands while the
 * creator's page is starting a hand cannot give that hand other options than
 * the roster records for it. The entries are the creator's word only: a
 * newcomer checks the set-up it builds with them against what the seats'
 * readies signed, so a wrong entry makes that hand a mismatch (the history is
 * refused), never a hand accepted under terms its seats did not sign. A
 * roster whose entries do not fit (out of order, past the hands started,
 * options the game does not take) is refused whole, with the reason, as one
 * with an unplayable config is (`earlierOptionsProblem`).
 */
import { canonicalJson } from '../engine/index.js';
import { checkTableConfig } from '../games/index.js';
import { MAX_OPTION_CHANGES, type Roster, type TableConfig } from '../net/messages.js';

type Options = TableConfig['options'];

/** The options hand `handNo` is (or was) played under, by `roster`. */
export function optionsOfHand(roster: Pick<Roster, 'config' | 'earlierOptions'>, handNo: number): Options {
  for (const earlier of roster.earlierOptions ?? []) if (handNo < earlier.untilHand) return earlier.options;
  return roster.config.options;
}

/** `roster` (version unchanged) with `options` from the next hand on and the ones played before kept, or why not. */
export function withOptions(roster: Roster, options: Options): Roster | string {
  const earlier = [...(roster.earlierOptions ?? [])];
  const same = (a: Options, b: Options) => canonicalJson(a) === canonicalJson(b);
  const last = earlier.at(-1);
  if (last && last.untilHand === roster.hands) {
    // No hand was played under the current options: they are replaced (and back to the last played, nothing changed).
    if (same(last.options, options)) earlier.pop();
  } else if (roster.hands > 0 && !same(roster.config.options, options)) {
    if (earlier.length >= MAX_OPTION_CHANGES)
      return `this table's options have changed ${MAX_OPTION_CHANGES} times since play started, the most it keeps: a new table takes other options`;
    earlier.push({ untilHand: roster.hands, options: roster.config.options });
  }
  const { earlierOptions: _dropped, ...rest } = roster;
  return { ...rest, config: { ...roster.config, options }, ...(earlier.length > 0 ? { earlierOptions: earlier } : {}) };
}

/** What is wrong with a roster's options of earlier hands, or null (none, or each in order and playable). */
export function earlierOptionsProblem(roster: Roster): string | null {
  let from = 0;
  for (const { untilHand, options } of roster.earlierOptions ?? []) {
    if (untilHand <= from || untilHand > roster.hands)
      return `its options of earlier hands are out of order or past the ${roster.hands} hands started (a change before hand ${untilHand + 1})`;
    const problem = checkTableConfig(roster.config.game, roster.config.seats, options);
    if (problem) return `the options of hands ${from + 1} to ${untilHand} cannot be played: ${problem}`;
    from = untilHand;
  }
  return null;
}
