/**
 * The public crypto state of a hand and the checks on key shares: the locked
 * packets and their transcripts, where each engine card handle lies (packet,
 * position), the key shares published to everyone, the per-hand pair keys
 * (one X25519 per pair of seats, crypto/seal.ts `pairKey`) and the sealing
 * context that binds a sealed share to its table, hand, packet, sender and
 * recipient (`sealAad`; the packet travels in the sealed payload's header
 * and is authenticated, so nobody trial-opens). Key shares are decoded, verified against the
 * packet's key commitments (crypto/keys.ts `verifyKeyShares`) and checked
 * complete — every entry the request needs, none it does not — before anyone
 * opens a card with them; a fault blames the sender. Holds no secret.
 */
import {
  ALL_SEATS,
  createHand,
  decodeKeyShares,
  openCards,
  openWith,
  pairKey,
  sealWith,
  verifyKeyShares,
  withKeyShares,
  type DeckSize,
  type Hand,
  type KeyRing,
  type KeyShares,
  type PacketState,
  type PacketTranscript,
  type RandomSource,
  type SealKeyPair,
} from '../../../crypto/index.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Handle } from '../../engine/index.js';
import { cryptoWords, fail, type Halt } from './halt.js';
import { type Result, ok } from '../../result.js';

export interface Place {
  readonly packet: number;
  readonly position: number;
}

/** Whose layers a seat's shares must hold for each position: its own (a reveal), or every seat's (a forward, a played card). */
export type Layers = 'own' | 'all';

export class PacketBook {
  readonly hand: Hand;
  readonly packets = new Map<number, PacketState>();
  readonly transcripts: PacketTranscript[] = [];
  /** Every share published to everyone (reveals to all, played cards), for the audit. */
  readonly publicShares: KeyShares[] = [];
  private readonly places = new Map<Handle, Place>();
  private readonly handles = new Map<number, Handle[]>();
  private readonly publicRings = new Map<number, KeyRing>();
  /**
   * The offline verifier only (follower.ts `presumeKey`): true for a public
   * key share — `key` for layer `layer` at `position` of `packet` — whose
   * check against its commitment the caller has done elsewhere and confirms
   * before it trusts the result; the key is then taken as checked. Null: every
   * key is checked here.
   */
  presumeKey: ((packet: number, layer: number, position: number, key: bigint) => boolean) | null = null;
  /**
   * The seat agent's own key for `layer` at `position` of `packet`, when `layer` is its seat and the
   * packet's lock step is the one it made in this page (so K = k·G by construction); else undefined.
   */
  ownKey: ((packet: number, layer: number, position: number) => bigint | undefined) | null = null;

  constructor(table: string, handNo: number, seats: number, deckSize: DeckSize) {
    this.hand = createHand({ tableId: new TextEncoder().encode(table), handNo, seats, deckSize });
  }

  get seats(): number {
    return this.hand.params.seats;
  }

  place(handle: Handle, at: Place): void {
    this.places.set(handle, at);
    let row = this.handles.get(at.packet);
    if (!row) this.handles.set(at.packet, (row = []));
    row[at.position] = handle;
  }
  locate(handle: Handle): Place | undefined {
    return this.places.get(handle);
  }
  handleOf(packet: number, position: number): Handle {
    const handle = this.handles.get(packet)?.[position];
    if (handle === undefined) throw new RangeError(`packet ${packet} position ${position} holds no handle`);
    return handle;
  }

  /** Positions per packet of `handles`; null if one has no card (yet). */
  group(handles: readonly Handle[]): Map<number, number[]> | null {
    const out = new Map<number, number[]>();
    for (const handle of handles) {
      const at = this.places.get(handle);
      if (!at || !this.packets.has(at.packet)) return null;
      const list = out.get(at.packet) ?? [];
      list.push(at.position);
      out.set(at.packet, list);
    }
    return out;
  }

  lock(transcript: PacketTranscript, state: PacketState): void {
    this.packets.set(transcript.id, state);
    this.transcripts.push(transcript);
  }

  publicRing(packet: number): KeyRing {
    return this.publicRings.get(packet) ?? new Map();
  }

  /** Shares that were checked with `checkShares` and go to everyone. */
  publish(shares: readonly KeyShares[]): void {
    for (const msg of shares) {
      this.publicShares.push(msg);
      this.publicRings.set(msg.header.packet, withKeyShares(this.publicRing(msg.header.packet), msg));
    }
  }

  private readonly pairKeys = new Map<string, Uint8Array>();

