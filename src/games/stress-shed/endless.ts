/**
 * Endless hands of Stress (shedding), docs/rules/stress-shed.md §4 (option `endlessHandsEnd`,
 * on by default): fixed strategies can pass the stack back and forth for
 * ever, so a hand ends when a *position* occurs for the third time, or after
 * 100 × (players still in) turns without progress; the players still in then
 * share the last place and nobody loses (chess's threefold-repetition and
 * move-count rules).
 *
 * A position is whose turn it is, the game stack in order, the draw-stack
 * size, every seat's hand, face-up and face-down cards (as sets) and who is
 * out — all as card handles, so every peer and the audit (which knows every
 * card) compute the same positions from the public state. Progress is a draw
 * from the draw stack, a burn, a face-up or face-down card played, or a
 * player going out: each is irreversible (the draw stack and the face-up and
 * face-down cards only shrink, the cemetery and the finishing order only
 * grow), so no position before a progress can occur after it. The board
 * therefore keeps only the positions since the last progress, as 64-bit
 * hashes (`board.positions`, oldest first), cleared at each progress: at most
 * 100 × players + 1 short strings (≤ 601 × 16 hex digits for six players),
 * part of the hashed public state like every other field, and recomputed
 * alike by the audit's replay. The turns without progress are that list's
 * length minus one.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, type Handle } from '../../engine/index.js';
import { activeSeats, type StressBoard, type StressState } from './board.js';

/** A position occurring this often ends the hand. */
export const REPETITIONS = 3;
/** Turns without progress allowed per player still in. */
export const QUIET_TURNS_PER_PLAYER = 100;
/** Hex digits kept of a position's SHA-256: 64 bits, so a false repetition (a collision among ≤ 601 positions) is out of reach. */
const POSITION_HASH_DIGITS = 16;

const sorted = (handles: readonly Handle[]): Handle[] => [...handles].sort((a, b) => a - b);

/** The position docs/rules/stress-shed.md §4 defines, as plain data in card handles. */
export function positionOf(board: StressBoard): unknown {
  return {
    turn: board.turn,
    stack: board.stack,
    draw: board.draw.length,
    seats: board.seats.map((cards) => [sorted(cards.hand), sorted(cards.faceUp), sorted(cards.faceDown)]),
    out: board.out,
  };
}

/** A short hash of the current position: what `board.positions` records. */
export function positionHash(board: StressBoard): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(positionOf(board))))).slice(0, POSITION_HASH_DIGITS);
}

/**
 * A number that grows exactly when progress is made: cards burned and
 * players out count up, cards left to draw and face-up and face-down cards
 * count down. Compare it before and after a turn.
 */
export function progressMark(board: StressBoard): number {
  const faceCards = board.seats.reduce((sum, cards) => sum + cards.faceUp.length + cards.faceDown.length, 0);
  return board.cemetery.length + board.out.length - board.draw.length - faceCards;
}

/** How often the current (last recorded) position has occurred since the last progress. */
export function repeatsOfCurrent(board: StressBoard): number {
  const current = board.positions.at(-1);
  return current === undefined ? 0 : board.positions.filter((key) => key === current).length;
}

/** Turns played since the last progress (or since play started). */
export function quietTurns(board: StressBoard): number {
  return Math.max(0, board.positions.length - 1);
}

/** Play has just started: the first position is the start of the record. */
export function startRecord(draft: StressState): void {
  if (draft.options.endlessHandsEnd && draft.board.phase === 'play')
    draft.board.positions = [positionHash(draft.board)];
}

/**
 * A turn has ended (the next seat is to move) with or without progress:
 * record the position and end the hand if it occurred for the third time or
 * the turns without progress reached 100 × the players still in.
 */
export function recordTurn(draft: StressState, progressed: boolean): void {
  const board = draft.board;
  if (!draft.options.endlessHandsEnd || board.phase !== 'play') return;
  const key = positionHash(board);
  if (progressed) {
    board.positions = [key];
    return;
  }
  board.positions.push(key);
  if (repeatsOfCurrent(board) >= REPETITIONS) endHand(board, 'repetition');
  else if (quietTurns(board) >= QUIET_TURNS_PER_PLAYER * activeSeats(board).length) endHand(board, 'no-progress');
}

function endHand(board: StressBoard, why: 'repetition' | 'no-progress'): void {
  board.phase = 'over';
  board.loser = null;
  board.endless = why;
}
