/**
 * Pesten: what the page needs before a table of it opens (the home screen's
 * entry, the seats, the timing and the table options with their form
 * controls and check). The registry (../index.ts) lists it; the rest of the
 * game (index.ts) loads when a table of the game opens.
 */
import { defineGameMeta } from '../game-meta.js';
import { defaultOptions, parseOptions } from './options.js';

export const pestenMeta = defineGameMeta({
  id: 'pesten',
  name: 'Pesten',
  blurb: 'Dutch Crazy Eights with jokers, wishes, pick-ups and passing cards.',
  minPlayers: 2,
  maxPlayers: 8,
  timing: 'turns',
  // Clockwise first, which the board writes as descending seat numbers.
  playDirection: 'descending',
  fields: {
    targetPoints: {
      kind: 'number',
      label: 'Round wins for the match',
      help: 'The match ends when a player has won this many rounds.',
      min: 1,
      max: 20,
    },
    drawThenPlay: {
      kind: 'checkbox',
      label: 'Play the drawn card',
      help: 'Off: drawing a card ends your turn. On: you may play the card you drew (and only that one).',
    },
  },
  defaultOptions,
  parseOptions,
});
