/**
 * A second tiny game for engine tests, covering what the toy game does not:
 * turns (a `move` await), actions that claim several hand cards at once, a
 * reveal-all of several handles (also of cards already public), a statement
 * about hidden cards recorded as a claim and disproved only by the audit's
 * open cards, a game bug (a rule that throws), setup's layout and carry, and
 * a deck that holds an id that is not a card (a broken game). Built by a
 * function, `probeGame()`, that tests call inside their bodies, so the
 * engine code `defineGame` runs (and builds its closures) inside each test,
 * not once when the file loads.
 * Deck: 2H..9H (plus 'XX' with the option `stranger`); seat s is dealt
 * handles 2s and 2s+1 face down, the rest is the pile; seats move in turn.
 */
import * as v from 'valibot';
import {
  defineGame,
  requestReshuffle,
  requestRevealAll,
  requestRevealTo,
  settle,
  standardDeck,
  valueOf,
  type CardClaim,
  type Game,
  type Handle,
  type Json,
  type OpenCards,
  type Permuter,
  type Seat,
  type SetupArgs,
  type State,
} from '../../src/engine/index.js';

export interface ProbeBoard {
  phase: 'play' | 'over';
  turn: Seat;
  hands: Handle[][];
  table: Handle[];
  pile: Handle[];
  layout: Json;
  carry: Json;
}
export interface ProbeOptions {
  stranger: boolean;
}
export type ProbeAction =
  | { type: 'play'; cards: CardClaim[] }
  | { type: 'flip'; handles: Handle[] }
  | { type: 'none-above'; value: number }
  | { type: 'mix' }
  | { type: 'boom' }
  | { type: 'end' };
export type ProbeError = 'not-in-hand' | 'has-higher';
export type ProbeState = State<ProbeBoard, ProbeOptions>;
export type ProbeGame = Game<
  ProbeBoard,
  ProbeAction,
  ProbeOptions,
  ProbeError,
  { board: ProbeBoard; known: Record<Handle, string> }
>;

const handle = v.pipe(v.number(), v.integer(), v.minValue(0));
const schema = v.variant('type', [
  v.strictObject({ type: v.literal('play'), cards: v.array(v.strictObject({ handle, card: v.string() })) }),
  v.strictObject({ type: v.literal('flip'), handles: v.array(handle) }),
  v.strictObject({ type: v.literal('none-above'), value: v.number() }),
  v.strictObject({ type: v.literal('mix') }),
  v.strictObject({ type: v.literal('boom') }),
  v.strictObject({ type: v.literal('end') }),
]);
const optionsSchema = v.strictObject({ stranger: v.optional(v.boolean(), false) });

/** Handle i of a probe hand holds deck card i: 0 → 2H, 1 → 3H, …, 7 → 9H (add 8 → 'XX' with `stranger`). */
export const PROBE_DEAL: OpenCards = Object.fromEntries(
  ['2H', '3H', '4H', '5H', '6H', '7H', '8H', '9H'].map((card, i) => [i, card]),
);

/** A fresh hand (two players unless told), or a thrown error naming the refusal. */
export function probeStart(game: ProbeGame, args: SetupArgs = { players: 2 }): ProbeState {
  const setup = game.setup(args);
  if (!setup.ok) throw new Error(`setup refused: ${setup.error}`);
  return setup.value;
}

/** One accepted input, or a thrown error naming the refusal. */
export function probeStep(game: ProbeGame, state: ProbeState, input: unknown): ProbeState {
  const next = game.reduce(state, input);
  if (!next.ok) throw new Error(`refused: ${next.error} for ${JSON.stringify(input)}`);
  return next.value;
}

/** Every pending request completed from `open` by the fixed-deal table; the inputs it fed and the deal as extended by reshuffles. */
export function probeSettled(
  game: ProbeGame,
  state: ProbeState,
  open: OpenCards = PROBE_DEAL,
  permute?: Permuter,
): { state: ProbeState; inputs: unknown[]; open: OpenCards } {
  const done = settle(game, state, open, permute);
  if (!done.ok) throw new Error(`settle refused: ${done.error}`);
  return { state: done.state as ProbeState, inputs: done.inputs, open: done.open };
}

