/**
 * Stress (speed): what the page needs before a table of it opens (the home screen's
 * entry, the seats, the timing and the table options with their form
 * controls and check). The registry (../index.ts) lists it; the rest of the
 * game (index.ts) loads when a table of the game opens.
 */
import { defineGameMeta } from '../game-meta.js';
import { defaultOptions, parseOptions } from './options.js';

export const stressSpeedMeta = defineGameMeta({
  id: 'stress-speed',
  name: 'Stress (speed)',
  blurb: 'No turns: both play at once, one up or one down. Call "stress!" first.',
  minPlayers: 2,
  maxPlayers: 2,
  timing: 'real-time',
  fields: {},
  defaultOptions,
  parseOptions,
});
