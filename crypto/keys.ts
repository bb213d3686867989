/**
 * Revealing cards of a locked packet (docs/PROTOCOL.md §8.4: reveal to one
 * seat, reveal to all, forward to one seat). A card at position c carries
 * (∏_i k_ic)·H_card; whoever holds every k_ic checks each against its
 * commitment K_ic = k_ic·G, strips all layers with one multiplication by
 * (∏ k_ic)^-1 and looks the result up among the hand's card points. This is
 * the decryption step of the SRA commutative cipher (Shamir, Rivest & Adleman,
 * "Mental Poker", 1981) with per-card keys and public key commitments as in
 * Barnett & Smart, "Mental poker revisited" (2003) §4.3; several cards share
 * one inversion (Montgomery's trick, Math. Comp. 48 (1987) §10.3.1). Private
 * key shares must travel sealed to their recipient (seal.ts).
 */
import { aarray, aint } from './bytes.js';
import { ALL_SEATS } from './cards.js';
import { type Fault, fault } from './fault.js';
import { type Result, ok } from './result.js';
import { Fn, ascalar, mulBase, mulSecret } from './group.js';
import { type PacketState } from './packet.js';
import { type PacketSecrets, type StepHeader } from './steps.js';

/** One key: seat `layer`'s k for the card at `position`. */
export interface KeyEntry {
  readonly position: number;
  readonly layer: number;
  readonly key: bigint;
}

/**
 * Keys sent by seat `header.seat` to seat `to` (or to everyone: ALL_SEATS).
 * Entries are sorted by (position, layer), without repetition.
 */
export interface KeyShares {
  readonly kind: 'keys';
  readonly header: StepHeader;
  readonly to: number;
  readonly entries: readonly KeyEntry[];
}

/** Keys known to one seat, by position, each an array indexed by layer seat. */
export type KeyRing = ReadonlyMap<number, readonly (bigint | undefined)[]>;

function header(state: PacketState, seat: number): StepHeader {
  return { tableId: state.hand.params.tableId, handNo: state.hand.params.handNo, packet: state.id, seat };
}

function assertLocked(state: PacketState, what: string): void {
  if (state.phase !== 'locked')
    throw new RangeError(`${what}: packet ${state.id} is not locked (phase ${state.phase})`);
}

function positionsOf(state: PacketState, positions: readonly number[], what: string): number[] {
  aarray(positions, `${what}: positions`);
  const out = [...new Set(positions.map((p, i) => aint(p, `${what}: positions[${i}]`, 0, state.size - 1)))];
  return out.sort((a, b) => a - b);
}

function sortEntries(entries: KeyEntry[]): KeyEntry[] {
  return entries.sort((a, b) => a.position - b.position || a.layer - b.layer);
}

/**
 * My own keys for `positions`, for seat `toSeat` (reveal to one seat) or for
 * ALL_SEATS (a face-down card that nobody knows is turned up: every seat
 * publishes its key, one round).
 */
export function revealToSeat(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  positions: readonly number[],
  toSeat: number,
): KeyShares {
  assertLocked(state, 'revealToSeat');
  const n = state.hand.params.seats;
  aint(seat, 'seat', 0, n - 1);
  if (toSeat !== ALL_SEATS) aint(toSeat, 'toSeat', 0, n - 1);
  if (toSeat === seat) throw new RangeError(`revealToSeat: seat ${seat} cannot reveal to itself`);
  if (secrets.packet !== state.id || secrets.seat !== seat || !secrets.lock) {
    throw new RangeError(`revealToSeat: no lock keys of seat ${seat} for packet ${state.id}`);
  }
  const entries = positionsOf(state, positions, 'revealToSeat').map((position) => ({
    position,
    layer: seat,
    key: secrets.lock![position]!,
  }));
  return { kind: 'keys', header: header(state, seat), to: toSeat, entries };
}

function allKeys(state: PacketState, ring: KeyRing, positions: number[], what: string): KeyEntry[] {
  const n = state.hand.params.seats;
  const entries: KeyEntry[] = [];
  for (const position of positions) {
    const keys = ring.get(position);
    for (let layer = 0; layer < n; layer++) {
      const key = keys?.[layer];
      if (key === undefined) throw new RangeError(`${what}: key of seat ${layer} for position ${position} is missing`);
      entries.push({ position, layer, key });
    }
  }
  return sortEntries(entries);
}

/** The owner of cards (holding every key) publishes all their keys: the cards become public. */
export function revealToAll(state: PacketState, seat: number, ring: KeyRing, positions: readonly number[]): KeyShares {
  assertLocked(state, 'revealToAll');
  aint(seat, 'seat', 0, state.hand.params.seats - 1);
  const entries = allKeys(state, ring, positionsOf(state, positions, 'revealToAll'), 'revealToAll');
  return { kind: 'keys', header: header(state, seat), to: ALL_SEATS, entries };
}

/** The owner passes cards to one seat (Pesten's 10): all their keys, to be sealed to that seat. */
export function forwardToSeat(
  state: PacketState,
  seat: number,
  ring: KeyRing,
  positions: readonly number[],
  toSeat: number,
): KeyShares {
  assertLocked(state, 'forwardToSeat');
  const n = state.hand.params.seats;
  aint(seat, 'seat', 0, n - 1);
  aint(toSeat, 'toSeat', 0, n - 1);
  if (toSeat === seat) throw new RangeError(`forwardToSeat: seat ${seat} cannot forward to itself`);
  const entries = allKeys(state, ring, positionsOf(state, positions, 'forwardToSeat'), 'forwardToSeat');
  return { kind: 'keys', header: header(state, seat), to: toSeat, entries };
}

