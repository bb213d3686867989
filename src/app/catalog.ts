/**
 * The games a table can be created for, as the home screen lists them, all
 * derived from the game registry (src/games/index.ts): display name, seat
 * range, a one-line description, how it is timed, and the table options
 * with their form controls; plus the check of a config the form is
 * about to send, and the options in words for the lobby. The id is for code
 * and URLs; people see the name.
 */
import { checkTableConfig, gameMetas, type GameId } from '../games/index.js';
import { formFields, optionValueText, type OptionField, type OptionValue, type Timing } from '../games/game-meta.js';

/** One table option as a form shows it. */
export interface OptionControl {
  readonly name: string;
  readonly field: OptionField;
  readonly default: OptionValue;
}

export interface CatalogEntry {
  readonly id: GameId;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly blurb: string;
  readonly timing: Timing;
  /** The options the creator may set, in display order. */
  readonly options: readonly OptionControl[];
}

export const CATALOG: readonly CatalogEntry[] = gameMetas.map((module) => ({
  id: module.id,
  name: module.name,
  minPlayers: module.minPlayers,
  maxPlayers: module.maxPlayers,
  blurb: module.blurb,
  timing: module.timing,
  options: formFields(module),
}));

export function catalogEntry(id: string): CatalogEntry | null {
  return CATALOG.find((e) => e.id === id) ?? null;
}

/** Why the home screen's form cannot create this table (game, seats, options), or null. */
export function configProblem(
  game: string,
  seats: number,
  options: Readonly<Record<string, OptionValue>>,
): string | null {
  return checkTableConfig(game, seats, options);
}

/** A table's options in words for the lobby: every option of its game, set or default. */
export function optionSummary(
  game: string,
  options: Readonly<Record<string, OptionValue>>,
): { name: string; label: string; value: string }[] {
  return (catalogEntry(game)?.options ?? []).map((o) => ({
    name: o.name,
    label: o.field.label,
    value: optionValueText(o.field, Object.hasOwn(options, o.name) ? options[o.name]! : o.default),
  }));
}
