/**
 * `defineGame`: the generic engine around one game's rules. It owns what is
 * the same for every game: setup of the state envelope and the card ledger,
 * the pure reducer (input validation, who may act, card claims, completion
 * of crypto requests, draft copies so a rejected input changes nothing),
 * awaits, legal-move enumeration, replay, and the end-of-hand audit (the same
 * reducer run again with every card open, so each rule that hinged on a
 * hidden card is re-checked with that card known).
 */
import { cloneJson } from './canonical.js';
import { parseCard } from './cards.js';
import { parseInput } from './input.js';
import { markPublic, markSeen, publicKnowledge } from './ledger.js';
import { err, ok } from '../result.js';
import type {
  ActInput,
  Awaiting,
  AuditReport,
  CardClaim,
  CardId,
  Core,
  CryptoRequest,
  EngineError,
  Game,
  GameAwaiting,
  GameRules,
  Handle,
  Knowledge,
  OpenCards,
  PrivateView,
  ReduceResult,
  ReplayResult,
  Seat,
  SetupArgs,
  State,
  SystemInput,
} from './types.js';

const NO_VIEW: PrivateView = { known: {} };

/** Whether an await lets `seat` submit an action now. */
export function awaitsSeat(awaiting: Awaiting, seat: Seat): boolean {
  switch (awaiting.kind) {
    case 'move':
      return awaiting.seat === seat;
    case 'choices':
    case 'anytime':
      return awaiting.seats.includes(seat);
    case 'crypto':
    case 'over':
      return false;
  }
}

/** Live public identities of a state: card → handle (gone handles excluded). */
function publicIndex(core: Core<unknown>): Map<CardId, Handle> {
  const index = new Map<CardId, Handle>();
  core.cards.forEach((info, handle) => {
    if (!info.gone && info.card !== null) index.set(info.card, handle);
  });
  return index;
}

/**
 * Validate the hand cards an action reveals: real cards of this deck, on live
 * handles the author was shown, consistent with what is public, not a card
 * that is public elsewhere, and (in the audit) the true cards.
 */
function checkClaims(core: Core<unknown>, seat: Seat, claims: CardClaim[], open: OpenCards | null): EngineError | null {
  const deck = new Set(core.deck);
  const index = publicIndex(core);
  const inThisAction = new Map<Handle, CardId>();
  const cardsInThisAction = new Map<CardId, Handle>();
  for (const { handle, card } of claims) {
    const info = core.cards[handle];
    if (!info) return 'unknown-handle';
    if (info.gone) return 'handle-gone';
    if (!deck.has(card) || parseCard(card) === null) return 'not-a-card';
    const before = inThisAction.get(handle);
    if (before !== undefined && before !== card) return 'claim-mismatch';
    if (info.card !== null) {
      if (info.card !== card) return 'claim-mismatch';
    } else if (!info.seen.includes(seat)) {
      return 'card-not-seen';
    }
    const elsewhere = index.get(card);
    if (elsewhere !== undefined && elsewhere !== handle) return 'card-elsewhere';
    const sameCard = cardsInThisAction.get(card);
    if (sameCard !== undefined && sameCard !== handle) return 'card-elsewhere';
    if (open && open[handle] !== card) return 'false-card-claim';
    inThisAction.set(handle, card);
    cardsInThisAction.set(card, handle);
  }
  return null;
}

function fulfilmentKind(request: CryptoRequest): SystemInput['kind'] {
  switch (request.kind) {
    case 'reveal-all':
      return 'revealed';
    case 'reveal-to':
    case 'forward':
      return 'delivered';
    case 'reshuffle':
      return 'reshuffled';
  }
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((item, i) => item === y[i]);
}

