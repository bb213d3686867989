/**
 * The registry of games (docs/rules/): one line per built game in `METAS` and
 * `LOADERS`. Everything that depends on which games exist derives from here:
 * the catalog (src/app/catalog.ts), the game ids a table may be created for
 * and the check of its options (src/table/roster-checks.ts), the bots, the log lines
 * and the typed table data the hand view renders.
 *
 * Each game's metadata (meta.ts: name, seats, timing, options) is always
 * here; the rest of its module (rules, bots, log lines) is loaded on demand,
 * so the page's first load carries no game's rules: `loadGame(id)` imports it
 * (its own chunk in the built app) and registers it. The functions that need
 * the rules (`gameModule`, `gameById`, `handOutcome`, `describeInput`) answer
 * for registered games only: the app loads a table's game before that table
 * can start a hand (src/app/store.ts), and Node processes (tests, scripts,
 * benches) register every game at once by importing ./all.ts.
 */
import type { AfterAudit, AnyGame, AnyState, AuditReport, Input, Json, Outcome } from '../engine/index.js';
import { optionValueText, type AnyGameMeta, type OptionField, type OptionValue } from './game-meta.js';
import type { AnyGameBot, AnyGameModule, GameModule } from './module.js';
import { stressShedMeta } from './stress-shed/meta.js';
import { stressSpeedMeta } from './stress-speed/meta.js';
import { pestenMeta } from './pesten/meta.js';
import { fightingCardsMeta } from './fighting-cards/meta.js';
import { schoolBlackjackMeta } from './school-blackjack/meta.js';
import type { stressShedModule } from './stress-shed/index.js';
import type { stressSpeedModule } from './stress-speed/index.js';
import type { pestenModule } from './pesten/index.js';
import type { fightingCardsModule } from './fighting-cards/index.js';
import type { schoolBlackjackModule } from './school-blackjack/index.js';

/** Every playable game, in the order the home screen lists them. Adding a game = a line here and in `LOADERS` (and its folder, and its table element in components/game-views.ts). */
const METAS = [stressShedMeta, stressSpeedMeta, pestenMeta, fightingCardsMeta, schoolBlackjackMeta] as const;

type Built =
  | typeof stressShedModule
  | typeof stressSpeedModule
  | typeof pestenModule
  | typeof fightingCardsModule
  | typeof schoolBlackjackModule;
/** The id of a playable game (every game a table can be created for). */
export type GameId = (typeof METAS)[number]['id'];
export type GameModuleOf<K extends GameId> = Extract<Built, { id: K }>;
/* eslint-disable @typescript-eslint/no-explicit-any -- the slots `infer` does not read match any module */
export type ViewOf<K extends GameId> = GameModuleOf<K> extends GameModule<K, any, any, any, any, infer V> ? V : never;
export type ActionOf<K extends GameId> = GameModuleOf<K> extends GameModule<K, any, infer A, any, any, any> ? A : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** What the hand view shows of a game: its id, the seat's view and its legal actions, typed per game. */
export type GameTable = {
  [K in GameId]: { readonly game: K; readonly view: ViewOf<K>; readonly legal: readonly ActionOf<K>[] };
}[GameId];

/** How each game's module is fetched: a dynamic import, so the bundler makes it a chunk of its own. */
const LOADERS: { readonly [K in GameId]: () => Promise<GameModuleOf<K>> } = {
  'stress-shed': () => import('./stress-shed/index.js').then((m) => m.stressShedModule),
  'stress-speed': () => import('./stress-speed/index.js').then((m) => m.stressSpeedModule),
  pesten: () => import('./pesten/index.js').then((m) => m.pestenModule),
  'fighting-cards': () => import('./fighting-cards/index.js').then((m) => m.fightingCardsModule),
  'school-blackjack': () => import('./school-blackjack/index.js').then((m) => m.schoolBlackjackModule),
};

/** Every game's metadata, in `METAS` order (the catalog and the config check need no rules). */
export const gameMetas: readonly (AnyGameMeta & { readonly id: GameId })[] = METAS;

const metaById = new Map<string, AnyGameMeta & { readonly id: GameId }>();
for (const meta of METAS) {
  if (metaById.has(meta.id)) throw new TypeError(`game ${meta.id} is registered twice`);
  metaById.set(meta.id, meta);
}

/** The games whose modules are registered in this page or process, in `METAS` order (all of them once ./all.ts is imported). */
export const gameModules: readonly (AnyGameModule & { readonly id: GameId })[] = [];
const byId = new Map<string, AnyGameModule>();
const loading = new Map<GameId, Promise<AnyGameModule>>();

