/**
 * Blackjack (school rules): what the page needs before a table of it opens (the home screen's
 * entry, the seats, the timing and the table options with their form
 * controls and check). The registry (../index.ts) lists it; the rest of the
 * game (index.ts) loads when a table of the game opens.
 */
import { defineGameMeta } from '../game-meta.js';
import { defaultOptions, parseOptions } from './options.js';

export const schoolBlackjackMeta = defineGameMeta({
  id: 'school-blackjack',
  name: 'Blackjack (school rules)',
  blurb: 'Switch-style shedding with runs, caps, pick-ups and power cards.',
  minPlayers: 2,
  maxPlayers: 6,
  timing: 'turns',
  // Clockwise first, which the board writes as descending seat numbers.
  playDirection: 'descending',
  fields: {
    voluntaryDraw: {
      kind: 'checkbox',
      label: 'Draw instead of playing at will',
      help: 'Off: draw only when no card in your hand may be played (checked by the audit).',
    },
  },
  defaultOptions,
  parseOptions,
});
