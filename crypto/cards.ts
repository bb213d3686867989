/**
 * Card points and hand parameters. Card j of a hand is
 * H_j = hash_to_ristretto255(domain ‖ tableId ‖ handNo ‖ deckSize ‖ j) with
 * the RFC 9380 random-oracle construction for ristretto255 (RFC 9380 §6.8.1
 * and Appendix B, expand_message_xmd with SHA-512, §5.3.1) under an
 * application-specific DST (RFC 9380 §3.1). Nobody knows log_G(H_j), so the
 * commutative-encryption layers of the SRA scheme (Shamir, Rivest & Adleman,
 * "Mental Poker", 1981) cannot be peeled off by comparing with m·G, and the
 * points of one table or hand are useless in another. Deck sizes: 32, 52,
 * 54 (with two jokers) and 104 (two full decks, every physical card distinct).
 */
import { abytes, aint, toHex } from './bytes.js';
import { Transcript } from './fiat-shamir.js';
import { type Point, encodePoint, hashToGroup } from './group.js';

export const DECK_SIZES = [32, 52, 54, 104] as const;
export type DeckSize = (typeof DECK_SIZES)[number];
export const MIN_SEATS = 2;
export const MAX_SEATS = 8;
/** Seat value meaning "every seat" in key-share messages. */
export const ALL_SEATS = 255;
export const MAX_HAND = 0xffffffff;

const CARD_DST = 'fairdeck-v1-card_ristretto255_XMD:SHA-512_R255MAP_RO_';

export interface HandParams {
  /** Table identity bytes (e.g. the table fingerprint), 1..64 bytes. */
  readonly tableId: Uint8Array;
  /** Hand number within the table, 0..2^32-1. */
  readonly handNo: number;
  /** Number of seats taking part in the protocol, 2..8. */
  readonly seats: number;
  /** Cards in the deck: 32, 52, 54 or 104. */
  readonly deckSize: DeckSize;
}

/** A hand: its parameters, its card points and a digest binding all of them. */
export interface Hand {
  readonly params: HandParams;
  readonly cards: readonly Point[];
  /** Hash of the parameters; every Fiat–Shamir challenge of the hand includes it. */
  readonly digest: Uint8Array;
  /** Card index of a point, or -1 if the point is not a card of this hand. */
  cardOf(p: Point): number;
  /** Canonical encodings of the card points (computed on first use). */
  cardBytes(): Uint8Array;
}

export function checkHandParams(params: HandParams): HandParams {
  if (typeof params !== 'object' || params === null) throw new TypeError('hand params: expected an object');
  abytes(params.tableId, 'tableId', [1, 64]);
  aint(params.handNo, 'handNo', 0, MAX_HAND);
  aint(params.seats, 'seats', MIN_SEATS, MAX_SEATS);
  aint(params.deckSize, 'deckSize', 1, 104);
  if (!(DECK_SIZES as readonly number[]).includes(params.deckSize)) {
    throw new RangeError(`deckSize: expected one of ${DECK_SIZES.join(', ')}, got ${params.deckSize}`);
  }
  return params;
}

/** H_j for one card (exported for tests and for the audit). */
export function cardPoint(params: HandParams, index: number): Point {
  const msg = new Transcript('card').bytes(params.tableId).u32(params.handNo).u32(params.deckSize).u32(index).digest();
  return hashToGroup(msg, CARD_DST);
}

export function handDigest(params: HandParams): Uint8Array {
  return new Transcript('hand')
    .bytes(params.tableId)
    .u32(params.handNo)
    .u32(params.seats)
    .u32(params.deckSize)
    .digest();
}

/** Creates a hand: validates the parameters and derives the card points. */
export function createHand(params: HandParams): Hand {
  checkHandParams(params);
  const frozen: HandParams = Object.freeze({
    tableId: params.tableId.slice(),
    handNo: params.handNo,
    seats: params.seats,
    deckSize: params.deckSize,
  });
  const cards = Object.freeze(Array.from({ length: frozen.deckSize }, (_, j) => cardPoint(frozen, j)));
  let bytes: Uint8Array | undefined;
  const cardBytes = (): Uint8Array => {
    if (!bytes) {
      bytes = new Uint8Array(32 * cards.length);
      cards.forEach((c, j) => bytes!.set(encodePoint(c), 32 * j));
    }
    return bytes;
  };
  return Object.freeze({
    params: frozen,
    cards,
    digest: handDigest(frozen),
    cardBytes,
    cardOf(p: Point): number {
      // Reveals look up one point: compare projectively (4 field products per
      // card), no encoding needed. The audit uses cardIndexMap instead.
      for (let j = 0; j < cards.length; j++) if (cards[j]!.equals(p)) return j;
      return -1;
    },
  });
}

/** Builds a fast encoding → index map for a hand (used by the audit). */
export function cardIndexMap(hand: Hand): Map<string, number> {
  const b = hand.cardBytes();
  const m = new Map<string, number>();
  for (let j = 0; j < hand.cards.length; j++) m.set(toHex(b.subarray(32 * j, 32 * j + 32)), j);
  return m;
}
