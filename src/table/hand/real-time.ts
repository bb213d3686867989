/**
 * Real time (the engine awaits 'anytime'): play proceeds in rounds that the
 * players open themselves. A seat with moves to make (or that sees another
 * seat's commit for the round) commits to H(round, seat, moves, salt) —
 * possibly no moves; once every commit is in, each reveals its moves and
 * salt; once every reveal is in, the round's moves are interleaved one per
 * seat at a time, starting with the seat picked by a coin from all the salts.
 * Nobody can bias the coin (the salts are fixed before any is seen), a faster
 * network only gets a move into an earlier round, never ahead within a round,
 * and a move whose top changed meanwhile bounces (a race error) without
 * blame (`playOrdered`). A reveal that does not match its commit is blamed; a
 * withheld reveal stalls the hand and names the seat (deadlines.ts).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, type AnyGame, type AnyState } from '../../engine/index.js';
import type { TableEvent } from '../transcript.js';
import { fail, isRaceError, type Halt } from './halt.js';
import { type Result, ok } from '../../result.js';

/** A move of a round, in the agreed order. */
export interface Ordered {
  readonly seat: number;
  readonly action: unknown;
  readonly round: number;
}

/** A real-time move that lost its race (its top changed first): shown as bounced, blamed on nobody. */
export interface Bounce {
  readonly round: number;
  readonly seat: number;
  readonly action: unknown;
  readonly error: string;
}

export function roundDigest(
  table: string,
  handNo: number,
  round: number,
  seat: number,
  actions: readonly unknown[],
  salt: Uint8Array,
): Uint8Array {
  return sha256(
    concatBytes(
      utf8ToBytes(`fairdeck/round/v1\0${table}\0${handNo}\0${round}\0${seat}\0`),
      utf8ToBytes(canonicalJson(actions)),
      salt,
    ),
  );
}

/** The seed of round 0: the hand's set-up hash (known to all before any round). */
export function firstSeed(setupDigest: Uint8Array): Uint8Array {
  return sha256(concatBytes(utf8ToBytes('fairdeck/round-seed/v2\0'), setupDigest));
}

/** The seed of round r+1 from round r's seed and every salt revealed in round r (seat order). */
export function nextSeed(seed: Uint8Array, salts: readonly Uint8Array[]): Uint8Array {
  return sha256(concatBytes(utf8ToBytes('fairdeck/round-seed/v2\0'), seed, ...salts));
}

/** The seat that moves first in a round with this seed. */
export function roundCoin(seed: Uint8Array, round: number, players: number): number {
  return sha256(concatBytes(utf8ToBytes(`fairdeck/round-coin/v2\0${round}\0`), seed))[0]! % players;
}

/** The agreed order of round `round`'s moves (the coin from `seed`), from every seat's commit and reveal (in seat order), and the next round's seed. */
export function orderRound(
  ctx: { table: string; handNo: number },
  round: number,
  seed: Uint8Array,
  commits: readonly TableEvent<'commit'>[],
  reveals: readonly TableEvent<'reveal'>[],
): Result<{ ordered: Ordered[]; next: Uint8Array }, Halt> {
  const players = commits.length;
  const salts: Uint8Array[] = [];
  const moves: unknown[][] = [];
  for (let seat = 0; seat < players; seat++) {
    const reveal = reveals[seat]!.data;
    const digest = roundDigest(ctx.table, ctx.handNo, round, seat, reveal.actions, reveal.salt);
    if (bytesToHex(digest) !== bytesToHex(commits[seat]!.data.digest)) {
      return fail(
        'reveal-mismatch',
        seat,
        `revealed moves for round ${round} that do not match its commit (equivocation)`,
      );
    }
    salts.push(reveal.salt);
    moves.push(reveal.actions);
  }
  const coin = roundCoin(seed, round, players);
  const ordered: Ordered[] = [];
  for (let i = 0; moves.some((m) => i < m.length); i++) {
    for (let k = 0; k < players; k++) {
      const seat = (coin + k) % players;
      const action = moves[seat]![i];
      if (action !== undefined) ordered.push({ seat, action, round });
    }
  }
  return ok({ ordered, next: nextSeed(seed, salts) });
}

/**
 * One agreed move of a round against the rules: the next state, or a bounce
 * (a lost race, blamed on nobody). A move that is no move of the game, that
 * would reveal hidden cards, or that the rules refuse halts naming its seat.
 */
export function playOrdered(
  game: AnyGame,
  state: AnyState,
  next: Ordered,
): Result<{ readonly state: AnyState } | { readonly bounce: Bounce }, Halt> {
  const claims = game.claimedCards(next.action);
  if (claims === null) return fail('not-a-move', next.seat, 'sent a move that is not a move of this game');
  if (claims.length > 0) return fail('illegal-move', next.seat, 'a real-time move cannot reveal hidden cards');
  const result = game.reduce(state, { kind: 'act', seat: next.seat, action: next.action });
  if (result.ok) return ok({ state: result.value });
  if (isRaceError(game, result.error))
    return ok({ bounce: { round: next.round, seat: next.seat, action: next.action, error: result.error } });
  return fail('illegal-move', next.seat, `an illegal move: ${result.error}`);
}
