/**
 * Every game's module, registered at once: for Node processes (the tests,
 * the scripts, the benches, `npm run verify`), which play or check any game
 * without waiting. The page never imports this file; it loads one game at a
 * time when a table of that game opens (index.ts `loadGame`), so that each
 * game is a chunk of its own (test/layers.test.ts keeps it that way).
 */
import { registerGame } from './index.js';
import { stressShedModule } from './stress-shed/index.js';
import { stressSpeedModule } from './stress-speed/index.js';
import { pestenModule } from './pesten/index.js';
import { fightingCardsModule } from './fighting-cards/index.js';
import { schoolBlackjackModule } from './school-blackjack/index.js';

for (const module of [stressShedModule, stressSpeedModule, pestenModule, fightingCardsModule, schoolBlackjackModule])
  registerGame(module);
