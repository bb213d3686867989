/**
 * Fighting Cards: what the page needs before a table of it opens (the home screen's
 * entry, the seats, the timing and the table options with their form
 * controls and check). The registry (../index.ts) lists it; the rest of the
 * game (index.ts) loads when a table of the game opens.
 */
import { defineGameMeta } from '../game-meta.js';
import { defaultOptions, parseOptions, MAX_DEALS } from './options.js';

export const fightingCardsMeta = defineGameMeta({
  id: 'fighting-cards',
  name: 'Fighting Cards',
  blurb: 'Bid for the contract, take or leave the skat, name trumps, win tricks.',
  minPlayers: 3,
  maxPlayers: 3,
  timing: 'turns',
  fields: {
    deals: {
      kind: 'number',
      label: 'Deals in the match',
      help: 'Each player deals once in three; thrown-in deals do not count.',
      min: 1,
      max: MAX_DEALS,
    },
  },
  defaultOptions,
  parseOptions,
});
