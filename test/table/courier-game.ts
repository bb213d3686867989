/**
 * A small turn-based toy game that drives every crypto request through the
 * table: a private deal (reveal-to), a simultaneous pass of one card to the
 * next seat (forward), turning up the pile's top (reveal-all), mixing the
 * public table and the hidden pile into a new pile followed by the draw that
 * needed it (reshuffle, then reveal-all), and a secret choice: all seats
 * reshuffle the mover's hand into fresh handles, which are revealed to the
 * mover alone (reveal-to), who then discards one by handle — nobody else can
 * tell which card went. Deck: 32 cards (7..A), three to each seat.
 */
import * as v from 'valibot';
import {
  defineGame,
  requestForward,
  requestReshuffle,
  requestRevealAll,
  requestRevealTo,
  standardDeck,
  type Handle,
  type Seat,
  type State,
} from '../../src/engine/index.js';

export interface CourierBoard {
  phase: 'pass' | 'turn' | 'discard' | 'over';
  turn: Seat;
  hands: Handle[][];
  passes: (Handle | null)[];
  pile: Handle[];
  table: Handle[];
  discards: Handle[];
  /** What the pending reshuffle is for. */
  mixing: 'mix' | 'secret' | null;
}
export type CourierAction =
  | { type: 'pass'; handle: Handle }
  | { type: 'show'; handle: Handle; card: string }
  | { type: 'flip' }
  | { type: 'mix' }
  | { type: 'secret' }
  | { type: 'discard'; handle: Handle }
  | { type: 'end' };
type CourierError = 'not-yours' | 'wrong-phase' | 'empty';
type CourierState = State<CourierBoard, Record<string, never>>;

const handle = v.pipe(v.number(), v.integer(), v.minValue(0));
const schema = v.variant('type', [
  v.strictObject({ type: v.literal('pass'), handle }),
  v.strictObject({ type: v.literal('show'), handle, card: v.string() }),
  v.strictObject({ type: v.literal('flip') }),
  v.strictObject({ type: v.literal('mix') }),
  v.strictObject({ type: v.literal('secret') }),
  v.strictObject({ type: v.literal('discard'), handle }),
  v.strictObject({ type: v.literal('end') }),
]);

const nextTurn = (state: CourierState) => (state.board.turn + 1) % state.players;