/**
 * Registers a game's loaded module (./all.ts does it for every game; `loadGame` for one). Throws TypeError for a
 * module the registry does not list or one that disagrees with its meta.ts; registering the same module again does
 * nothing.
 */
export function registerGame(module: AnyGameModule): void {
  const meta = metaById.get(module.id);
  if (!meta) throw new TypeError(`game ${module.id} is not in the registry`);
  const known = byId.get(module.id);
  if (known === module) return;
  if (known) throw new TypeError(`game ${module.id} is registered twice`);
  if (module.options !== meta.options)
    throw new TypeError(`game ${module.id}: its module is not built from its meta.ts`);
  byId.set(module.id, module);
  const list = gameModules as (AnyGameModule & { readonly id: GameId })[];
  list.splice(
    0,
    list.length,
    ...METAS.flatMap((m) => (byId.has(m.id) ? [byId.get(m.id)! as AnyGameModule & { readonly id: GameId }] : [])),
  );
}

/**
 * Loads and registers game `id`'s module (rules, bots, log lines): at once when it is registered already; a load that
 * failed (offline, no cached copy) rejects with the browser's reason and may be tried again.
 */
export function loadGame(id: GameId): Promise<AnyGameModule> {
  const known = byId.get(id);
  if (known) return Promise.resolve(known);
  let pending = loading.get(id);
  if (!pending) {
    pending = LOADERS[id]().then(
      (module) => {
        loading.delete(id);
        registerGame(module);
        return module;
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Whether game `id`'s module is registered (its rules can be played here now). */
export function isGameLoaded(id: string): boolean {
  return byId.has(id);
}

/** The metadata of a playable game (name, seats, timing, options), loaded or not; null for an unknown id. */
export function gameMeta(id: string): (AnyGameMeta & { readonly id: GameId }) | null {
  return metaById.get(id) ?? null;
}

export function isGameId(id: string): id is GameId {
  return metaById.has(id);
}

/** A registered game's module, or null (unknown, or not loaded in this page yet: `loadGame`). */
export function gameModule(id: string): AnyGameModule | null {
  return byId.get(id) ?? null;
}

/** Each registered game's own bot once loaded (`loadBot`), by id. */
const bots = new Map<string, AnyGameBot>();

/** Game `id`'s own bot, once `loadBot` has loaded it (in Node, ./all.ts loads every one); null before, or unknown. */
export function gameBot(id: string): AnyGameBot | null {
  return bots.get(id) ?? null;
}

/** Whether game `id` has what it needs to play its own bot: its bot is loaded, or the registry does not hold the game. */
export function botLoaded(id: string): boolean {
  return bots.has(id) || !byId.has(id);
}

/**
 * Loads a registered game's own bot (its bot.ts, a chunk of its own: a page needs it only to host a bot). Resolves at
 * once when it is here; rejects for a game not registered, and when its chunk cannot be fetched.
 */
export async function loadBot(id: string): Promise<AnyGameBot> {
  const known = bots.get(id);
  if (known) return known;
  const module = byId.get(id);
  if (!module) throw new TypeError(`game ${id} is not loaded, so neither is its bot`);
  const bot = (await module.loadBot()) as AnyGameBot;
  bots.set(id, bot);
  return bot;
}

/** The rules of a playable game, or null (unknown, or not loaded in this page yet). */
export function gameById(id: string): AnyGame | null {
  return byId.get(id)?.rules ?? null;
}

/**
 * The view of a finished hand as the table shows it: once the audit's rules
 * report is in, the module's `viewAfterAudit` when it has one (the result
 * the outcome carries), else `view` as it is.
 */
export function handViewAfterAudit<V>(gameId: string, state: AnyState, auditRules: AuditReport | null, view: V): V {
  const module = byId.get(gameId);
  if (!auditRules || !module?.viewAfterAudit) return view;
  return module.viewAfterAudit(state, auditRules, view) as V;
}

/** For scenario files that expect `audited`: how `gameId` reads a hand once its audit is in (undefined: it has no such hooks). */
export function afterAuditOf(gameId: string): AfterAudit | undefined {
  const module = byId.get(gameId);
  if (!module?.viewAfterAudit || !module.scoreAfterAudit) return undefined;
  return { view: module.viewAfterAudit, outcome: module.scoreAfterAudit };
}

/**
 * `view` of a hand of `gameId` with the score table's rows of the match's earlier hands put in (`GameModule
 * .withMatchRows`; `rows` from the hands' stored results, src/app/scores.ts `matchRows`); unchanged for a game
 * without such rows.
 */
export function handViewWithMatchRows<V>(gameId: string, view: V, rows: readonly Json[]): V {
  const module = byId.get(gameId);
  return module?.withMatchRows ? (module.withMatchRows(view, rows) as V) : view;
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
  const module = metaById.get(game);
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
