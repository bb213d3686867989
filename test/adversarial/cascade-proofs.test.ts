/**
 * A cascade's proofs checked at once when its packet is locked (cascade.ts
 * `checkProofs`, follower.ts): at a three-seat courier table, seat 2 sends a
 * shuffle step whose argument does not verify (one response changed,
 * re-signed so only the proofs can tell). Every honest page and a spectator
 * take it and go on with the deal — seat 3 still makes its shuffle, and
 * every seat locks — and, once the deck is locked, name seat 2; no honest
 * page sends a key share, so no card of the deal is ever opened. When a later
 * seat's step is refused on arrival while seat 2's is still unproved (seat 3
 * cheats too: a point twice), the first bad step is still the one named.
 */
import { afterEach, expect, it } from 'vitest';
import { decodeShuffleStep, encodeShuffleStep } from '../../crypto/index.js';
import { Fn } from '../../crypto/group.js';
import { deckFromPoints } from '../../crypto/packet.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { handTable, play, resign, type HandTable } from '../helpers/hand-table.js';
import { courierGame } from '../table/courier-game.js';
import { until } from '../../tools/sim/simulation.js';

type Event = EnvelopeOf<'table-event'>;
let open: HandTable | null = null;
afterEach(() => {
  open?.stop();
  open = null;
});

/** `envelope`'s shuffle step with `change` applied, re-signed by `seat`. */
function rewriteShuffle(
  seat: number,
  envelope: Event,
  change: (step: ReturnType<typeof decodeShuffleStep>) => ReturnType<typeof decodeShuffleStep>,
): Event {
  const data = envelope.body.data as { packet: number; step: Uint8Array };
  const step = encodeShuffleStep(change(decodeShuffleStep(data.step)));
  return resign(seat, envelope, { ...envelope.body, data: { ...data, step } });
}

const badArgument = (step: ReturnType<typeof decodeShuffleStep>) => ({
  ...step,
  proof: { ...step.proof, zPerm: step.proof.zPerm.map((z, j) => (j === 0 ? Fn.add(z, 1n) : z)) },
});

async function shuffleCheats(also: boolean) {
  const sent: { seat: number; type: string }[] = [];
  const table = (open = await handTable({
    game: courierGame,
    players: 3,
    seed: also ? 'cascade-proofs-two' : 'cascade-proofs',
    tamper: (seat, envelope) => {
      sent.push({ seat, type: envelope.body.type });
      if (envelope.body.type !== 'shuffle') return envelope;
      if (seat === 1) return rewriteShuffle(1, envelope, badArgument);
      if (seat === 2 && also)
        return rewriteShuffle(2, envelope, (step) => {
          const P = step.deck.points;
          return { ...step, deck: deckFromPoints(P.map((p, j) => (j === 1 ? P[0]! : p))) };
        });
      return envelope;
    },
  }));
  await play(table, () => null);
  const honest = [table.sessions[0]!, ...(also ? [] : [table.sessions[2]!]), table.spectator];
  await until(() => honest.every((s) => s.halt !== null));
  return { table, honest, sent };
}

it('a shuffle argument that does not verify is named once the deck is locked, on every page, before any card opens', async () => {
  const { honest, sent } = await shuffleCheats(false);
  for (const session of honest) expect(session.halt, session.halt?.detail).toMatchObject({ code: 'bad-step', seat: 1 });
  expect(honest[0]!.halt!.detail).toMatch(/^bad shuffle step: /);
  // The deal went on past the bad step: seat 3 made its shuffle on seat 2's deck, and every seat locked the
  // result. No honest page sent a key share (the cheater's own page, which took its own step as made, may).
  expect(sent.filter((e) => e.type === 'shuffle').map((e) => e.seat)).toEqual([0, 1, 2]);
  expect(sent.filter((e) => e.type === 'lock').map((e) => e.seat)).toEqual([0, 1, 2]);
  expect(sent.filter((e) => e.type === 'keys' && e.seat !== 1)).toEqual([]);
});

it('a later step refused on arrival while the bad one is unproved: the first bad step is named', async () => {
  const { honest } = await shuffleCheats(true);
  for (const session of honest) expect(session.halt, session.halt?.detail).toMatchObject({ code: 'bad-step', seat: 1 });
});
