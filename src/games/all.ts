/**
 * Every game's module, registered at once, with its bot: for Node processes
 * (the tests, the scripts, the benches, `npm run verify`), which play or
 * check any game without waiting. The page never imports this file; it loads one game at a
 * time when a table of that game opens (index.ts `loadGame`), so that each
 * game is a chunk of its own (test/layers.test.ts keeps it that way).
 */
import { loadBot, registerGame } from './index.js';
import { stressShedModule } from './stress-shed/index.js';
import { stressSpeedModule } from './stress-speed/index.js';
import { pestenModule } from './pesten/index.js';
import { fightingCardsModule } from './fighting-cards/index.js';
import { schoolBlackjackModule } from './school-blackjack/index.js';

const modules = [stressShedModule, stressSpeedModule, pestenModule, fightingCardsModule, schoolBlackjackModule];
for (const module of modules) registerGame(module);
// And every game's bot, before anything runs: a Node process may play any seat with its game's own bot at once.
await Promise.all(modules.map((module) => loadBot(module.id)));
