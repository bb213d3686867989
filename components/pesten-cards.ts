/**
 * Pesten's cards as the Pesten table (fd-pesten.ts) names and sorts them:
 * a card id's rank and suit, the card as people write it ("7♣", "joker"),
 * the suits' symbols and names, the ranks with a special effect, and the
 * sort order of a hand by suit or by rank. Display only: the rules read
 * cards in src/games/pesten.
 */
export type Suit = 'C' | 'D' | 'H' | 'S';
export const SUITS: readonly Suit[] = ['C', 'D', 'H', 'S'];
export const SYMBOL: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
export const SUIT_NAME: Record<Suit, string> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
export const SPECIAL = new Set(['2', '7', '8', '10', 'J', 'K', 'A', 'joker']);

/** Rank ('joker' for a joker) and suit (null for a joker) of a card id; null when unknown. */
export function parts(card: string | null): { rank: string; suit: Suit | null } | null {
  if (!card) return null;
  if (card.startsWith('JK')) return { rank: 'joker', suit: null };
  const m = /^(10|[2-9JQKA])([CDHS])/.exec(card);
  return m ? { rank: m[1]!, suit: m[2] as Suit } : null;
}

/** A card as people write it: "7♣", "joker". */
export function label(card: string | null): string {
  const p = parts(card);
  return !p ? '?' : p.suit === null ? 'joker' : `${p.rank}${SYMBOL[p.suit]}`;
}

/** Where a card goes when a hand is sorted by rank or by suit (jokers last, unknown cards after them). */
export function sortKey(card: string | null, byRank: boolean): number {
  const p = parts(card);
  if (!p) return 999;
  if (p.suit === null) return 900;
  const suit = SUITS.indexOf(p.suit);
  const rank = RANKS.indexOf(p.rank);
  return byRank ? rank * 10 + suit : suit * 100 + rank;
}
