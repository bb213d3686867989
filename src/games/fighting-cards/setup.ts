/**
 * Setting up a deal of Fighting Cards: the 32-card deck (7 8 9 10 J Q K A in
 * four suits) and the deal. Handles are positions in the shuffled encrypted
 * deck, so a fixed assignment is as random as the shuffle: seat 0 gets
 * handles 0–9, seat 1 10–19, seat 2 20–29, and 30–31 are the skat. Each hand
 * is revealed to its owner (`reveal-to`); the skat is shown to nobody. The
 * bidding starts with the seat after the dealer. The match so far comes in
 * as `carry` (`{ played, totals, history }`, null for a new match; `history`
 * is the score table's row per counted deal, so it survives a reload with
 * the totals); a carry that does not fit (wrong shape, a match already
 * complete, rows that are not deals 1..played or do not add up to the
 * totals) makes setup fail.
 */
import * as v from 'valibot';
import {
  SUITS,
  requestRevealTo,
  standardDeck,
  type CardId,
  type Core,
  type Handle,
  type Json,
} from '../../engine/index.js';
import {
  HAND_SIZE,
  MAX_BID,
  MIN_BID,
  PLAYERS,
  SKAT_SIZE,
  nextSeat,
  type FightingBoard,
  type MatchCarry,
} from './board.js';
import type { FightingOptions } from './options.js';

export function deck(): CardId[] {
  return standardDeck({ ranks: ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] });
}

const total = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));
const seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PLAYERS - 1));
const rowSchema = v.strictObject({
  deal: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dealer: seat,
  declarer: seat,
  bid: v.pipe(v.number(), v.integer(), v.minValue(MIN_BID), v.maxValue(MAX_BID)),
  handGame: v.boolean(),
  trump: v.nullable(v.picklist(SUITS)),
  points: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120)),
  made: v.boolean(),
  renege: v.nullable(seat),
  scores: v.pipe(v.array(total), v.length(PLAYERS)),
});
const carrySchema = v.strictObject({
  played: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totals: v.pipe(v.array(total), v.length(PLAYERS)),
  history: v.array(rowSchema),
});

export function parseCarry(raw: Json | null, options: FightingOptions): MatchCarry | null {
  if (raw === null) return { played: 0, totals: [0, 0, 0], history: [] };
  const parsed = v.safeParse(carrySchema, raw);
  if (!parsed.success) return null;
  const { played, totals, history } = parsed.output;
  if (played >= options.deals || history.length !== played || history.some((row, i) => row.deal !== i + 1)) return null;
  const summed = totals.map((_, s) => history.reduce((sum, row) => sum + row.scores[s]!, 0));
  if (summed.some((sum, s) => sum !== totals[s])) return null;
  return { played, totals: [...totals], history: history.map((row) => ({ ...row, scores: [...row.scores] })) };
}

export function setup(core: Core<FightingOptions>, layout: unknown, carry: Json | null): FightingBoard | null {
  // Every deal is a full deal: scenario files give all 32 cards, so no layout is needed.
  if (layout !== null) return null;
  const match = parseCarry(carry, core.options);
  if (match === null) return null;
  let next = 0;
  const take = (n: number): Handle[] => Array.from({ length: n }, () => next++);
  const hands = Array.from({ length: PLAYERS }, () => take(HAND_SIZE));
  const skat = take(SKAT_SIZE);
  hands.forEach((hand, seat) => requestRevealTo(core, seat, hand));
  return {
    phase: 'bidding',
    hands,
    skat,
    turn: nextSeat(core.dealer),
    auction: [],
    declarer: null,
    contract: null,
    handGame: null,
    trump: null,
    trick: [],
    tricks: [],
    voids: hands.map(() => []),
    renege: null,
    thrownIn: false,
    result: null,
    match,
  };
}