/**
 * Checks every key of a key-share message against K_ic (k·G = K_ic). The
 * sender is blamed for a wrong key, for a key of another card and for any
 * message bound to another table, hand or packet. The audit passes
 * `knownKey`: the disclosed k_ic, already checked against K_ic, so a key is
 * compared as a scalar (k ↦ k·G is injective on [0, ℓ)) instead of multiplied.
 */
export function verifyKeyShares(
  state: PacketState,
  msg: KeyShares,
  knownKey?: (layer: number, position: number) => bigint | undefined,
): Fault | null {
  const p = state.hand.params;
  const seat = msg.header.seat;
  const base = { seat, packet: state.id, step: 'keys' as const };
  if (msg.header.handNo !== p.handNo || msg.header.packet !== state.id || !sameBytes(msg.header.tableId, p.tableId)) {
    return {
      ...base,
      code: 'context',
      reason: `key shares are bound to hand ${msg.header.handNo} packet ${msg.header.packet}, expected hand ${p.handNo} packet ${state.id}`,
    };
  }
  if (state.phase !== 'locked')
    return { ...base, code: 'turn', reason: `key shares for packet ${state.id}, which is not locked` };
  if (!(seat >= 0 && seat < p.seats))
    return { ...base, code: 'context', reason: `key shares from unknown seat ${seat}` };
  if (msg.to !== ALL_SEATS && !(msg.to >= 0 && msg.to < p.seats && msg.to !== seat)) {
    return { ...base, code: 'context', reason: `key shares addressed to invalid seat ${msg.to}` };
  }
  let prev = -1;
  for (const e of msg.entries) {
    const order = e.position * 256 + e.layer;
    if (order <= prev) return { ...base, code: 'size', reason: 'key entries are not sorted or repeat' };
    prev = order;
    if (e.position >= state.size || e.layer >= p.seats) {
      return {
        ...base,
        code: 'size',
        position: e.position,
        reason: `key for position ${e.position} layer ${e.layer} is outside the packet`,
      };
    }
    const known = knownKey?.(e.layer, e.position);
    if (known !== undefined ? e.key !== known : !mulBase(e.key).equals(state.keys[e.layer]!.points[e.position]!)) {
      return {
        ...base,
        code: 'key',
        position: e.position,
        reason: `seat ${seat} sent a key for position ${e.position} (layer of seat ${e.layer}) that does not match K_${e.layer},${e.position}`,
      };
    }
  }
  return null;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Adds a seat's own lock keys to a ring. */
export function withOwnKeys(ring: KeyRing, secrets: PacketSecrets, positions?: readonly number[]): KeyRing {
  if (!secrets.lock)
    throw new RangeError(`withOwnKeys: seat ${secrets.seat} has no lock keys for packet ${secrets.packet}`);
  const out = new Map(ring);
  const ps = positions ?? secrets.lock.map((_, i) => i);
  for (const position of ps) {
    const cur = [...(out.get(position) ?? [])];
    cur[secrets.seat] = secrets.lock[position];
    out.set(position, cur);
  }
  return out;
}

/** Adds the keys of a VERIFIED key-share message to a ring. */
export function withKeyShares(ring: KeyRing, msg: KeyShares): KeyRing {
  const out = new Map(ring);
  for (const e of msg.entries) {
    const cur = [...(out.get(e.position) ?? [])];
    cur[e.layer] = e.key;
    out.set(e.position, cur);
  }
  return out;
}

/** Positions of a packet for which a ring holds every seat's key. */
export function openablePositions(state: PacketState, ring: KeyRing): number[] {
  const n = state.hand.params.seats;
  const out: number[] = [];
  for (const [position, keys] of ring) {
    let all = position < state.size;
    for (let i = 0; i < n && all; i++) if (keys[i] === undefined) all = false;
    if (all) out.push(position);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Strips every layer of the cards at `positions` (keys must have been
 * verified) and returns their card indices, in the order of `positions`.
 * A point that is not a card of this hand is a fault that only the audit
 * can attribute (seat null).
 */
export function openCards(state: PacketState, positions: readonly number[], ring: KeyRing): Result<number[], Fault> {
  assertLocked(state, 'openCards');
  const n = state.hand.params.seats;
  aarray(positions, 'openCards: positions');
  const prods = positions.map((position, i) => {
    aint(position, `openCards: positions[${i}]`, 0, state.size - 1);
    const keys = ring.get(position);
    let prod = 1n;
    for (let layer = 0; layer < n; layer++) {
      const k = keys?.[layer];
      if (k === undefined) throw new RangeError(`openCards: key of seat ${layer} for position ${position} is missing`);
      prod = Fn.mul(prod, ascalar(k, `key ${layer}/${position}`));
    }
    return prod;
  });
  const invs = Fn.invertBatch(prods);
  const cards: number[] = [];
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    const card = state.hand.cardOf(mulSecret(state.deck.points[position]!, invs[i]!));
    if (card < 0) {
      return fault({
        seat: null,
        code: 'not-a-card',
        packet: state.id,
        position,
        reason: `position ${position} of packet ${state.id} does not open to a card of this hand: a shuffle or lock was wrong, the audit names the seat`,
      });
    }
    cards.push(card);
  }
  return ok(cards);
}
