/**
 * A hand's set-up, agreed and persisted: the game, its options, the seats'
 * identity keys, the dealer, the match state carried over and the hash of the
 * previous hand's outcome. Each seat's first event (`ready`) commits to
 * `setupHash`, and to `termsHash` — the part of it the table's roster gives
 * (game, options, seat keys) — so a seat's ready is its signed agreement to
 * exactly those terms. A ready for another set-up under the same terms (a
 * stale dealer after a reload, another carry) is refused at once and its seat
 * named; a ready under other terms (the roster changed between two seats'
 * agreements, or its creator sent different ones) names nobody: the hand is
 * called off and the next one asks every seat again. The table stores the
 * set-up with the hand, and the next hand's set-up is derived from the
 * previous hand's stored record only (`nextSetup`), never from memory.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, type Json, type Outcome, type SetupArgs } from '../../engine/index.js';

export interface HandSetup {
  readonly table: string;
  readonly handNo: number;
  readonly game: string;
  readonly options: Json;
  /** Identity keys (hex) of the seats, in seat order. */
  readonly seatKeys: readonly string[];
  readonly dealer: number;
  readonly carry: Json | null;
  /** `outcomeHash` of the previous hand at this table, or null for the first hand (or after one without a result). */
  readonly previous: string | null;
}

/** What a finished hand leaves for the next one. */
export interface HandOutcome {
  readonly stateHash: string;
  readonly nextDealer: number;
  readonly carry: Json | null;
}

/**
 * A finished hand's result as the table's score strip reads it (src/app/scores.ts): the places, the scores for a
 * game that keeps them, whether this hand ended a match, the names each seat played under and the hand's score
 * table row for a game that shows one across a match. Kept beside the
 * outcome, never hashed and never part of a set-up: only this page reads it.
 */
export interface HandResult {
  /** Places, best first; seats in one group share a place (the rules' outcome, after the audit where it rescores). */
  readonly ranking: readonly (readonly number[])[];
  /** Each seat's score in the match so far (the outcome's `scores`), or null for a game without points. */
  readonly scores: readonly number[] | null;
  /** A game with points ended its match with this hand (it carries nothing on). */
  readonly matchOver: boolean;
  /** The name each seat played this hand under, as signed in its ready ("" when none was signed). */
  readonly names: readonly string[];
  /** The identity key (hex) of each seat in this hand: who played it, whatever seat they hold later. */
  readonly seatKeys: readonly string[];
  /** The hand's row of the game's score table across a match (the outcome's `row`); absent when it has none. */
  readonly row?: Json;
}

/** A hand as the table stores it, next to its events: the set-up, the outcome once agreed, and its result for the score strip. */
export interface HandRecord {
  readonly setup: HandSetup;
  readonly outcome: HandOutcome | null;
  /** Absent for a hand without a result (stopped, abandoned) and in records written before results were kept. */
  readonly result?: HandResult;
}

export function setupHash(setup: HandSetup): Uint8Array {
  return sha256(utf8ToBytes(`fairdeck/hand-setup/v1\0${canonicalJson(setup)}`));
}

/**
 * The hash of a hand's terms: what the table's roster decides (game, options, seat keys), for this table and hand. Two
 * readies that differ here disagree about the roster, not about the hands played.
 */
export function termsHash(setup: HandSetup): Uint8Array {
  const { table, handNo, game, options, seatKeys } = setup;
  return sha256(utf8ToBytes(`fairdeck/hand-terms/v1\0${canonicalJson({ table, handNo, game, options, seatKeys })}`));
}

export function outcomeHash(outcome: HandOutcome): string {
  return bytesToHex(sha256(utf8ToBytes(`fairdeck/hand-outcome/v1\0${canonicalJson(outcome)}`)));
}

export function setupArgs(setup: HandSetup): SetupArgs {
  return {
    players: setup.seatKeys.length,
    options: setup.options,
    dealer: setup.dealer,
    ...(setup.carry !== null ? { carry: setup.carry } : {}),
  };
}

/** The score strip's record of a finished hand with `outcome` (null when the rules give none), played by `seatKeys` as `names`. */
export function resultOf(
  outcome: Outcome | null,
  names: readonly string[],
  seatKeys: readonly string[],
): HandResult | null {
  if (!outcome) return null;
  return {
    ranking: outcome.ranking.map((group) => [...group]),
    scores: outcome.scores ? [...outcome.scores] : null,
    matchOver: outcome.scores !== null && outcome.carry === null,
    names: [...names],
    seatKeys: [...seatKeys],
    ...(outcome.row !== undefined && outcome.row !== null ? { row: outcome.row } : {}),
  };
}

/** The outcome of a finished hand (null when the rules give none). */
export function outcomeOf(outcome: Outcome | null, stateHashHex: string): HandOutcome | null {
  return outcome ? { stateHash: stateHashHex, nextDealer: outcome.nextDealer, carry: outcome.carry } : null;
}

/**
 * The set-up of hand `handNo`: the first hand deals from seat 0; a later one
 * from the previous hand's record (its outcome, or, when it ended without
 * one, the same dealer and carry again).
 */
export function nextSetup(
  base: { table: string; game: string; options: Json; seatKeys: readonly string[] },
  handNo: number,
  previous: HandRecord | undefined,
): HandSetup {
  const common = { table: base.table, handNo, game: base.game, options: base.options, seatKeys: [...base.seatKeys] };
  if (!previous) return { ...common, dealer: 0, carry: null, previous: null };
  const { outcome, setup } = previous;
  if (!outcome) return { ...common, dealer: setup.dealer, carry: setup.carry, previous: null };
  return { ...common, dealer: outcome.nextDealer, carry: outcome.carry, previous: outcomeHash(outcome) };
}