/** Apply a system input to the ledger; returns the completed request or an error. */
function completeRequest(core: Core<unknown>, input: SystemInput, open: OpenCards | null): CryptoRequest | EngineError {
  const request = core.requests.find((r) => r.id === input.request);
  if (!request) return 'unknown-request';
  if (fulfilmentKind(request) !== input.kind) return 'wrong-fulfilment';
  if (input.kind === 'revealed' && request.kind === 'reveal-all') {
    const keys = Object.keys(input.cards);
    if (
      keys.length !== request.handles.length ||
      !request.handles.every((h) => Object.hasOwn(input.cards, String(h)))
    ) {
      return 'reveal-mismatch';
    }
    const deck = new Set(core.deck);
    const index = publicIndex(core);
    const fresh = new Map<CardId, Handle>();
    for (const handle of request.handles) {
      const card = input.cards[String(handle)] ?? '';
      if (!deck.has(card)) return 'not-a-card';
      const known = core.cards[handle]?.card ?? null;
      if (known !== null && known !== card) return 'reveal-mismatch';
      const elsewhere = index.get(card) ?? fresh.get(card);
      if (elsewhere !== undefined && elsewhere !== handle) return 'card-elsewhere';
      if (open && open[handle] !== card) return 'reveal-mismatch';
      fresh.set(card, handle);
    }
    for (const handle of request.handles) markPublic(core, handle, input.cards[String(handle)] ?? '');
  } else if (request.kind === 'reveal-to') {
    for (const handle of request.handles) markSeen(core, handle, request.seat);
  } else if (request.kind === 'forward') {
    for (const handle of request.handles) markSeen(core, handle, request.to);
  } else if (request.kind === 'reshuffle') {
    if (open) {
      const before = request.handles.map((h) => open[h]);
      const after = request.into.map((h) => open[h]);
      if (before.some((c) => c === undefined) || after.some((c) => c === undefined)) return 'deal-mismatch';
      if (!sameMultiset(before as string[], after as string[])) return 'reshuffle-mismatch';
    }
  }
  core.requests = core.requests.filter((r) => r.id !== request.id);
  return request;
}

function authorOf(input: unknown): Seat | null {
  if (typeof input === 'object' && input !== null && (input as { kind?: unknown }).kind === 'act') {
    const seat = (input as { seat?: unknown }).seat;
    return typeof seat === 'number' ? seat : null;
  }
  return null;
}

