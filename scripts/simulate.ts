/**
 * `npm run simulate -- --game stress-shed --players N --hands K [--seed S] [--delay MS] [--bot random|heuristic] [--reload-at H:S] [--transcript FILE] [--options JSON]`
 * Plays K whole hands among N bot peers, each with its own keys, over the
 * in-memory transport with the real mental-poker cryptography, and prints per
 * hand: winner, moves, the agreed state hash and the audit verdict.
 * `--reload-at H:S` reloads the last seat's page at engine step S of hand H
 * (1-based) from its stored data only. `--transcript FILE` writes every hand
 * as seat 1 holds it to FILE (docs/TRANSCRIPT.md; check it with
 * `npm run verify -- FILE`). Exits
 * non-zero on any disagreement, halt or unclean audit.
 *
 * `--cheat KIND` (tools/sim/cheats.ts: shuffle-linear, incomplete-keys, …)
 * plays one hand in which one bot peer cheats, with a knowledge monitor on
 * every honest peer, and prints `caught: seat N (<code>)`; it exits 0 only
 * when every honest peer named the cheater with the expected kind of code
 * and no honest peer could read a card the rules do not show it.
 *
 * `--options JSON` sets the table's options (e.g. '{"voluntaryDraw":false}');
 * with `--cheat false-claim` it also lets the cheater try a false claim that
 * only these options make possible (School Blackjack with voluntaryDraw off).
 */
import '../src/games/all.js';
import { parseArgs } from 'node:util';
import { gameModules, isGameId } from '../src/games/index.js';
import { writeFileSync } from 'node:fs';
import { simulate } from '../tools/sim/simulation.js';
import type { EnvelopeOf } from '../src/net/envelope.js';
import { buildTranscriptFile, transcriptJson, type HandToExport } from '../src/verify/transcript-file.js';
import { CHEAT_KINDS, isCheatKind } from '../tools/sim/cheats.js';
import { runCheat } from '../tools/sim/cheat-run.js';

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
    cheat: { type: 'string' },
    options: { type: 'string' },
  },
});
const game = values.game;
if (!isGameId(game)) {
  console.error(`unknown game ${game}; one of ${gameModules.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const players = Number(values.players);
let tableOptions: Record<string, boolean | number | string> | undefined;
if (values.options !== undefined) {
  try {
    tableOptions = JSON.parse(values.options) as Record<string, boolean | number | string>;
  } catch {
    console.error(`--options wants a JSON object (e.g. '{"voluntaryDraw":false}'), not ${values.options}`);
    process.exit(2);
  }
}
const reloadMatch = values['reload-at'] === undefined ? null : /^(\d+):(\d+)$/.exec(values['reload-at']);
if (values['reload-at'] !== undefined && !reloadMatch) {
  console.error(`--reload-at wants HAND:STEP (e.g. 2:10), not ${values['reload-at']}`);
  process.exit(2);
}
if (values.cheat !== undefined) {
  const kind = values.cheat;
  if (!isCheatKind(kind)) {
    console.error(`unknown cheat ${kind}; one of ${CHEAT_KINDS.join(', ')}`);
    process.exit(2);
  }
  const started = performance.now();
  const report = await runCheat({
    game,
    players,
    kind,
    ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
    ...(tableOptions ? { options: tableOptions, claimsByOptions: true } : {}),
  });
  if (!report) {
    console.error(`${game} offers no ${kind} cheat`);
    process.exit(2);
  }
  console.log(`cheat ${kind} in ${game} by seat ${report.cheater + 1}: ${report.cheat.what}`);
  for (const v of report.verdicts)
    console.log(
      `  seat ${v.seat + 1}: ${v.code}${v.blamed !== null ? ` blaming seat ${v.blamed + 1}` : ''} — ${v.detail}`,
    );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report.ok) {
    const codes = [...new Set(report.verdicts.map((v) => v.code))].join(', ');
    console.log(
      report.cheat.expect.caught === 'nothing'
        ? `nothing changed: audit clean on every honest peer (${seconds} s)`
        : `caught: seat ${report.cheater + 1} (${codes}) (${seconds} s)`,
    );
    process.exit(0);
  }
  console.log(`NOT CAUGHT as required: ${report.why} (${seconds} s)`);
  process.exit(1);
}
const hands = Number(values.hands);
const started = performance.now();
let bad = 0;
let reshuffles = 0;
const exported: HandToExport[] = [];
let roster: EnvelopeOf<'roster'> | null = null;
console.log(
  `simulating ${hands} hand(s) of ${game} among ${players} peers${values.seed ? ` (seed ${values.seed})` : ''}`,
);
const results = await simulate(
  {
    game,
    players,
    hands,
    ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
    delayMs: Number(values.delay),
    ...(tableOptions ? { options: tableOptions } : {}),
    bot: values.bot === 'random' ? 'random' : 'heuristic',
    ...(reloadMatch ? { reloadAt: { hand: Number(reloadMatch[1]), step: Number(reloadMatch[2]) } } : {}),
    ...(values.transcript !== undefined
      ? {
          onHandExport: (hand: HandToExport, signed: EnvelopeOf<'roster'> | null) => {
            exported.push(hand);
            roster = signed;
          },
        }
      : {}),
  },
  (r) => {
    const ok = r.agreedHash !== null && r.allClean;
    if (!ok) bad++;
    reshuffles += r.reshuffles;
    console.log(
      `hand ${r.hand + 1}: winner seat ${r.winner !== null ? r.winner + 1 : '-'} · ${r.moves} moves${r.reshuffles > 0 ? ` · ${r.reshuffles} reshuffle${r.reshuffles === 1 ? '' : 's'}` : ''} · hash ${r.agreedHash?.slice(0, 16) ?? 'DISAGREE'} · audit ${r.allClean ? 'clean' : 'NOT CLEAN'}`,
    );
    if (!ok)
      for (const p of r.peers)
        console.log(`  seat ${p.seat + 1}: ${p.phase} ${p.hash?.slice(0, 16)} ${p.audit} ${p.halt ?? ''}`);
  },
);
if (values.transcript !== undefined && exported.length > 0) {
  writeFileSync(
    values.transcript,
    transcriptJson(
      buildTranscriptFile(
        exported,
        Array.from({ length: players }, (_, seat) => `Bot ${seat + 1}`),
        roster,
      ),
    ),
  );
  console.log(`transcript of ${exported.length} hand(s) written to ${values.transcript}`);
}
console.log(
  `${results.length - bad} passed, ${bad} failed, ${reshuffles} reshuffle(s) in all (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
process.exit(bad === 0 ? 0 : 1);
