/**
 * Stress (shedding): what the page needs before a table of it opens (the home screen's
 * entry, the seats, the timing and the table options with their form
 * controls and check). The registry (../index.ts) lists it; the rest of the
 * game (index.ts) loads when a table of the game opens.
 */
import { defineGameMeta } from '../game-meta.js';
import { defaultOptions, parseOptions } from './options.js';

export const stressShedMeta = defineGameMeta({
  id: 'stress-shed',
  name: 'Stress (shedding)',
  blurb: 'Get rid of hand, face-up and blind cards; 2 and 3 go on anything, 10 burns.',
  minPlayers: 2,
  maxPlayers: 6,
  timing: 'turns',
  fields: {
    voluntaryPickup: {
      kind: 'checkbox',
      label: 'Pick up the stack at will',
      help: 'Off: only when you cannot play (checked by the audit).',
    },
    fourOfAKindBurns: { kind: 'checkbox', label: 'Four of a kind burns the stack' },
    stopAtFirstWinner: {
      kind: 'checkbox',
      label: 'Stop at the first winner',
      help: 'Off: play on until one player is left.',
    },
    decks: {
      kind: 'select',
      label: 'Decks',
      help: 'One deck serves 2–4 players, two are needed for 5–6.',
      choices: [
        { value: 'auto', label: 'Automatic' },
        { value: 1, label: 'One deck' },
        { value: 2, label: 'Two decks' },
      ],
    },
    endlessHandsEnd: {
      kind: 'checkbox',
      label: 'End endless hands as a draw',
      help: 'A position seen three times, or long play without progress, ends the hand with no loser.',
    },
  },
  defaultOptions,
  parseOptions,
});
