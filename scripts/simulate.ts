/**
 * `npm run simulate -- --game stress-shed --players N --hands K [--seed S] [--delay MS] [--bot random|heuristic] [--reload-at H:S] [--transcript FILE]`
 * Plays K whole hands among N bot peers, each with its own keys, over the
 * in-memory transport with the real mental-poker cryptography, and prints per
 * hand: winner, moves, the agreed state hash and the audit verdict.
 * `--reload-at H:S` reloads the last seat's page at engine step S of hand H
 * (1-based) from its stored data only. `--transcript FILE` writes every hand
 * as seat 1 holds it to FILE (docs/TRANSCRIPT.md; check it with
 * `npm run verify -- FILE`). Exits
 * non-zero on any disagreement, halt or unclean audit.
 */
import { parseArgs } from 'node:util';
import { gameModules, isGameId } from '../src/games/index.js';
import { writeFileSync } from 'node:fs';
import { simulate } from '../src/table/simulation.js';
import { buildTranscriptFile, transcriptJson, type HandToExport } from '../src/table/transcript-file.js';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: gameModules[0]!.id },
    players: { type: 'string', default: '2' },
    hands: { type: 'string', default: '1' },
    seed: { type: 'string' },
    delay: { type: 'string', default: '0' },
    bot: { type: 'string', default: 'heuristic' },
    'reload-at': { type: 'string' },
    transcript: { type: 'string' },
  },
});
const game = values.game;
if (!isGameId(game)) {
  console.error(`unknown game ${game}; one of ${gameModules.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const players = Number(values.players);
const reloadMatch = values['reload-at'] === undefined ? null : /^(\d+):(\d+)$/.exec(values['reload-at']);
if (values['reload-at'] !== undefined && !reloadMatch) {
  console.error(`--reload-at wants HAND:STEP (e.g. 2:10), not ${values['reload-at']}`);
  process.exit(2);
}
const hands = Number(values.hands);
const started = performance.now();
let bad = 0;
const exported: HandToExport[] = [];
console.log(`simulating ${hands} hand(s) of ${game} among ${players} peers${values.seed ? ` (seed ${values.seed})` : ''}`);
const results = await simulate(
  {
    game,
    players,
    hands,
    ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
    delayMs: Number(values.delay),
    bot: values.bot === 'random' ? 'random' : 'heuristic',
    ...(reloadMatch ? { reloadAt: { hand: Number(reloadMatch[1]), step: Number(reloadMatch[2]) } } : {}),
    ...(values.transcript !== undefined ? { onHandExport: (hand: HandToExport) => exported.push(hand) } : {}),
  },
  (r) => {
    const ok = r.agreedHash !== null && r.allClean;
    if (!ok) bad++;
    console.log(
      `hand ${r.hand + 1}: winner seat ${r.winner !== null ? r.winner + 1 : '-'} · ${r.moves} moves · hash ${r.agreedHash?.slice(0, 16) ?? 'DISAGREE'} · audit ${r.allClean ? 'clean' : 'NOT CLEAN'}`,
    );
    if (!ok) for (const p of r.peers) console.log(`  seat ${p.seat + 1}: ${p.phase} ${p.hash?.slice(0, 16)} ${p.audit} ${p.halt ?? ''}`);
  },
);
if (values.transcript !== undefined && exported.length > 0) {
  writeFileSync(values.transcript, transcriptJson(buildTranscriptFile(exported, Array.from({ length: players }, (_, seat) => `Bot ${seat + 1}`))));
  console.log(`transcript of ${exported.length} hand(s) written to ${values.transcript}`);
}
console.log(`${results.length - bad} passed, ${bad} failed (${((performance.now() - started) / 1000).toFixed(1)} s)`);
process.exit(bad === 0 ? 0 : 1);
