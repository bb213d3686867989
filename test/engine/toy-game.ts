/**
 * A deliberately tiny game for engine tests: it uses the parts of the engine
 * stress-shed does not (forwarding a card to another seat after a
 * simultaneous choice, reshuffling public and hidden cards into fresh
 * handles, a request chained after another, real-time "anytime" awaits, a
 * reshuffle of one seat's cards), so those paths are tested without waiting for Pesten or
 * stress-speed. Deck: 2H..9H. Each seat is dealt one hidden card; the rest is
 * a hidden pile. Phase "pass": every seat passes its card to the next seat
 * (simultaneous). Phase "play" (anytime): `show` a hand card onto the table,
 * `mix` the table and pile into a new pile (the new top is then turned
 * face-up), `stop` ends.
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

export interface ToyBoard {
  phase: 'pass' | 'play' | 'over';
  hands: Handle[][];
  passes: (Handle | null)[];
  pile: Handle[];
  table: Handle[];
  turned: Handle[];
}
export type ToyAction =
  | { type: 'pass'; handle: Handle }
  | { type: 'show'; handle: Handle; card: string }
  | { type: 'mix' }
  | { type: 'stop' };
export type ToyError = 'bad-pass' | 'not-yours' | 'nothing-to-mix' | 'wrong-phase';
type ToyState = State<ToyBoard, Record<string, never>>;

const handle = v.pipe(v.number(), v.integer(), v.minValue(0));
const schema = v.variant('type', [
  v.strictObject({ type: v.literal('pass'), handle }),
  v.strictObject({ type: v.literal('show'), handle, card: v.string() }),
  v.strictObject({ type: v.literal('mix') }),
  v.strictObject({ type: v.literal('stop') }),
]);

export const toyGame = defineGame<ToyBoard, ToyAction, Record<string, never>, ToyError, ToyBoard>({
  id: 'toy',
  displayName: 'Toy',
  minPlayers: 2,
  maxPlayers: 4,
  defaultOptions: {},
  raceErrors: [],
  parseOptions: (raw) => (typeof raw === 'object' && raw !== null && Object.keys(raw).length === 0 ? {} : null),
  deck: () => standardDeck({ ranks: ['2', '3', '4', '5', '6', '7', '8', '9'] }).filter((c) => c.endsWith('H')),
  setup(core) {
    const hands = Array.from({ length: core.players }, (_, seat) => [seat]);
    hands.forEach((h, seat) => requestRevealTo(core, seat, h));
    const pile = core.deck.map((_, i) => i).slice(core.players);
    return { phase: 'pass', hands, passes: hands.map(() => null), pile, table: [], turned: [] };
  },
  parseAction: (raw) => {
    const parsed = v.safeParse(schema, raw);
    return parsed.success ? parsed.output : null;
  },
  claimedCards: (action) => (action.type === 'show' ? [{ handle: action.handle, card: action.card }] : []),
  act(draft: ToyState, seat: Seat, action: ToyAction) {
    const board = draft.board;
    const hand = board.hands[seat] ?? [];
    switch (action.type) {
      case 'pass': {
        if (board.phase !== 'pass') return 'wrong-phase';
        if (!hand.includes(action.handle)) return 'bad-pass';
        board.passes[seat] = action.handle;
        if (board.passes.every((p) => p !== null)) {
          // Applied in seat order once all are in.
          board.passes.forEach((h, from) => {
            if (h === null) return;
            const to = (from + 1) % draft.players;
            board.hands[from] = (board.hands[from] ?? []).filter((x) => x !== h);
            board.hands[to] = [...(board.hands[to] ?? []), h];
            requestForward(draft, from, to, [h]);
          });
          board.phase = 'play';
        }
        return null;
      }
      case 'show':
        if (board.phase !== 'play') return 'wrong-phase';
        if (!hand.includes(action.handle)) return 'not-yours';
        board.hands[seat] = hand.filter((h) => h !== action.handle);
        board.table.push(action.handle);
        return null;
      case 'mix': {
        if (board.phase !== 'play') return 'wrong-phase';
        const packet = [...board.table, ...board.pile, ...board.turned];
        if (packet.length === 0) return 'nothing-to-mix';
        board.table = [];
        board.turned = [];
        board.pile = requestReshuffle(draft, packet);
        return null;
      }
      case 'stop':
        if (board.phase !== 'play') return 'wrong-phase';
        board.phase = 'over';
        return null;
    }
  },
  afterCrypto(draft: ToyState, done) {
    // After a mix, turn the new pile's top card face-up: a request chained on another.
    if (done.kind === 'reshuffle') {
      const top = draft.board.pile.shift();
      if (top !== undefined) {
        draft.board.turned.push(top);
        requestRevealAll(draft, [top]);
      }
    }
    return null;
  },
  awaits(state: ToyState) {
    const board = state.board;
    if (board.phase === 'pass')
      return { kind: 'choices', seats: board.passes.flatMap((p, s) => (p === null ? [s] : [])), what: 'pass' };
    if (board.phase === 'play') return { kind: 'anytime', seats: board.hands.map((_, s) => s), what: 'play' };
    return { kind: 'over' };
  },
  legalActions(state: ToyState, seat: Seat, view) {
    const board = state.board;
    if (board.phase === 'pass') return (board.hands[seat] ?? []).map((h) => ({ type: 'pass', handle: h }));
    const shows: ToyAction[] = (board.hands[seat] ?? []).flatMap((h) => {
      const card = state.cards[h]?.card ?? view.known[h];
      return card ? [{ type: 'show', handle: h, card }] : [];
    });
    return [...shows, { type: 'mix' }, { type: 'stop' }];
  },
  zones(state: ToyState) {
    const named: Record<string, Handle[]> = {
      pile: state.board.pile,
      table: state.board.table,
      turned: state.board.turned,
    };
    state.board.hands.forEach((h, seat) => {
      named[`hand@${seat}`] = h;
    });
    return named;
  },
  view: (state: ToyState) => state.board,
  outcome: (state: ToyState) =>
    state.board.phase === 'over'
      ? { ranking: [state.board.hands.map((_, s) => s)], nextDealer: 0, scores: null, carry: null, summary: 'stopped' }
      : null,
});

/** Exported for tests that reshuffle by hand. */
export { requestReshuffle };
