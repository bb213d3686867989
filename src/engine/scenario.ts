/**
 * Scenario files (test mode only): a JSON description of one hand with a
 * fixed deal and a list of readable steps, and the runner that plays it
 * through the real reducer, completing crypto requests from the fixed deal.
 * Format:
 *   { "game": "stress-shed", "title": "...", "options": {...}, "seats": 2, "dealer": 0,
 *     "deal": <game-specific, readable>,
 *     "actions": [ { "seat": 1, "type": "play", "cards": ["4H"],
 *                    "rejects": "illegal-play",      // optional: this step must be refused with that code
 *                    "then": { ...partial summary } } // optional: checked after the step
 *                ],
 *     "expect": { "rejected": { "index": 3, "error": "illegal-play" } | null,  // the first refused step (default: none)
 *                 "state": { ...partial summary },   // the final summary, every card open
 *                 "outcome": { ...partial } | null,
 *                 "audit": { "verdict": "clean" } | { "verdict": "fault", "seat": 1, "reason": "has-legal-play*" },
 *                 "audited": { ...partial summary, "outcome": {...partial} } } }   // once the audit is in (see below)
 * Partial matching: objects match the keys given, arrays match element by
 * element and in length, a string ending in "*" matches by prefix. The audit
 * is expected clean unless `expect.audit` says otherwise. `expect.audited`
 * is the table as it reads once the audit is in, for a game whose result
 * depends on what only the audit sees (`AfterAudit`: the summary of the view
 * after the audit, with the outcome after the audit as `outcome`); a file
 * that expects it of a game without that hook fails. The runner is generic;
 * the game's ScenarioSupport (its scenario.ts, passed in: test-only code no
 * game's rules carry) reads its deal and steps.
 */
import * as v from 'valibot';
import { dealFromZones, settle } from './fixed-deal.js';
import type {
  AnyGame,
  AnyScenarioSupport,
  AnyState,
  AuditReport,
  CardId,
  Handle,
  Json,
  OpenCards,
  Outcome,
  PrivateView,
} from './types.js';

const scenarioSchema = v.strictObject({
  game: v.string(),
  title: v.optional(v.string()),
  description: v.optional(v.string()),
  rules: v.optional(v.string()),
  options: v.optional(v.record(v.string(), v.unknown())),
  seats: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dealer: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  deal: v.unknown(),
  actions: v.array(
    v.looseObject({
      seat: v.pipe(v.number(), v.integer(), v.minValue(0)),
      rejects: v.optional(v.string()),
      then: v.optional(v.unknown()),
      note: v.optional(v.string()),
    }),
  ),
  expect: v.optional(
    v.strictObject({
      rejected: v.optional(v.nullable(v.strictObject({ index: v.number(), error: v.string() }))),
      state: v.optional(v.unknown()),
      outcome: v.optional(v.unknown()),
      audit: v.optional(v.unknown()),
      audited: v.optional(v.unknown()),
    }),
  ),
});

export type ScenarioFile = v.InferOutput<typeof scenarioSchema>;

export function parseScenario(raw: unknown): ScenarioFile | string {
  const parsed = v.safeParse(scenarioSchema, raw);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
  return `bad scenario file at ${path || 'top level'}: ${issue?.message ?? 'invalid'}`;
}

