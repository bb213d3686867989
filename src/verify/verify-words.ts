/**
 * A transcript's verification report (verify-transcript.ts) in words, one
 * line each, as the verify command prints it and the replay page shows it:
 * the file, its seats by the names they signed, what was checked per hand,
 * the results, and the verdict with the seat to blame. Seats are numbered as
 * everywhere else on screen ("seat 1 (Ann)").
 */
import { namedSummary } from '../games/hand-cards.js';
import { seatName } from '../table/hand/halt.js';
import type { TranscriptReport } from './verify-transcript.js';

/** The report in words, one line each: what was checked per hand, the results, and the verdict. */
export function describeReport(report: TranscriptReport): string[] {
  const file = report.file;
  const lines: string[] = [];
  // Names as each seat signed them in its ready; the file's own list of names is the exporting page's word only.
  const signed = report.hands[0]?.names ?? [];
  const name = (seat: number) => {
    const own = signed[seat];
    if (own) return `${seatName(seat)} (${own})`;
    const unchecked = file?.names[seat];
    return unchecked ? `${seatName(seat)} ("${unchecked}", name not signed)` : seatName(seat);
  };
  // A later hand may seat other players (a newcomer in a freed seat): its results name its own signed names.
  const nameIn = (hand: (typeof report.hands)[number], seat: number) => {
    const own = hand.names[seat];
    return own ? `${seatName(seat)} (${own})` : name(seat);
  };
  if (file) {
    lines.push(
      `Transcript of ${file.game} at table ${file.table}: ${file.hands.length} hand(s), format version ${file.version}${file.rules !== undefined ? `, rules version ${file.rules}` : ''}`,
    );
    const keys = file.hands[0]!.setup.seatKeys;
    lines.push(`Seats: ${keys.map((key, seat) => `${name(seat)} ${key.slice(0, 12)}…`).join(', ')}`);
    const unsigned = keys.flatMap((_, seat) => (signed[seat] ? [] : [seatName(seat)]));
    if (unsigned.length > 0)
      lines.push(
        `Names not signed: ${unsigned.join(', ')} signed no name in ${unsigned.length === 1 ? 'its' : 'their'} ready (a file written before seats signed their names, or a hand not checked): a name shown in quotes is the exporting page's, unchecked`,
      );
    lines.push(
      typeof report.started === 'number'
        ? `Hands started at the table, by the roster its creator signed: ${report.started}`
        : "The file holds no roster signed by the table's creator (written before format version 3, or by a page that had none): whether hands are missing at its end cannot be checked",
    );
    const listed = keys.map((_, seat) => file.names[seat] ?? '');
    if (signed.some((own, seat) => own !== null && own !== undefined && listed[seat] !== own))
      lines.push(
        `The file's list of names (${listed.map((n) => `"${n}"`).join(', ')}) is not what the seats signed: the signed names are shown`,
      );
  }
  for (const hand of report.hands) {
    const v = hand.verdict;
    lines.push('');
    if (hand.calledOff) {
      lines.push(`Hand ${hand.handNo + 1}: CALLED OFF — before every seat agreed to it; no card was dealt`);
      continue;
    }
    lines.push(
      `Hand ${hand.handNo + 1}: ${v ? v.status.toUpperCase() : 'NOT CHECKED'} — ${v?.counts.events ?? 0} signed events`,
    );
    const names = hand.names ?? [];
    if (hand !== report.hands[0] && names.some((n, seat) => n !== (signed[seat] ?? null)))
      lines.push(
        `  Names signed in this hand: ${names.map((n, seat) => `${seatName(seat)} ${n ? `(${n})` : '(none)'}`).join(', ')}`,
      );
    if (hand.rules && !hand.rules.current)
      lines.push(
        `  Replayed by version ${hand.rules.version} of the ${file?.game ?? ''} rules, the ones it was played under (${hand.rules.change ?? 'an older version'})`,
      );
    for (const check of v?.checks ?? [])
      lines.push(
        `  ${check.ok === true ? '✔' : check.ok === false ? '✘' : '·'} ${check.title}${check.ok === null ? ' — not reached' : ''}`,
      );
    if (hand.outcome) {
      lines.push(
        `  Result: ${hand.outcome.ranking.map((group, i) => `${i + 1}. ${group.map((seat) => nameIn(hand, seat)).join(', ')}`).join('  ')}`,
      );
      if (hand.outcome.scores)
        lines.push(`  Scores: ${hand.outcome.scores.map((s, seat) => `${nameIn(hand, seat)} ${s}`).join(', ')}`);
      // The rules number seats from 0; the report names them as everywhere else ("seat 1 (Ann)").
      if (hand.outcome.summary)
        lines.push(
          `  ${namedSummary(
            hand.outcome.summary,
            (file?.hands[0]?.setup.seatKeys ?? []).map((_, seat) => nameIn(hand, seat)),
          )}`,
        );
    }
    if (hand.stateHash && v?.status === 'clean') lines.push(`  Final state hash: ${hand.stateHash.slice(0, 64)}`);
  }
  lines.push('');
  if (report.ok) {
    lines.push(
      `VERDICT: CLEAN — all ${report.hands.length} hand(s) verified offline: every signature, every shuffle argument and lock proof, every key share against its commitment, every move by replay with all cards open, every state hash, the outcomes and the set-up of each next hand.`,
    );
  } else if (report.fault!.code === 'abandoned') {
    // A seat ended a hand without a result (signed): nobody cheated and the file is whole, but the match is not clean.
    const f = report.fault!;
    const open = report.hands
      .filter((h) => h.calledOff || h.verdict?.status === 'no-result')
      .map((h) => `hand ${h.handNo + 1}`);
    const clean = report.hands.filter((h) => h.verdict?.status === 'clean').length;
    lines.push(
      `VERDICT: NOT CLEAN — ${open.join(', ')} ended without a result (no seat is to blame, and the file is whole); the other ${clean} hand(s) verified clean offline.`,
    );
    lines.push(`  Why: ${f.detail} [${f.code}]`);
  } else {
    const f = report.fault!;
    const where = [f.hand !== null ? `hand ${f.hand + 1}` : null, f.event !== null ? `event #${f.event + 1}` : null]
      .filter(Boolean)
      .join(', ');
    const blame =
      f.seat !== null
        ? `${name(f.seat)} is to blame`
        : 'no seat is to blame (the file itself is altered or incomplete)';
    lines.push(`VERDICT: NOT CLEAN — the first fault${where ? ` (${where})` : ''}: ${blame}.`);
    lines.push(`  Why: ${f.detail} [${f.code}]`);
  }
  return lines;
}
