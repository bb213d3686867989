/**
 * Words for the table log, shared by every game's `describe`: a seat's name
 * ("Ann", or "Seat 2" when it has none) and cards as people write them
 * ("7♣", "10♥", "red joker"; the copy suffix of a two-deck game is dropped,
 * since both copies look the same on the table), and counts with their noun
 * ("1 card", "3 cards"), and what a hand waits for ("to bid").
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

/** The games' one-word phases of a turn, as what the table waits for a player to do. */
const AWAITED: Readonly<Record<string, string>> = {
  play: 'to play',
  bidding: 'to bid',
  skat: 'to take the skat or play from hand',
  discard: 'to put two cards away',
  trump: 'to name trumps',
  swap: 'to swap cards and say ready',
  deal: 'to deal',
  wish: 'to wish a suit',
  pass: 'to pass a card',
  'answer-pick-up': 'to answer the pick-up or draw',
  'continue-turn': 'to finish their turn',
};

/** What a hand waits for, in words after "waits for them": the engine's "bidding" → "to bid"; "to …" as given. */
export function awaitedWords(what: string): string {
  if (what.startsWith('to ')) return what;
  return AWAITED[what] ?? `to ${what.replace(/-/g, ' ')}`;
}