export const courierGame = defineGame<CourierBoard, CourierAction, Record<string, never>, CourierError, CourierBoard>({
  id: 'courier',
  displayName: 'Courier',
  minPlayers: 2,
  maxPlayers: 3,
  raceErrors: [],
  defaultOptions: {},
  parseOptions: () => ({}),
  deck: () => standardDeck({ ranks: ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] }),
  setup(core) {
    const hands = Array.from({ length: core.players }, (_, seat) => [3 * seat, 3 * seat + 1, 3 * seat + 2]);
    hands.forEach((hand, seat) => requestRevealTo(core, seat, hand));
    const pile = core.deck.map((_, i) => i).slice(3 * core.players);
    return {
      phase: 'pass',
      turn: 0,
      hands,
      passes: hands.map(() => null),
      pile,
      table: [],
      discards: [],
      mixing: null,
    };
  },
  parseAction: (raw) => {
    const parsed = v.safeParse(schema, raw);
    return parsed.success ? parsed.output : null;
  },
  claimedCards: (action) => (action.type === 'show' ? [{ handle: action.handle, card: action.card }] : []),
  act(draft: CourierState, seat, action) {
    const board = draft.board;
    const hand = board.hands[seat]!;
    if (action.type === 'pass') {
      if (board.phase !== 'pass') return 'wrong-phase';
      if (!hand.includes(action.handle)) return 'not-yours';
      board.passes[seat] = action.handle;
      if (board.passes.every((p) => p !== null)) {
        board.passes.forEach((h, from) => {
          const to = (from + 1) % draft.players;
          board.hands[from] = board.hands[from]!.filter((x) => x !== h);
          board.hands[to]!.push(h!);
          requestForward(draft, from, to, [h!]);
        });
        board.phase = 'turn';
      }
      return null;
    }
    if (action.type === 'discard') {
      if (board.phase !== 'discard') return 'wrong-phase';
      if (!hand.includes(action.handle)) return 'not-yours';
      board.hands[seat] = hand.filter((h) => h !== action.handle);
      board.discards.push(action.handle);
      board.phase = 'turn';
      board.turn = nextTurn(draft);
      return null;
    }
    if (board.phase !== 'turn') return 'wrong-phase';
    switch (action.type) {
      case 'show':
        if (!hand.includes(action.handle)) return 'not-yours';
        board.hands[seat] = hand.filter((h) => h !== action.handle);
        board.table.push(action.handle);
        break;
      case 'flip': {
        const top = board.pile.shift();
        if (top === undefined) return 'empty';
        board.table.push(top);
        requestRevealAll(draft, [top]);
        break;
      }
      case 'mix':
        if (board.table.length + board.pile.length === 0) return 'empty';
        board.pile = requestReshuffle(draft, [...board.table, ...board.pile]);
        board.table = [];
        board.mixing = 'mix';
        break;
      case 'secret':
        if (hand.length < 2) return 'empty';
        board.hands[seat] = requestReshuffle(draft, hand);
        board.mixing = 'secret';
        board.phase = 'discard';
        return null;
      case 'end':
        board.phase = 'over';
        return null;
    }
    board.turn = nextTurn(draft);
    return null;
  },
  afterCrypto(draft: CourierState, done) {
    const board = draft.board;
    if (done.kind !== 'reshuffle') return null;
    if (board.mixing === 'mix') {
      // The draw that needed the reshuffle: the new pile's top is turned up.
      const top = board.pile.shift()!;
      board.table.push(top);
      requestRevealAll(draft, [top]);
    } else if (board.mixing === 'secret') {
      requestRevealTo(draft, board.turn, board.hands[board.turn]!);
    }
    board.mixing = null;
    return null;
  },
  awaits(state: CourierState) {
    const board = state.board;
    if (board.phase === 'pass')
      return { kind: 'choices', seats: board.passes.flatMap((p, s) => (p === null ? [s] : [])), what: 'pass a card' };
    if (board.phase === 'over') return { kind: 'over' };
    return { kind: 'move', seat: board.turn, what: board.phase === 'discard' ? 'discard a card' : 'move' };
  },
  legalActions(state: CourierState, seat, view) {
    const board = state.board;
    const hand = board.hands[seat] ?? [];
    if (board.phase === 'pass')
      return board.passes[seat] === null ? hand.map((h) => ({ type: 'pass' as const, handle: h })) : [];
    if (board.phase === 'over' || seat !== board.turn) return [];
    if (board.phase === 'discard') return hand.map((h) => ({ type: 'discard' as const, handle: h }));
    const out: CourierAction[] = hand.flatMap((h) => {
      const card = state.cards[h]?.card ?? view.known[h];
      return card ? [{ type: 'show' as const, handle: h, card }] : [];
    });
    if (board.pile.length > 0) out.push({ type: 'flip' });
    if (board.table.length + board.pile.length > 0) out.push({ type: 'mix' });
    if (hand.length >= 2) out.push({ type: 'secret' });
    out.push({ type: 'end' });
    return out;
  },
  zones(state: CourierState) {
    const named: Record<string, Handle[]> = {
      pile: state.board.pile,
      table: state.board.table,
      discards: state.board.discards,
    };
    state.board.hands.forEach((h, seat) => (named[`hand@${seat}`] = h));
    return named;
  },
  view: (state: CourierState) => state.board,
  outcome: (state: CourierState) =>
    state.board.phase === 'over'
      ? { ranking: [state.board.hands.map((_, s) => s)], nextDealer: 0, scores: null, carry: null, summary: 'ended' }
      : null,
});