  /**
   * The pair key of `mine` and `theirPublic` for this hand (one X25519 per pair, cached). Throws a RangeError
   * on a key nobody can seal to. `mine` must be a key pair (its public key is X25519(secret, 9): the seat's
   * own, or a disclosed seal secret the audit checked against its announced key). Then X25519(a, B) =
   * X25519(b, A) (RFC 7748 §6.1) and the salt takes both public keys in byte order, so the two directions
   * of a pair share one key: the audit, which opens both directions of every pair, derives each pair once.
   */
  pairKey(mine: SealKeyPair, theirPublic: Uint8Array): Uint8Array {
    const [a, b] = [bytesToHex(mine.publicKey), bytesToHex(theirPublic)];
    const id = a <= b ? `${a}|${b}` : `${b}|${a}`;
    let key = this.pairKeys.get(id);
    if (!key) {
      key = pairKey(mine, theirPublic, { tableId: this.hand.params.tableId, handNo: this.hand.params.handNo });
      this.pairKeys.set(id, key);
    }
    return key;
  }

  /** Seals encoded key shares of `packet` from seat `from` (key pair `mine`) to seat `to` (public key `toPublic`). */
  seal(
    plaintext: Uint8Array,
    packet: number,
    from: number,
    mine: SealKeyPair,
    to: number,
    toPublic: Uint8Array,
    rng: RandomSource,
  ): Uint8Array {
    const context = {
      tableId: this.hand.params.tableId,
      handNo: this.hand.params.handNo,
      packet,
      purpose: 'keys',
      from,
      to,
    };
    return sealWith(this.pairKey(mine, toPublic), plaintext, context, rng);
  }

  /**
   * Opens a payload sealed by seat `from` (public key `fromPublic`) to seat
   * `to` (key pair `mine`): the packet it names must be one of this hand's.
   * Null when it does not open (the sender is to blame).
   */
  unseal(sealed: Uint8Array, from: number, fromPublic: Uint8Array, to: number, mine: SealKeyPair): Uint8Array | null {
    try {
      const context = { tableId: this.hand.params.tableId, handNo: this.hand.params.handNo, purpose: 'keys', from, to };
      const { packet, plaintext } = openWith(this.pairKey(mine, fromPublic), sealed, context);
      return this.packets.has(packet) ? plaintext : null;
    } catch {
      return null;
    }
  }

  /**
   * Decodes and verifies the shares `seat` sent for `handles`, addressed to
   * `to` (ALL_SEATS for public ones): each must verify, name only those
   * handles, and together hold every entry `layers` asks for.
   */
  checkShares(
    seat: number,
    encoded: readonly Uint8Array[],
    handles: readonly Handle[],
    to: number,
    layers: Layers,
  ): Result<KeyShares[], Halt> {
    const wanted = this.group(handles);
    if (!wanted) return fail('unknown-handle', seat, 'keys for a card handle that has no card');
    const out: KeyShares[] = [];
    const got = new Map<number, Set<number>>();
    for (const bytes of encoded) {
      let msg: KeyShares;
      try {
        msg = decodeKeyShares(bytes, { hand: this.hand, seat });
      } catch (error) {
        return fail('wrong-key', seat, `malformed keys: ${(error as Error).message}`);
      }
      const state = this.packets.get(msg.header.packet);
      const positions = wanted.get(msg.header.packet);
      if (!state || !positions)
        return fail('wrong-key', seat, `keys for packet ${msg.header.packet}, which the request does not use`);
      if (msg.to !== to)
        return fail(
          'wrong-key',
          seat,
          `keys addressed to ${msg.to === ALL_SEATS ? 'everyone' : `seat ${msg.to + 1}`}, not ${to === ALL_SEATS ? 'everyone' : `seat ${to + 1}`}`,
        );
      const fault = verifyKeyShares(state, msg, this.knownKeys(msg));
      if (fault) return fail('wrong-key', seat, `wrong key: ${cryptoWords(fault.reason)}`);
      const entries = got.get(msg.header.packet) ?? new Set<number>();
      for (const e of msg.entries) {
        if (!positions.includes(e.position))
          return fail('wrong-key', seat, 'sent keys for cards that were not asked for');
        if (layers === 'own' && e.layer !== seat)
          return fail('wrong-key', seat, `sent the key of seat ${e.layer + 1}'s layer in a reveal`);
        entries.add(e.position * 256 + e.layer);
      }
      got.set(msg.header.packet, entries);
      out.push(msg);
    }
    for (const [packet, positions] of wanted) {
      const entries = got.get(packet);
      for (const position of positions) {
        const need = layers === 'own' ? [seat] : [...Array(this.seats).keys()];
        const missing = need.find((layer) => !entries?.has(position * 256 + layer));
        if (missing !== undefined) {
          return fail(
            'missing-key',
            seat,
            `left out the key of seat ${missing + 1}'s layer for packet ${packet} position ${position}`,
          );
        }
      }
    }
    return ok(out);
  }

