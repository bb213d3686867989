/**
 * The score strip across a table's hands, as plain data for
 * components/fd-score-strip.ts, derived from the results the table stores
 * with each finished hand (src/table/hand/setup.ts `HandResult`), never from
 * counters kept in memory: a reloaded page reads the same records and shows
 * the same strip.
 *
 * - A game without points (its results carry no scores) counts wins: a seat
 *   wins a hand when it is in the first place of a ranking that has more than
 *   one place (a hand where everybody shares one place, such as a blocked or
 *   endlessly repeating one, has no winner). Wins are counted per player
 *   (identity key), so a player keeps theirs across seats and a newcomer
 *   starts at none.
 * - A game with points shows the totals of the match in view: the running
 *   match, or the one the latest hand ended, whose winner is then named
 *   (every seat with the highest total shares the win). Matches won so far
 *   are counted per player. A hand of the match counts as a deal of its score
 *   table when it changed the totals (a thrown-in deal changes nothing);
 *   `matchNames` lists who played each such hand, in order, so a score row
 *   names the players of its deal, not whoever holds the seat now.
 *
 * Names are the ones each seat signed in the hand's ready; a seat that
 * signed none is named as it is now, or "a former player".
 *
 * `matchRows` gives, the same way, the score table rows of the hands before
 * the one at the table in its match (Fighting Cards: a row per counted deal,
 * which its state does not carry; the game puts them into its view,
 * src/games/index.ts `handViewWithMatchRows`).
 */
import type { Json } from '../engine/index.js';
import type { HandResult } from '../table/hand/setup.js';

export interface ScorePlayer {
  /** Identity key (hex) of the player. */
  readonly key: string;
  readonly name: string;
  /** Wins, or points in the match in view. */
  readonly value: number;
  /** 1 for the best; players with equal values share a place (1, 1, 3). */
  readonly place: number;
  /** The value in words: "1 win", "2 wins", "146 points", "−20 points". */
  readonly text: string;
  /** Matches this player has won at the table (points games), in words; null when none. */
  readonly matches: string | null;
  /** Holds the best value (with others, if they tie); false for everybody while all are equal at nothing. */
  readonly leads: boolean;
  /** The player of this page. */
  readonly you: boolean;
}

export interface ScoreStripView {
  readonly kind: 'wins' | 'points';
  /** "Wins after 3 hands", "Points this match (2 hands)", "Final points". */
  readonly title: string;
  /** Best first; equal values in the order of the seats now. */
  readonly players: readonly ScorePlayer[];
  /** "Ann wins the match", "Ann and Bob share the match win"; null while no match in view has ended. */
  readonly matchWinner: string | null;
  /** Points games: for each hand of the match in view that changed the totals, oldest first, the names of its seats. */
  readonly matchNames: readonly (readonly string[])[];
}

export interface ScoreInput {
  /** The finished hands' stored results, each with its hand number (table-session.ts `handResults`). */
  readonly results: readonly { readonly handNo: number; readonly result: HandResult }[];
  /** The hand at the table now (a finished one keeps its number until the next starts). */
  readonly handNo: number;
  /** The seats of the hand at the table now, their names now and this page's seat (null: watching). */
  readonly seatKeys: readonly string[];
  readonly names: readonly string[];
  readonly mySeat: number | null;
}

/** "1 win", "2 wins", "0 points", "−20 points": a count with its noun, singular only for exactly one. */
export function countText(n: number, noun: string): string {
  const shown = n < 0 ? `−${-n}` : `${n}`;
  return `${shown} ${noun}${n === 1 ? '' : 's'}`;
}