export function defineGame<B, A, O, E extends string, V>(rules: GameRules<B, A, O, E, V>): Game<B, A, O, E, V> {
  type S = State<B, O>;
  type Result = ReduceResult<B, O, E>;
  const fail = (error: EngineError | E): Result => err(error);

  const gameAwaits = (state: S): Awaiting =>
    state.requests.length > 0 ? { kind: 'crypto', requests: state.requests } : (rules.awaits(state) as GameAwaiting);

  /**
   * What refuses an act from the state as it is: read only, before the state is copied (most acts a page tries in
   * vain, and its card hints for a seat not on turn, end here).
   */
  function refuseAct(state: S, input: ActInput): EngineError | null {
    if (state.requests.length > 0) return 'awaiting-crypto';
    const awaiting = rules.awaits(state);
    if (awaiting.kind === 'over') return 'game-over';
    if (input.seat >= state.players) return 'bad-seat';
    if (!awaitsSeat(awaiting, input.seat)) return 'not-your-turn';
    return null;
  }

  /** Applies an act that refuseAct let through to the copy of the state. */
  function applyAction(draft: S, input: ActInput, know: Knowledge, open: OpenCards | null): EngineError | E | null {
    const action = rules.parseAction(input.action);
    if (action === null) return 'malformed-action';
    const claims = rules.claimedCards(action);
    const claimError = checkClaims(draft, input.seat, claims, open);
    if (claimError) return claimError;
    for (const { handle, card } of claims) markPublic(draft, handle, card);
    return rules.act(draft, input.seat, action, know);
  }

  function reduce(state: S, raw: unknown, audit?: { open: OpenCards }): Result {
    try {
      const input = parseInput(raw);
      if (input === null) return fail('malformed-input');
      const refused = input.kind === 'act' ? refuseAct(state, input) : null;
      if (refused !== null) return fail(refused);
      const draft = cloneJson(state);
      const open = audit?.open ?? null;
      const know: Knowledge = open ? (handle) => open[handle] ?? null : publicKnowledge(draft);
      let error: EngineError | E | null;
      if (input.kind === 'act') {
        error = applyAction(draft, input, know, open);
      } else {
        const done = completeRequest(draft, input, open);
        error = typeof done === 'string' ? done : rules.afterCrypto(draft, done, know);
      }
      if (error !== null) return fail(error);
      draft.step += 1;
      return ok(draft);
    } catch {
      // Only a bug in the engine or a game gets here; peers' input is validated above.
      return fail('internal-error');
    }
  }

  function setup(args: SetupArgs): Result {
    try {
      const players = args.players;
      if (!Number.isInteger(players) || players < rules.minPlayers || players > rules.maxPlayers)
        return fail('bad-player-count');
      const options = rules.parseOptions(args.options ?? {}, players);
      if (options === null) return fail('bad-options');
      const dealer = args.dealer ?? 0;
      if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) return fail('bad-seat');
      const deck = rules.deck(options, players);
      const core: Core<O> = {
        v: 1,
        game: rules.id,
        players,
        dealer,
        options,
        deck,
        step: 0,
        cards: deck.map(() => ({ card: null, seen: [], gone: false })),
        requests: [],
        nextRequest: 0,
        claims: [],
      };
      const board = rules.setup(core, args.layout ?? null, args.carry ?? null);
      if (board === null) return fail('bad-layout');
      return ok({ ...core, board });
    } catch {
      return fail('internal-error');
    }
  }

  function replay(args: SetupArgs, inputs: readonly unknown[]): ReplayResult<B, O, E> {
    const start = setup(args);
    if (!start.ok) return err({ index: -1, code: start.error });
    let state = start.value;
    for (const [index, input] of inputs.entries()) {
      const next = reduce(state, input);
      if (!next.ok) return err({ index, code: next.error });
      state = next.value;
    }
    return ok(state);
  }

  function audit(args: SetupArgs, inputs: readonly unknown[], open: OpenCards): AuditReport {
    const start = setup(args);
    if (!start.ok) return { verdict: 'fault', index: -1, seat: null, reason: start.error };
    let state = start.value;
    const dealt = state.deck.map((_, handle) => open[handle]);
    if (dealt.some((card) => card === undefined) || !sameMultiset(dealt as string[], state.deck)) {
      return { verdict: 'fault', index: -1, seat: null, reason: 'deal-mismatch' };
    }
    for (const [index, input] of inputs.entries()) {
      const next = reduce(state, input, { open });
      if (!next.ok) {
        // Name the claim the input made live, if any: that is what the open cards disprove.
        const live = reduce(state, input);
        const claim = live.ok ? live.value.claims.slice(state.claims.length)[0] : undefined;
        const reason = claim ? `${next.error}: false claim "${claim.note}"` : next.error;
        return { verdict: 'fault', index, seat: authorOf(input), reason };
      }
      state = next.value;
    }
    if (state.cards.some((_, handle) => open[handle] === undefined)) {
      return { verdict: 'fault', index: -1, seat: null, reason: 'deal-mismatch' };
    }
    return {
      verdict: 'clean',
      inputs: inputs.length,
      claimsChecked: state.claims.length,
      cardsChecked: state.cards.length,
    };
  }

  return {
    rules,
    id: rules.id,
    displayName: rules.displayName,
    minPlayers: rules.minPlayers,
    maxPlayers: rules.maxPlayers,
    defaultOptions: rules.defaultOptions,
    raceErrors: rules.raceErrors,
    parseOptions: (raw, players) => rules.parseOptions(raw, players),
    deck: (options, players) => rules.deck(options, players),
    setup,
    reduce,
    awaits: gameAwaits,
    legalActions(state, seat, view = NO_VIEW) {
      if (!awaitsSeat(gameAwaits(state), seat)) return [];
      return rules.legalActions(state, seat, view);
    },
    claimedCards(raw) {
      const action = rules.parseAction(raw);
      return action === null ? null : rules.claimedCards(action);
    },
    view: (state, seat, view = NO_VIEW) => rules.view(state, seat, view),
    outcome: (state) => rules.outcome(state),
    zones: (state) => rules.zones(state),
    replay,
    audit,
  };
}

/** `replay(game, setupArgs, inputs)`: the state after the inputs, or the first refused input's index and error. */
export function replay<B, A, O, E extends string, V>(
  game: Game<B, A, O, E, V>,
  args: SetupArgs,
  inputs: readonly unknown[],
): ReplayResult<B, O, E> {
  return game.replay(args, inputs);
}

/** `audit(game, setupArgs, inputs, open)`: the end-of-hand audit with every card open. */
export function audit<B, A, O, E extends string, V>(
  game: Game<B, A, O, E, V>,
  args: SetupArgs,
  inputs: readonly unknown[],
  open: OpenCards,
): AuditReport {
  return game.audit(args, inputs, open);
}
