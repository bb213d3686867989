/**
 * Scoring of one deal of Fighting Cards (docs/rules/fighting-cards.md §4) and the match totals.
 * A = card points in the declarer's tricks plus the skat (always, seen or
 * not); made when A ≥ bid, else B = bid − A. Bands by bid:
 *   21–25: A + 50 / −20 × B      26–30: A + 200 / −50 × B
 *   31–35: A + 500 / −100 × B    36–39: A + 1000 / −200 × B
 *   40:    40 + 1500 / −500 × B
 * (the seed's "36 to 49" is read as 36–39). A hand game doubles the score,
 * made or failed. A renege is scored as Skat does: a declarer who reneged
 * loses with A = 0 (B = bid); a defender who reneged gives the declarer the
 * game as made with A = bid. Only the declarer scores; totals accumulate,
 * and each counted deal leaves a row for the match's score table.
 */
import type { Seat } from '../../engine/index.js';
import type { DealResult, DealRow, MatchCarry } from './board.js';

/** The bonus for a made contract and the multiplier of B for a failed one. */
export function band(bid: number): { bonus: number; perPoint: number } {
  if (bid <= 25) return { bonus: 50, perPoint: 20 };
  if (bid <= 30) return { bonus: 200, perPoint: 50 };
  if (bid <= 35) return { bonus: 500, perPoint: 100 };
  if (bid <= 39) return { bonus: 1000, perPoint: 200 };
  return { bonus: 1500, perPoint: 500 };
}

/** The declarer's score for A points against a bid (before the hand-game doubling). */
export function contractScore(bid: number, points: number): { made: boolean; shortfall: number; score: number } {
  const { bonus, perPoint } = band(bid);
  if (points >= bid) return { made: true, shortfall: 0, score: points + bonus };
  const shortfall = bid - points;
  return { made: false, shortfall, score: -perPoint * shortfall };
}

export interface DealFacts {
  declarer: Seat;
  bid: number;
  handGame: boolean;
  trickPoints: number;
  skatPoints: number;
  /** The seat that reneged (first, if several), or null. */
  renege: Seat | null;
}

export function scoreDeal(facts: DealFacts): DealResult {
  const { declarer, bid, handGame, trickPoints, skatPoints, renege } = facts;
  const points = renege === null ? trickPoints + skatPoints : renege === declarer ? 0 : bid;
  const { made, shortfall, score } = contractScore(bid, points);
  return {
    declarer,
    bid,
    handGame,
    trickPoints,
    skatPoints,
    points,
    made,
    shortfall,
    score: handGame ? 2 * score : score,
    renege,
  };
}

/** The totals after a deal: the declarer's score added to the carried totals. */
export function totalsAfter(match: MatchCarry, result: DealResult | null): number[] {
  return match.totals.map((total, seat) => total + (result && result.declarer === seat ? result.score : 0));
}

/** The score table's row for a counted deal: `result` as deal number `deal` dealt by `dealer` with `trump`. */
export function dealRow(
  deal: number,
  dealer: Seat,
  trump: DealRow['trump'],
  result: DealResult,
  players: number,
): DealRow {
  const { declarer, bid, handGame, points, made, renege } = result;
  const scores = Array.from({ length: players }, (_, seat) => (seat === declarer ? result.score : 0));
  return { deal, dealer, declarer, bid, handGame, trump, points, made, renege, scores };
}

/** Seats grouped by total, highest first; equal totals share a place. */
export function rankByTotals(totals: readonly number[]): Seat[][] {
  const distinct = [...new Set(totals)].sort((a, b) => b - a);
  return distinct.map((value) => totals.flatMap((total, seat) => (total === value ? [seat] : [])));
}