/** The act input of `seat`. */
export function act(seat: Seat, action: unknown): unknown {
  return { kind: 'act', seat, action };
}

/** The probe game, built by `define` (a `defineGame` from a freshly loaded engine, for the tests of game.ts's module constants). */
export function probeGame(define: typeof defineGame = defineGame): ProbeGame {
  return define<
    ProbeBoard,
    ProbeAction,
    ProbeOptions,
    ProbeError,
    { board: ProbeBoard; known: Record<Handle, string> }
  >({
    id: 'probe',
    displayName: 'Probe',
    minPlayers: 2,
    maxPlayers: 3,
    defaultOptions: { stranger: false },
    raceErrors: ['has-higher'],
    parseOptions: (raw) => {
      const parsed = v.safeParse(optionsSchema, raw);
      return parsed.success ? parsed.output : null;
    },
    deck: (options) => [
      ...standardDeck({ ranks: ['2', '3', '4', '5', '6', '7', '8', '9'] }).filter((c) => c.endsWith('H')),
      ...(options.stranger ? ['XX'] : []),
    ],
    setup(core, layout, carry) {
      if (layout === 'throw') throw new Error('a bug in setup');
      if (layout === 'bad') return null;
      const hands = Array.from({ length: core.players }, (_, seat) => [2 * seat, 2 * seat + 1]);
      hands.forEach((hand, seat) => requestRevealTo(core, seat, hand));
      const pile = core.deck.map((_, i) => i).slice(2 * core.players);
      return { phase: 'play', turn: core.dealer, hands, table: [], pile, layout: (layout ?? null) as Json, carry };
    },
    parseAction: (raw) => {
      const parsed = v.safeParse(schema, raw);
      return parsed.success ? parsed.output : null;
    },
    claimedCards: (action) => (action.type === 'play' ? action.cards : []),
    act(draft, seat, action, know) {
      const board = draft.board;
      const hand = board.hands[seat] ?? [];
      switch (action.type) {
        case 'play':
          if (!action.cards.every((claim) => hand.includes(claim.handle))) return 'not-in-hand';
          board.hands[seat] = hand.filter((h) => !action.cards.some((claim) => claim.handle === h));
          board.table.push(...new Set(action.cards.map((claim) => claim.handle)));
          break;
        case 'flip':
          requestRevealAll(draft, action.handles);
          break;
        case 'none-above':
          // Live, the seat's hidden cards are unknown (null) and the statement is recorded; the audit knows them.
          if (hand.some((h) => (valueOf(know(h) ?? '') ?? 0) > action.value)) return 'has-higher';
          draft.claims.push({
            step: draft.step,
            seat,
            kind: 'none-above',
            handles: [...hand],
            note: `seat ${seat} holds nothing above ${action.value}`,
          });
          break;
        case 'mix':
          board.pile = requestReshuffle(draft, board.pile);
          break;
        case 'boom':
          throw new Error('a bug in the rules');
        case 'end':
          board.phase = 'over';
          return null;
      }
      board.turn = (seat + 1) % draft.players;
      return null;
    },
    afterCrypto: () => null,
    awaits: (state) =>
      state.board.phase === 'over' ? { kind: 'over' } : { kind: 'move', seat: state.board.turn, what: 'play' },
    legalActions: (state, seat, view) => {
      const plays: ProbeAction[] = (state.board.hands[seat] ?? []).flatMap((h) => {
        const card = state.cards[h]?.card ?? view.known[h];
        return card === undefined || card === null ? [] : [{ type: 'play', cards: [{ handle: h, card }] }];
      });
      return [...plays, { type: 'end' }];
    },
    zones: (state) => {
      const named: Record<string, Handle[]> = { table: state.board.table, pile: state.board.pile };
      state.board.hands.forEach((hand, seat) => {
        named[`hand@${seat}`] = hand;
      });
      return named;
    },
    view: (state, _seat, view) => ({ board: state.board, known: view.known }),
    outcome: (state) =>
      state.board.phase === 'over'
        ? {
            ranking: [[state.board.turn]],
            nextDealer: (state.dealer + 1) % state.players,
            scores: null,
            carry: state.board.carry,
            summary: 'ended',
          }
        : null,
  });
}
