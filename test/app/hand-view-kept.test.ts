/**
 * The hand's view as the page reads it (src/app/store-hand-view.ts) keeps the
 * game's view of a state it has built: asked again for the same state and
 * knowledge, it is the same object (the shell then passes it at once), and
 * at every step of a real hand it equals the view built afresh. Card hints
 * are there whatever the turn: Fighting Cards words a card clicked during
 * another seat's bid from them.
 */
import { afterEach, expect, it } from 'vitest';
import { handViewOf } from '../../src/app/store-hand-view.js';
import type { GameId } from '../../src/games/index.js';
import { handFinished, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll } from '../helpers/table-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

type Table = SimulationPeer['session'];
type Hand = NonNullable<Table['current']>['session'];

/** Plays one hand of `game` with bots at every seat, calling `look` with seat 0's table and hand at each of its changes. */
async function playWatchingSeat0(
  game: GameId,
  players: number,
  seed: number,
  look: (table: Table, hand: Hand) => void,
): Promise<void> {
  let peers: SimulationPeer[] = [];
  const result = await seatPeers({
    game,
    players,
    hands: 1,
    seed,
    onChange: (seat) => {
      const hand = peers[seat]?.session.current?.session;
      if (seat === 0 && hand) look(peers[0]!.session, hand);
    },
  });
  peers = result.peers;
  running = peers;
  await until(() => peers.every(handFinished), 20);
}

it('stress-shed: the game view is the same object while the state and the cards known stay, and always what a fresh build gives', async () => {
  let looks = 0;
  let kept = 0;
  let last: { state: unknown; known: string; view: unknown } | null = null;
  const stale: string[] = [];
  await playWatchingSeat0('stress-shed', 2, 44, (table, hand) => {
    if (hand.phase !== 'play' || !hand.engineState) return;
    const view = handViewOf(table)!.table!.view;
    const again = handViewOf(table)!.table!.view;
    looks++;
    if (again !== view) stale.push(`step ${hand.step}: asked twice, two objects`);
    const fresh = hand.config.game.view(hand.engineState, 0, hand.privateView);
    if (JSON.stringify(view) !== JSON.stringify(fresh)) stale.push(`step ${hand.step}: not the fresh view`);
    const known = JSON.stringify(hand.privateView.known);
    if (last && last.state === hand.engineState && last.known === known) {
      kept++;
      if (last.view !== view) stale.push(`step ${hand.step}: same state, another object`);
    }
    last = { state: hand.engineState, known, view };
  });
  expect(stale).toEqual([]);
  expect(looks).toBeGreaterThan(20);
  expect(kept).toBeGreaterThan(0);
}, 120_000);

it('stress-shed: who the hand waits for is shown while it is dealt, never in play, and the last moves are kept while no move comes', async () => {
  const waitedInDeal: string[][] = [];
  const wrong: string[] = [];
  let kept = 0;
  let last: { count: number; moves: unknown } | null = null;
  await playWatchingSeat0('stress-shed', 3, 45, (table, hand) => {
    const view = handViewOf(table)!;
    if (view.phase === 'ready' || view.phase === 'dealing') {
      if (view.waiting?.names.includes(view.names[0]!)) wrong.push(`step ${view.step}: waits for its own seat`);
      if (view.waiting) waitedInDeal.push(view.waiting.names);
    } else if (view.waiting !== null) wrong.push(`step ${view.step} (${view.phase}): waiting ${view.waiting.names}`);
    const count = hand.loggedInputs().length;
    if (last && last.count === count) {
      kept++;
      if (last.moves !== view.lastMoves) wrong.push(`step ${view.step}: the same moves, another object`);
    }
    if (last && last.count !== count && last.moves === view.lastMoves)
      wrong.push(`step ${view.step}: a new move, the old last moves`);
    last = { count, moves: view.lastMoves };
  });
  expect(wrong).toEqual([]);
  expect(waitedInDeal.length).toBeGreaterThan(0);
  expect(kept).toBeGreaterThan(0);
}, 120_000);

it('fighting-cards: while another seat bids, every card of this seat says why it cannot go yet (the table words clicks and titles from it)', async () => {
  const wrong: string[] = [];
  let looked = 0;
  await playWatchingSeat0('fighting-cards', 3, 47, (table, hand) => {
    if (hand.phase !== 'play' || hand.legalActions().length > 0) return;
    const view = handViewOf(table)!;
    const board = view.table?.view as { phase: string; seats: { hand: { handle: number; card: string | null }[] }[] };
    if (board?.phase !== 'bidding') return;
    looked++;
    for (const card of board.seats[0]!.hand.filter((c) => c.card !== null))
      if (!view.cardHints[card.handle]?.why) wrong.push(`step ${view.step}: ${card.card} says nothing`);
  });
  expect(wrong).toEqual([]);
  expect(looked).toBeGreaterThan(0);
}, 120_000);