/** Mismatches between `actual` and the partial expectation `expected`, as readable lines. */
export function partialMismatches(actual: unknown, expected: unknown, path = '$'): string[] {
  if (typeof expected === 'string' && expected.endsWith('*')) {
    return typeof actual === 'string' && actual.startsWith(expected.slice(0, -1))
      ? []
      : [`${path}: expected ${expected}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length)
      return [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    return expected.flatMap((item, i) => partialMismatches(actual[i], item, `${path}[${i}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([key, item]) =>
      partialMismatches((actual as Record<string, unknown>)[key], item, `${path}.${key}`),
    );
  }
  return Object.is(actual, expected)
    ? []
    : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

export interface ScenarioRun {
  title: string;
  /** True when the file ran and every expectation held. */
  ok: boolean;
  failures: string[];
  /** One line per step. */
  log: string[];
  /** The first refused step that was not expected to be refused. */
  rejected: { index: number; seat: number; error: string } | null;
  /** Final summary as a spectator sees it (hidden cards '??'). */
  publicSummary: Json;
  /** Final summary with every card open (what `expect.state` is checked against). */
  openSummary: Json;
  outcome: Outcome | null;
  audit: AuditReport | null;
  state: AnyState | null;
  inputs: unknown[];
  open: OpenCards;
}

/** How a game reads a finished hand once its audit is in (the game module's `viewAfterAudit` and `scoreAfterAudit`). */
export interface AfterAudit {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's view
  view(state: AnyState, report: AuditReport, view: any): unknown;
  outcome(state: AnyState, report: AuditReport): Outcome | null;
}

/** Plays `file` through `game`'s reducer, its deal and steps read by `support` (null: the game has none). */
export function runScenario(
  game: AnyGame,
  support: AnyScenarioSupport | null,
  file: ScenarioFile,
  afterAudit?: AfterAudit,
): ScenarioRun {
  const title = file.title ?? '(untitled)';
  const failures: string[] = [];
  const log: string[] = [];
  const broken = (why: string): ScenarioRun => ({
    title,
    ok: false,
    failures: [why],
    log,
    rejected: null,
    publicSummary: null,
    openSummary: null,
    outcome: null,
    audit: null,
    state: null,
    inputs: [],
    open: {},
  });
  if (support === null) return broken(`game ${game.id} has no scenario support`);
  if (file.game !== game.id) return broken(`scenario is for ${file.game}, not ${game.id}`);
  const options = game.parseOptions(file.options ?? {}, file.seats);
  if (options === null) return broken('bad options');
  const dealt = support.deal(file.deal, file.seats, options);
  if (typeof dealt === 'string') return broken(dealt);
  const args = { players: file.seats, options: file.options ?? {}, dealer: file.dealer ?? 0, layout: dealt.layout };
  const start = game.setup(args);
  if (!start.ok) return broken(`setup refused: ${start.error}`);
  const open = dealFromZones(game, start.value, dealt.zones);
  if (typeof open === 'string') return broken(open);

  let state: AnyState = start.value;
  let deal: OpenCards = open;
  const inputs: unknown[] = [];
  const settleCrypto = (): string | null => {
    const settled = settle(game, state, deal);
    if (!settled.ok) return `crypto input refused: ${settled.error}`;
    state = settled.state;
    deal = settled.open;
    inputs.push(...settled.inputs);
    return null;
  };
  const openView: () => PrivateView = () => ({ known: deal });
  const summary = (known: PrivateView): Json => support.summarize(game.view(state, null, known));
  const handleOf = (card: CardId): Handle | null => {
    for (const [key, dealtCard] of Object.entries(deal)) {
      const handle = Number(key);
      if (dealtCard === card && state.cards[handle]?.gone === false) return handle;
    }
    return null;
  };

  const early = settleCrypto();
  if (early) return broken(early);
  let rejected: ScenarioRun['rejected'] = null;
  for (const [index, step] of file.actions.entries()) {
    const { seat, rejects, then, note, ...spec } = step;
    const made = support.action(spec, state, handleOf);
    if (!made.ok) return broken(`step ${index}: ${made.error}`);
    const result = game.reduce(state, { kind: 'act', seat, action: made.value });
    const label = `#${index} seat ${seat} ${JSON.stringify(spec)}${note ? ` (${note})` : ''}`;
    if (rejects !== undefined) {
      if (result.ok) failures.push(`step ${index}: expected refusal ${rejects}, but it was accepted`);
      else if (result.error !== rejects)
        failures.push(`step ${index}: expected refusal ${rejects}, got ${result.error}`);
      log.push(`${label} → refused: ${result.ok ? '(accepted!)' : result.error}`);
      if (result.ok) break;
      continue;
    }
    if (!result.ok) {
      rejected = { index, seat, error: result.error };
      log.push(`${label} → REJECTED: ${result.error}`);
      break;
    }
    state = result.value;
    inputs.push({ kind: 'act', seat, action: made.value });
    const crypto = settleCrypto();
    if (crypto) return broken(`step ${index}: ${crypto}`);
    log.push(`${label} → ok`);
    if (then !== undefined) {
      for (const line of partialMismatches(summary(openView()), then, `after step ${index}`)) failures.push(line);
    }
  }

  const outcome = game.outcome(state);
  const audit = game.audit(args, inputs, deal);
  const expect = file.expect ?? {};
  const expectedRejection = expect.rejected ?? null;
  if (expectedRejection === null && rejected !== null)
    failures.push(`step ${rejected.index} (seat ${rejected.seat}) was refused: ${rejected.error}`);
  if (expectedRejection !== null) failures.push(...partialMismatches(rejected, expectedRejection, 'rejected'));
  const openSummary = summary(openView());
  if (expect.state !== undefined) failures.push(...partialMismatches(openSummary, expect.state, 'state'));
  if (expect.outcome !== undefined) failures.push(...partialMismatches(outcome, expect.outcome, 'outcome'));
  failures.push(...partialMismatches(audit, expect.audit ?? { verdict: 'clean' }, 'audit'));
  if (expect.audited !== undefined) {
    if (!afterAudit) failures.push(`audited: game ${game.id} has no view after the audit, yet the file expects one`);
    else {
      const audited = {
        ...(support.summarize(afterAudit.view(state, audit, game.view(state, null, openView()))) as object),
        outcome: afterAudit.outcome(state, audit),
      };
      failures.push(...partialMismatches(audited, expect.audited, 'audited'));
    }
  }
  return {
    title,
    ok: failures.length === 0,
    failures,
    log,
    rejected,
    publicSummary: summary({ known: {} }),
    openSummary,
    outcome,
    audit,
    state,
    inputs,
    open: deal,
  };
}

/**
 * For a game's `scenario.action`: names cards by id in a readable step and
 * collects the ids that are not in play, so the step fails with one message
 * listing them all (`missingCards()`), instead of at the first.
 */
export function cardHandles(handleOf: (card: CardId) => Handle | null): {
  handle: (card: CardId) => Handle;
  missingCards: () => string | null;
} {
  const missing: string[] = [];
  return {
    handle: (card) => {
      const h = handleOf(card);
      if (h === null) missing.push(card);
      return h ?? -1;
    },
    missingCards: () => (missing.length > 0 ? `no such card in play: ${missing.join(', ')}` : null),
  };
}
