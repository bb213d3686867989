/**
 * Card identities as plain strings: rank code + suit letter ('10S', 'QH'),
 * an optional copy suffix for multi-deck games ('QH~2' is the second deck's
 * queen of hearts), and two jokers ('JKR', 'JKB', with the same suffix).
 * Parsing, rank values (2 low … A high), a stable display sort, and the
 * canonical deck builder every game's `deck()` uses.
 */
import type { CardId } from './types.js';

export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

const JOKERS = ['JKR', 'JKB'] as const;

export type ParsedCard =
  | { kind: 'suited'; rank: Rank; suit: Suit; copy: number; value: number }
  | { kind: 'joker'; color: 'R' | 'B'; copy: number };

const CARD_PATTERN = /^(10|[2-9JQKA])([CDHS])(?:~([2-9]))?$/;
const JOKER_PATTERN = /^JK([RB])(?:~([2-9]))?$/;

/** Rank value for comparisons: 2..10, J=11, Q=12, K=13, A=14. */
function rankValue(rank: Rank): number {
  return RANKS.indexOf(rank) + 2;
}

/** Parse a card id; null if it is not one. Copy 1 has no suffix, so every card has exactly one spelling. */
export function parseCard(id: string): ParsedCard | null {
  const suited = CARD_PATTERN.exec(id);
  if (suited) {
    const rank = suited[1] as Rank;
    return {
      kind: 'suited',
      rank,
      suit: suited[2] as Suit,
      copy: suited[3] ? Number(suited[3]) : 1,
      value: rankValue(rank),
    };
  }
  const joker = JOKER_PATTERN.exec(id);
  if (joker) return { kind: 'joker', color: joker[1] as 'R' | 'B', copy: joker[2] ? Number(joker[2]) : 1 };
  return null;
}

/** Rank value of a suited card id (2..14), or null for jokers and non-cards. */
export function valueOf(id: CardId): number | null {
  const card = parseCard(id);
  return card && card.kind === 'suited' ? card.value : null;
}

function withCopy(base: string, copy: number): CardId {
  return copy === 1 ? base : `${base}~${copy}`;
}

/**
 * A canonical deck: for each copy, every rank of `ranks` in every suit
 * (suit-major: 2C..AC, 2D..AD, …), then `jokers` (0..2) jokers.
 */
export function standardDeck(opts: { copies?: number; ranks?: readonly Rank[]; jokers?: number } = {}): CardId[] {
  const copies = opts.copies ?? 1;
  const ranks = opts.ranks ?? RANKS;
  const deck: CardId[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    for (const suit of SUITS) for (const rank of ranks) deck.push(withCopy(`${rank}${suit}`, copy));
    for (const joker of JOKERS.slice(0, opts.jokers ?? 0)) deck.push(withCopy(joker, copy));
  }
  return deck;
}

/** Display order: by rank value, then suit, then copy; jokers last. */
export function compareCards(a: CardId, b: CardId): number {
  const pa = parseCard(a);
  const pb = parseCard(b);
  const key = (p: ParsedCard | null): [number, number, number] =>
    p === null
      ? [99, 0, 0]
      : p.kind === 'joker'
        ? [50, p.color === 'R' ? 0 : 1, p.copy]
        : [p.value, SUITS.indexOf(p.suit), p.copy];
  const ka = key(pa);
  const kb = key(pb);
  for (let i = 0; i < 3; i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
