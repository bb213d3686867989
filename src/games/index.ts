/**
 * The registry of games (RULES.md): one line per built game in `BUILT`.
 * Everything that depends on which games exist derives from here: the
 * catalog (src/app/catalog.ts), the game ids a table may be created for and
 * the check of its options (src/table/lobby.ts), the bots, the log lines and
 * the typed table data the hand view renders.
 */
import type { AnyGame, AnyState, AuditReport, Input, Outcome } from '../engine/index.js';
import { optionValueText, type AnyGameModule, type GameModule, type OptionField, type OptionValue } from './module.js';
import { pestenModule } from './pesten/index.js';
import { fightingCardsModule } from './fighting-cards/index.js';
import { stressShedModule } from './stress-shed/index.js';
import { stressSpeedModule } from './stress-speed/index.js';
import { schoolBlackjackModule } from './school-blackjack/index.js';

/** Every playable game. Adding a game = one line here (and its folder, and its table element in components/game-views.ts). */
const BUILT = [stressShedModule, stressSpeedModule, pestenModule, fightingCardsModule, schoolBlackjackModule] as const;

type Built = (typeof BUILT)[number];
/** The id of a playable game (every game a table can be created for). */
export type GameId = Built['id'];
export type GameModuleOf<K extends GameId> = Extract<Built, { id: K }>;
/* eslint-disable @typescript-eslint/no-explicit-any -- the slots `infer` does not read match any module */
export type ViewOf<K extends GameId> = GameModuleOf<K> extends GameModule<K, any, any, any, any, infer V> ? V : never;
export type ActionOf<K extends GameId> = GameModuleOf<K> extends GameModule<K, any, infer A, any, any, any> ? A : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** What the hand view shows of a game: its id, the seat's view and its legal actions, typed per game. */
export type GameTable = {
  [K in GameId]: { readonly game: K; readonly view: ViewOf<K>; readonly legal: readonly ActionOf<K>[] };
}[GameId];

export const gameModules: readonly (AnyGameModule & { readonly id: GameId })[] = BUILT;

const byId = new Map<string, AnyGameModule>();
for (const module of BUILT) {
  if (byId.has(module.id)) throw new TypeError(`game ${module.id} is registered twice`);
  byId.set(module.id, module);
}

export function isGameId(id: string): id is GameId {
  return byId.has(id);
}

export function gameModule(id: string): AnyGameModule | null {
  return byId.get(id) ?? null;
}

/** The rules of a playable game, or null (unknown or not built). */
export function gameById(id: string): AnyGame | null {
  return byId.get(id)?.rules ?? null;
}

/**
 * A hand's outcome as the table records and shows it: once the audit's rules
 * report is in, the module's `scoreAfterAudit` when it has one (a renege only
 * the audit found is scored then), else the rules' own `outcome`.
 */
export function handOutcome(gameId: string, state: AnyState, auditRules: AuditReport | null): Outcome | null {
  const module = byId.get(gameId);
  if (!module) return null;
  if (auditRules && module.scoreAfterAudit) return module.scoreAfterAudit(state, auditRules);
  return module.rules.outcome(state);
}

/**
 * The log line of one input at a table of `gameId` ('' when there is nothing
 * to say): `state` is the state right after the input, `before` the one right
 * before it (with both, every effect is said; see `GameModule.describe`).
 */
export function describeInput(
  gameId: string,
  input: Input,
  names: readonly string[],
  state: AnyState | null,
  before: AnyState | null = null,
): string {
  return byId.get(gameId)?.describe(input, names, state, before) ?? '';
}

/**
 * The typed table data of one seat at a table of `gameId`, from what that
 * game's own rules produced (`view()` and `legalActions()` of the same
 * module): the one place where the engine's untyped `AnyGame` results get
 * their game's types back, so the hand view needs no casts.
 */
export function gameTable(gameId: string, view: unknown, legal: readonly unknown[]): GameTable | null {
  return isGameId(gameId) ? ({ game: gameId, view, legal } as GameTable) : null;
}

function optionProblem(name: string, field: OptionField, value: OptionValue): string | null {
  switch (field.kind) {
    case 'checkbox':
      return typeof value === 'boolean' ? null : `option ${name} must be true or false`;
    case 'select':
      return field.choices.some((c) => c.value === value)
        ? null
        : `option ${name} must be one of ${field.choices.map((c) => String(c.value)).join(', ')}`;
    case 'number':
      return typeof value === 'number' && value >= field.min && value <= field.max
        ? null
        : `option ${name} must be a number from ${field.min} to ${field.max}`;
  }
}

/**
 * Checks a table's game, seat count and options against the registry (the
 * game's option schema); null when fine, else a sentence saying what is wrong.
 */
export function checkTableConfig(
  game: string,
  seats: number,
  options: Readonly<Record<string, OptionValue>>,
): string | null {
  const module = byId.get(game);
  if (!module) return `unknown game "${game}"`;
  if (seats < module.minPlayers || seats > module.maxPlayers) {
    const range =
      module.minPlayers === module.maxPlayers ? `${module.minPlayers}` : `${module.minPlayers} to ${module.maxPlayers}`;
    return `${module.name} is for ${range} players, not ${seats}`;
  }
  const names = Object.keys(options);
  for (const name of names) {
    const field = module.options.fields[name];
    if (field === undefined || !Object.hasOwn(module.options.defaults, name))
      return `${module.name} has no option ${name}`;
    const problem = optionProblem(name, field, options[name]!);
    if (problem) return `${module.name}: ${problem}`;
  }
  if (module.options.parse(options, seats) === null) {
    const changed = names.filter((n) => options[n] !== module.options.defaults[n]);
    const words = changed.map(
      (n) => `${module.options.fields[n]!.label}: ${optionValueText(module.options.fields[n]!, options[n]!)}`,
    );
    return `${module.name}: ${words.length ? words.join(', ') : 'the default options'} cannot be used with ${seats} players`;
  }
  return null;
}
