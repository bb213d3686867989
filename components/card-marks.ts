/**
 * How a table marks a player's own cards by the rules' hints
 * (src/games/card-hints.ts): a playable card has a green ring, one that
 * cannot go now is dimmed (tapping it says why). A card the player has
 * picked shows fd-card's own picked ring instead of the playable one. Dimmed by
 * darkening, not by opacity: the felt showing through would take the card's
 * ink below 4.5:1. One `css` fragment the game
 * elements include, so every game marks its cards the same way.
 */
import { css } from 'lit';

export const cardMarkStyles = css`
  fd-card.illegal {
    filter: grayscale(0.4) brightness(0.75);
  }
  fd-card.legal:not([selected])::part(card) {
    box-shadow:
      0 0 0 2px var(--fd-ok),
      0 2px 4px rgba(0, 0, 0, 0.35);
  }
`;

/** What a screen reader hears after a card's name in the player's own hand (fd-card's `note`): null when the table offers no choice now. */
export const playNote = (legal: boolean | null): string => (legal === null ? '' : legal ? 'playable' : 'not playable');
