/**
 * Words for the table log, shared by every game's `describe`: a seat's name
 * ("Ann", or "Seat 2" when it has none) and cards as people write them
 * ("7♣", "10♥", "red joker"; the copy suffix of a two-deck game is dropped,
 * since both copies look the same on the table), and counts with their noun
 * ("1 card", "3 cards").
 */
import { parseCard, type CardId, type Seat } from '../engine/index.js';

const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' } as const;

export function seatName(names: readonly string[], seat: Seat): string {
  return names[seat] || `Seat ${seat + 1}`;
}

/** A card as printed on it, e.g. 'QH~2' → "Q♥"; anything that is not a card is shown as given. */
export function cardName(card: CardId): string {
  const parsed = parseCard(card);
  if (parsed === null) return card;
  if (parsed.kind === 'joker') return parsed.color === 'R' ? 'red joker' : 'black joker';
  return `${parsed.rank}${SUIT_SYMBOLS[parsed.suit]}`;
}

/** Several cards, space-separated: "7♣ 7♠". */
export function cardList(cards: readonly CardId[]): string {
  return cards.map(cardName).join(' ');
}

/** A count and its noun, singular for one: "1 card", "3 cards", "0 points", "−1 point"; `plural` for an irregular noun. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${Math.abs(n) === 1 ? noun : plural}`;
}
