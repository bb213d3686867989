/**
 * What the next hand's set-up changes against the last hand's, in words a
 * player reads before agreeing to it ("Ann changed drawThenPlay: on → off",
 * "Seat 3: Bob left, Dan sits"). Only the table's terms can change between
 * hands — the game, its options and who sits in each seat (hand/setup.ts
 * `termsHash`); the dealer and the match state carried follow from the last
 * hand. A seat's ready signs the terms it agrees to, so every page shows these
 * lines before and at its Rematch choice and logs them (table-session.ts).
 */
import { canonicalJson, type Json } from '../engine/index.js';

/** The terms of one hand: the game, its options, the seats' keys (null: a free seat) and names. */
export interface TableTerms {
  readonly game: string;
  readonly options: Json;
  readonly seatKeys: readonly (string | null)[];
  /** The name each seat plays under ("" or missing: none known). */
  readonly names: readonly string[];
}

function word(value: Json | undefined): string {
  if (value === undefined) return '(not set)';
  if (value === true) return 'on';
  if (value === false) return 'off';
  return typeof value === 'string' ? value : canonicalJson(value);
}

function optionsOf(options: Json): Record<string, Json> {
  return options !== null && typeof options === 'object' && !Array.isArray(options)
    ? (options as Record<string, Json>)
    : {};
}

/**
 * The lines saying how `next` differs from `last` (none: the same terms).
 * `creator` names who changes the game and options (the table's creator).
 */
export function setupChanges(last: TableTerms, next: TableTerms, creator: string): string[] {
  const lines: string[] = [];
  if (last.game !== next.game) lines.push(`${creator} changed the game: ${last.game} → ${next.game}`);
  if (last.seatKeys.length !== next.seatKeys.length)
    lines.push(`${creator} changed the number of seats: ${last.seatKeys.length} → ${next.seatKeys.length}`);
  const before = optionsOf(last.options);
  const after = optionsOf(next.options);
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (canonicalJson(before[name] ?? null) === canonicalJson(after[name] ?? null) && name in before === name in after)
      continue;
    lines.push(`${creator} changed ${name}: ${word(before[name])} → ${word(after[name])}`);
  }
  const nameOf = (terms: TableTerms, seat: number) =>
    terms.names[seat] || `a player (${terms.seatKeys[seat]?.slice(0, 8)}…)`;
  for (let seat = 0; seat < Math.max(last.seatKeys.length, next.seatKeys.length); seat++) {
    const was = last.seatKeys[seat] ?? null;
    const now = next.seatKeys[seat] ?? null;
    if (was === now) continue;
    const left = was === null ? null : `${nameOf(last, seat)} left`;
    const sits = now === null ? null : `${nameOf(next, seat)} sits`;
    if (left && sits) lines.push(`Seat ${seat + 1}: ${left}, ${sits}`);
    else if (left) lines.push(`Seat ${seat + 1}: ${left}${seat < next.seatKeys.length ? ' (the seat is free)' : ''}`);
    else if (sits) lines.push(`Seat ${seat + 1}: ${sits}`);
  }
  return lines;
}