  /**
   * `verifyKeyShares`'s `knownKey` for the entries of `msg`: with `presumeKey`,
   * those it takes as checked; without, the keys this book already published
   * (each checked against its commitment when it came: a card played again
   * after a pickup comes with the same keys) and this seat's own (`ownKey`),
   * so such a key is compared as a scalar instead of multiplied again. Keys
   * are canonical scalars (the codec refuses one ≥ ℓ), and k ↦ k·G is
   * injective on [0, ℓ), so a key equals the known one exactly when it
   * matches the commitment.
   */
  private knownKeys(msg: KeyShares): ((layer: number, position: number) => bigint | undefined) | undefined {
    const presume = this.presumeKey;
    if (!presume) {
      const { packet } = msg.header;
      const ring = this.publicRings.get(packet);
      const own = this.ownKey;
      if (!ring && !own) return undefined;
      return (layer, position) => ring?.get(position)?.[layer] ?? own?.(packet, layer, position);
    }
    const keys = new Map(msg.entries.map((e) => [e.position * 256 + e.layer, e.key]));
    return (layer, position) => {
      const key = keys.get(position * 256 + layer);
      return key !== undefined && presume(msg.header.packet, layer, position, key) ? key : undefined;
    };
  }

  /**
   * Opens `handles` with `ring(packet)`; a point that is no card is blamed on whom the crypto fault names.
   * What opened is remembered with its keys: `openPublic` takes the card from here when the public keys
   * are the same ones (a card this seat was dealt and now plays).
   */
  open(handles: readonly Handle[], ring: (packet: number) => KeyRing): Result<Map<Handle, number>, Halt> {
    const groups = this.group(handles);
    if (!groups) return fail('unknown-handle', null, 'a card handle that has no card');
    const cards = new Map<Handle, number>();
    for (const [packet, positions] of groups) {
      const keys = ring(packet);
      const state = this.packets.get(packet)!;
      const verdict = openCards(state, positions, keys);
      if (!verdict.ok) return fail('crypto-fault', verdict.error.seat, cryptoWords(verdict.error.reason));
      let seen = this.openedWith.get(packet);
      if (!seen) this.openedWith.set(packet, (seen = new Map()));
      positions.forEach((position, i) => {
        cards.set(this.handleOf(packet, position), verdict.value[i]!);
        seen.set(position, {
          point: state.deck.points[position]!,
          keys: [...keys.get(position)!],
          card: verdict.value[i]!,
        });
      });
    }
    return ok(cards);
  }

  /** Cards `open` opened, by packet and position, with the point and the keys they opened with. */
  private readonly openedWith = new Map<
    number,
    Map<number, { readonly point: unknown; readonly keys: readonly (bigint | undefined)[]; readonly card: number }>
  >();

  /** The card `open` found at `position` of `packet` if the point is the same and the public ring holds exactly the keys it used. */
  private openedBefore(packet: number, position: number): number | undefined {
    const before = this.openedWith.get(packet)?.get(position);
    const keys = this.publicRing(packet).get(position);
    if (!before || !keys || before.point !== this.packets.get(packet)?.deck.points[position]) return undefined;
    for (let layer = 0; layer < this.seats; layer++) if (keys[layer] !== before.keys[layer]) return undefined;
    return before.card;
  }

  /** The card index each public position opened to (by packet), remembered by `openPublic`. */
  private readonly opened = new Map<number, Map<number, number>>();

  /**
   * Opens `handles` with the public rings, each card once: a position that
   * opened before is not multiplied again (a card played, picked up and
   * played again), nor one `open` opened with the very same keys (a card
   * this seat was dealt, played). Opening is a function of the packet's
   * point and the keys; every key in a public ring was checked against its
   * commitment, and the keys pin the card, so a position opens to the same
   * card each time. Only cards that opened are remembered.
   */
  openPublic(handles: readonly Handle[]): Result<Map<Handle, number>, Halt> {
    const groups = this.group(handles);
    if (!groups) return fail('unknown-handle', null, 'a card handle that has no card');
    const cards = new Map<Handle, number>();
    for (const [packet, positions] of groups) {
      let known = this.opened.get(packet);
      if (!known) this.opened.set(packet, (known = new Map()));
      for (const position of positions) {
        const card = known.has(position) ? undefined : this.openedBefore(packet, position);
        if (card !== undefined) known.set(position, card);
      }
      const fresh = positions.filter((position) => !known.has(position));
      if (fresh.length > 0) {
        const verdict = openCards(this.packets.get(packet)!, fresh, this.publicRing(packet));
        if (!verdict.ok) return fail('crypto-fault', verdict.error.seat, cryptoWords(verdict.error.reason));
        fresh.forEach((position, i) => known.set(position, verdict.value[i]!));
      }
      for (const position of positions) cards.set(this.handleOf(packet, position), known.get(position)!);
    }
    return ok(cards);
  }
}

/** Two rings in one (keys of `b` fill the gaps of `a`). */
export function mergeRings(a: KeyRing, b: KeyRing): KeyRing {
  const out = new Map(a);
  for (const [position, keys] of b) {
    const cur = [...(out.get(position) ?? [])];
    keys.forEach((key, layer) => {
      if (key !== undefined && cur[layer] === undefined) cur[layer] = key;
    });
    out.set(position, cur);
  }
  return out;
}
