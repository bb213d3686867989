/**
 * What the next hand's set-up changes against the last hand's, in words a
 * player reads before agreeing to it ("Ann changed “Play the drawn card”: yes → no",
 * "Seat 3: Bob left, Dan sits"). Only the table's terms can change between
 * hands — the game, its options and who sits in each seat (hand/setup.ts
 * `termsHash`); the dealer and the match state carried follow from the last
 * hand. A seat's ready signs the terms it agrees to, so every page shows these
 * lines before and at its Rematch choice and logs them (table-session.ts).
 */
import { canonicalJson, type Json } from '../engine/index.js';
import { gameMeta } from '../games/index.js';
import { optionValueText, type OptionField, type OptionValue } from '../games/game-meta.js';

/** The terms of one hand: the game, its options, the seats' keys (null: a free seat) and names. */
export interface TableTerms {
  readonly game: string;
  readonly options: Json;
  readonly seatKeys: readonly (string | null)[];
  /** The name each seat plays under ("" or missing: none known). */
  readonly names: readonly string[];
}

/** An option's value in words: as the game's form says it ("Two decks", "yes") when it has a field, else plainly. */
function word(value: Json | undefined, field: OptionField | undefined): string {
  if (value === undefined) return '(not set)';
  if (field && (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string'))
    return optionValueText(field, value as OptionValue);
  if (value === true) return 'on';
  if (value === false) return 'off';
  return typeof value === 'string' ? value : canonicalJson(value);
}

/** A game's name as players read it ("Stress (shedding)"), or its id when this page does not know it. */
function gameName(id: string): string {
  return gameMeta(id)?.name ?? id;
}

/** The option's value, or the game's default for it when the table leaves it unset and the game's form has it. */
function withDefault(options: Record<string, Json>, name: string, game: string): Json | undefined {
  if (name in options) return options[name];
  const meta = gameMeta(game);
  return meta && name in meta.options.fields ? meta.options.defaults[name] : undefined;
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
  if (last.game !== next.game)
    lines.push(`${creator} changed the game: ${gameName(last.game)} → ${gameName(next.game)}`);
  if (last.seatKeys.length !== next.seatKeys.length)
    lines.push(`${creator} changed the number of seats: ${last.seatKeys.length} → ${next.seatKeys.length}`);
  const before = optionsOf(last.options);
  const after = optionsOf(next.options);
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (canonicalJson(before[name] ?? null) === canonicalJson(after[name] ?? null) && name in before === name in after)
      continue;
    // The option as the lobby's form names it (the next game's field, else the last's), its values as the form says them.
    const field = gameMeta(next.game)?.options.fields[name] ?? gameMeta(last.game)?.options.fields[name];
    const label = field ? `“${field.label}”` : name;
    // An option a table leaves unset plays at its game's default: said as that value ("no → yes"), unless both sides
    // then read the same (the default set explicitly), when "(not set)" says what changed.
    let [was, now] = [
      word(withDefault(before, name, last.game), field),
      word(withDefault(after, name, next.game), field),
    ];
    if (was === now) [was, now] = [word(before[name], field), word(after[name], field)];
    lines.push(`${creator} changed ${label}: ${was} → ${now}`);
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
