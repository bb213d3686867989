/**
 * What the page knows of a game before its rules load: its metadata — name,
 * blurb, seat range, timing ('turns' or 'real-time'), play direction — and
 * the options a table can set: the schema is the rules' `parseOptions`; the
 * metadata adds the defaults, human labels and the form control of each.
 * A game's meta.ts makes its `GameMeta` with `defineGameMeta`, which checks
 * that every default is a value a table can carry and has a form field, so
 * the registry (index.ts) lists every game without importing any game's
 * rules; module.ts assembles the rest of the game around it. Here too: an
 * option's value in words and the fields a form offers.
 */
import type { Json } from '../engine/index.js';
import type { PlayDirection } from './seating.js';

/** Turn-based games wait for one seat (or simultaneous choices); real-time ones let everyone act at once. */
export type Timing = 'turns' | 'real-time';

/** What a table option can hold on the wire (src/net/messages.ts: `tableConfigSchema`). */
export type OptionValue = boolean | number | string;

/** How one option is shown in the table-creation form, and what people read. */
export type OptionField =
  | { readonly kind: 'checkbox'; readonly label: string; readonly help?: string }
  | {
      readonly kind: 'select';
      readonly label: string;
      readonly help?: string;
      readonly choices: readonly { readonly value: OptionValue; readonly label: string }[];
    }
  | {
      readonly kind: 'number';
      readonly label: string;
      readonly help?: string;
      readonly min: number;
      readonly max: number;
      readonly step?: number;
    };

export interface GameOptionsSpec<O> {
  /** The raw options a new table starts with (the rules' `defaultOptions`). */
  readonly defaults: Readonly<Record<string, OptionValue>>;
  /** The schema: completes and validates raw options for a player count; null if invalid. */
  readonly parse: (raw: unknown, players: number) => O | null;
  /**
   * Form fields keyed by option name, in display order. Only options the
   * rules know (keys of `defaults`) are offered; a label may be declared
   * ahead of its option and is then not shown.
   */
  readonly fields: Readonly<Record<string, OptionField>>;
}

/**
 * What the page needs of a game before its table opens: the home screen's
 * entry (name, blurb, seats, timing, play direction) and the table options
 * with their check. It lives in the game's `meta.ts`, which imports only the
 * game's options.ts, so the registry can list every game without loading any
 * game's rules (the rest of the module is loaded when a table of the game
 * opens: index.ts `loadGame`).
 */
export interface GameMeta<Id extends string, O> {
  readonly id: Id;
  /** What people read, e.g. "Stress (shedding)"; must equal the rules' `displayName` (checked when the module is assembled). */
  readonly name: string;
  /** One line for the home screen. */
  readonly blurb: string;
  /** The seat range; must equal the rules' (checked when the module is assembled). */
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly timing: Timing;
  /** Which way the turn passes at the start, so screens draw the seats round the table in play order (src/games/seating.ts). */
  readonly playDirection: PlayDirection;
  readonly options: GameOptionsSpec<O>;
}

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the options' type is each game's own */
export type AnyGameMeta = GameMeta<string, any>;

/** What a game's meta.ts gives `defineGameMeta`: the metadata, with the options' labels, defaults and schema. */
export interface GameMetaSpec<Id extends string, O> extends Omit<GameMeta<Id, O>, 'playDirection' | 'options'> {
  /** Default 'ascending' (seat 0, 1, 2, …); 'descending' for a game that starts clockwise. */
  readonly playDirection?: PlayDirection;
  readonly fields: Readonly<Record<string, OptionField>>;
  /** The rules' own defaults and schema (the game's options.ts). */
  readonly defaultOptions: Readonly<Record<string, Json>>;
  readonly parseOptions: (raw: unknown, players: number) => O | null;
}

/** A game's metadata, checked: every default is a value a table can carry and has a form field; throws TypeError otherwise. */
export function defineGameMeta<Id extends string, O>(spec: GameMetaSpec<Id, O>): GameMeta<Id, O> {
  const defaults: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries(spec.defaultOptions)) {
    if (!isOptionValue(value))
      throw new TypeError(`game module ${spec.id}: option ${name} has a default a table cannot carry`);
    if (!Object.hasOwn(spec.fields, name))
      throw new TypeError(`game module ${spec.id}: option ${name} has no form field (label)`);
    defaults[name] = value;
  }
  return {
    id: spec.id,
    name: spec.name,
    blurb: spec.blurb,
    minPlayers: spec.minPlayers,
    maxPlayers: spec.maxPlayers,
    timing: spec.timing,
    playDirection: spec.playDirection ?? 'ascending',
    options: { defaults, parse: spec.parseOptions, fields: spec.fields },
  };
}

function isOptionValue(value: unknown): value is OptionValue {
  return (
    typeof value === 'boolean' || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
  );
}

/** An option's value in words, e.g. "yes", "Two decks". */
export function optionValueText(field: OptionField, value: OptionValue): string {
  switch (field.kind) {
    case 'checkbox':
      return value === true ? 'yes' : 'no';
    case 'select':
      return field.choices.find((c) => c.value === value)?.label ?? String(value);
    case 'number':
      return String(value);
  }
}

/** The options a form offers for a module: its fields whose option the rules know, with each default. */
export function formFields(
  module: Pick<AnyGameMeta, 'options'>,
): { name: string; field: OptionField; default: OptionValue }[] {
  return Object.entries(module.options.fields).flatMap(([name, field]) => {
    const value = module.options.defaults[name];
    return value === undefined ? [] : [{ name, field, default: value }];
  });
}