/** "1 match won", "2 matches won". */
function matchesText(n: number): string {
  return `${n} ${n === 1 ? 'match' : 'matches'} won`;
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cleo". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The winners of a hand: its first place, unless every seat shares one place. */
function winnersOf(result: HandResult): readonly number[] {
  return result.ranking.length > 1 ? (result.ranking[0] ?? []) : [];
}

/** Is `result` well formed enough to read (stored data is not trusted to be of today's shape)? */
function readable(result: HandResult): boolean {
  const seats = result.seatKeys?.length ?? 0;
  return (
    seats > 0 &&
    Array.isArray(result.ranking) &&
    Array.isArray(result.names) &&
    (result.scores === null || (Array.isArray(result.scores) && result.scores.length === seats))
  );
}

/** The strip for a table, or null before any hand there has a result. */
export function scoreStrip(input: ScoreInput): ScoreStripView | null {
  const results = [...input.results]
    .filter((r) => readable(r.result))
    .sort((a, b) => a.handNo - b.handNo)
    .map((r) => r.result);
  const last = results.at(-1);
  if (!last) return null;
  const nameOf = nameBook(results, input);
  const you = input.mySeat !== null ? input.seatKeys[input.mySeat] : undefined;
  const seatRank = (key: string) => {
    const seat = input.seatKeys.indexOf(key);
    return seat < 0 ? input.seatKeys.length : seat;
  };
  const rows = (values: Map<string, number>, noun: string, matches: Map<string, number>): ScorePlayer[] => {
    const best = Math.max(...values.values());
    const allEqual = [...values.values()].every((v) => v === best);
    return [...values]
      .sort(([a, x], [b, y]) => y - x || seatRank(a) - seatRank(b))
      .map(([key, value]) => ({
        key,
        name: nameOf(key),
        value,
        place: 1 + [...values.values()].filter((other) => other > value).length,
        text: countText(value, noun),
        matches: (matches.get(key) ?? 0) > 0 ? matchesText(matches.get(key)!) : null,
        leads: value === best && !(allEqual && value === 0),
        you: key === you,
      }));
  };

  if (last.scores === null) {
    const wins = new Map<string, number>(input.seatKeys.map((key) => [key, 0]));
    for (const result of results) {
      if (result.scores !== null) continue;
      for (const seat of winnersOf(result)) {
        const key = result.seatKeys[seat];
        if (key !== undefined) wins.set(key, (wins.get(key) ?? 0) + 1);
      }
    }
    const hands = results.filter((r) => r.scores === null).length;
    return {
      kind: 'wins',
      title: `Wins after ${countText(hands, 'hand')}`,
      players: rows(wins, 'win', new Map()),
      matchWinner: null,
      matchNames: [],
    };
  }

  // Points: matches are runs of results, each closed by one that ended its match.
  const matches: HandResult[][] = [[]];
  for (const result of results) {
    if (result.scores === null) continue;
    matches.at(-1)!.push(result);
    if (result.matchOver) matches.push([]);
  }
  const won = new Map<string, number>();
  for (const match of matches) {
    const end = match.at(-1);
    if (!end?.matchOver) continue;
    for (const seat of end.ranking[0] ?? []) {
      const key = end.seatKeys[seat];
      if (key !== undefined) won.set(key, (won.get(key) ?? 0) + 1);
    }
  }
  // The match in view: the one the hand at the table belongs to. The hand that ended a match keeps it in view (its
  // winner named) until the next hand starts; that one opens a new match, at 0 until it has a result.
  const running = matches.at(-1)!;
  const lastHand = input.results.reduce((most, r) => Math.max(most, r.handNo), -1);
  const newMatch = running.length === 0 && matches.length > 1 && input.handNo > lastHand;
  const inView = running.length > 0 || newMatch ? running : (matches.at(-2) ?? running);
  const end = inView.at(-1);
  const totals = new Map<string, number>();
  if (end && !newMatch) end.seatKeys.forEach((key, seat) => totals.set(key, end.scores?.[seat] ?? 0));
  else input.seatKeys.forEach((key) => totals.set(key, 0));
  const ended = !newMatch && end?.matchOver === true;
  const matchWinner = ended && end ? winnerText(end, nameOf) : null;
  let previous: readonly number[] | null = null;
  const matchNames: string[][] = [];
  for (const result of newMatch ? [] : inView) {
    const scores = result.scores ?? [];
    if (scores.some((score, seat) => score !== (previous?.[seat] ?? 0))) matchNames.push(namesOf(result, nameOf));
    previous = scores;
  }
  const hands = newMatch ? 0 : inView.length;
  return {
    kind: 'points',
    title: ended ? 'Final points of the match' : `Points this match (${countText(hands, 'hand')} played)`,
    players: rows(totals, 'point', won),
    matchWinner,
    matchNames,
  };
}

function winnerText(end: HandResult, nameOf: (key: string) => string): string | null {
  const winners = (end.ranking[0] ?? []).flatMap((seat) => {
    const key = end.seatKeys[seat];
    return key === undefined ? [] : [nameOf(key)];
  });
  if (winners.length === 0) return null;
  return winners.length === 1 ? `${winners[0]} wins the match` : `${namesText(winners)} share the match win`;
}

/** The names of `result`'s seats as signed then, with the fallbacks of `nameOf` for unsigned ones. */
function namesOf(result: HandResult, nameOf: (key: string) => string): string[] {
  return result.seatKeys.map((key, seat) => result.names[seat] || nameOf(key));
}

/** A player's name: the newest name they signed, else their name now, else "a former player". */
function nameBook(results: readonly HandResult[], input: ScoreInput): (key: string) => string {
  const signed = new Map<string, string>();
  for (const result of results) {
    result.seatKeys.forEach((key, seat) => {
      const name = result.names[seat];
      if (name) signed.set(key, name);
    });
  }
  return (key) => {
    const now = input.seatKeys.indexOf(key);
    return signed.get(key) || (now >= 0 ? input.names[now] : undefined) || 'a former player';
  };
}

/**
 * The stored score table rows of the hands before `handNo` in its match, oldest first: those after the last earlier
 * hand that ended a match (a hand without a row, such as a thrown-in deal, adds none). The game checks them against
 * the deals its own state says were played.
 */
export function matchRows(
  results: readonly { readonly handNo: number; readonly result: Pick<HandResult, 'matchOver' | 'row'> }[],
  handNo: number,
): Json[] {
  const before = [...results].filter((r) => r.handNo < handNo).sort((a, b) => a.handNo - b.handNo);
  const start = before.findLastIndex((r) => r.result.matchOver === true) + 1;
  return before
    .slice(start)
    .flatMap((r) => (r.result.row !== undefined && r.result.row !== null ? [r.result.row] : []));
}
