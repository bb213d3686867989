/**
 * What a page shows while cards are being opened in play (a draw, a played
 * card shown to every seat), over the in-memory transport with the real
 * cryptography and bots: its hand view says the table is busy and offers no
 * move, so a table element words the wait ("cards are on their way")
 * instead of showing "Your turn" with nothing to press; and a page whose turn
 * it is by the rules always either offers a move or says why it waits.
 */
import { afterEach, expect, it } from 'vitest';
import { handViewOf, type HandView } from '../../src/app/store-hand-view.js';
import { handFinished, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll } from '../helpers/table-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

/** Whether the rules await a move from `seat` now (a turn or a choice of its own). */
function rulesAwait(peer: SimulationPeer, seat: number): boolean {
  const hand = peer.session.current!.session;
  if (!hand.engineState) return false;
  const awaiting = hand.follower.game.awaits(hand.engineState);
  return (
    (awaiting.kind === 'move' && awaiting.seat === seat) ||
    (awaiting.kind === 'choices' && awaiting.seats.includes(seat))
  );
}

it.each([
  { game: 'school-blackjack' as const, players: 3, seed: 41 },
  { game: 'pesten' as const, players: 3, seed: 42 },
  { game: 'stress-shed' as const, players: 2, seed: 43 },
])(
  '$game: while cards are being opened in play every page says it is busy and offers no move; a turn always offers a move or a reason to wait',
  async ({ game, players, seed }) => {
    const looks: { seat: number; view: HandView; inFlight: boolean; awaited: boolean; ownPending: boolean }[] = [];
    let peers: SimulationPeer[] = [];
    const result = await seatPeers({
      game,
      players,
      hands: 1,
      seed,
      onChange: (seat) => {
        const peer = peers[seat];
        const hand = peer?.session.current?.session;
        if (!peer || !hand || hand.phase !== 'play') return;
        const view = handViewOf(peer.session)!;
        looks.push({
          seat,
          view,
          inFlight: hand.cardsInFlight(),
          awaited: rulesAwait(peer, seat),
          ownPending: hand.follower.pendingAct(seat) !== undefined,
        });
      },
    });
    peers = result.peers;
    running = peers;
    await until(() => peers.every(handFinished), 20);

    const inFlight = looks.filter((l) => l.inFlight);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const { view } of inFlight) {
      expect(view.busy).toBe(true);
      expect(view.table?.legal ?? []).toEqual([]);
      // A card tapped now says why it waits (card-hints.ts), never that it may go.
      expect(Object.values(view.cardHints).every((hint) => !hint.legal)).toBe(true);
    }
    expect(looks.filter((l) => !l.inFlight).every((l) => !l.view.busy)).toBe(true);
    // The rules wait for this seat and its page is not catching up: a move is offered, or the page says it waits
    // (cards on their way), or its own move is already made and on its way to the others.
    const unexplained = looks.filter(
      (l) =>
        l.awaited && !l.view.catchingUp && (l.view.table?.legal.length ?? 0) === 0 && !l.view.busy && !l.ownPending,
    );
    expect(unexplained.map((l) => `seat ${l.seat} at step ${l.view.step}`)).toEqual([]);
    expect(peers.every((p) => handViewOf(p.session)?.busy === false)).toBe(true);
  },
  300_000,
);
