/**
 * A peer that cheats is caught and named. Seat 2 (index 1) of a two-seat
 * stress-shed table rewrites what it sends — re-signed with its own key, so
 * the mesh accepts it and the table layer must catch it — and the honest
 * seat must stop the hand (or fail the audit) naming seat 2, with its code.
 */
import { afterEach, expect, it } from 'vitest';
import { decodeKeyShares, decodeShuffleStep, encodeKeyShares, encodeShuffleStep } from '../../crypto/index.js';
import { deckFromPoints } from '../../crypto/packet.js';
import { signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import type { HaltCode } from '../../src/table/hand-session.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll } from '../helpers/table-page.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];
const CHEATER = 1;
let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

function resign(signer: Signer, envelope: Event, body: Body): Event {
  return signEnvelope(signer, { kind: 'table-event', table: envelope.table, seq: envelope.seq, to: envelope.to, body });
}

/** A cheat rewrites the cheater's first event that `matches`; later ones go out untouched. */
interface Cheat {
  readonly name: string;
  readonly matches: (body: Body) => boolean;
  readonly rewrite: (body: Body, signer: Signer, envelope: Event) => Event | Event[] | null;
  /** The code of the honest seat's verdict. */
  readonly code: HaltCode | null;
  /** How the cheat shows: the hand halts at once, or only the audit finds it. */
  readonly caught: 'halt' | 'audit' | 'stall';
}

const isPlay = (b: Body) => b.type === 'act' && (b.data as { action?: { type?: string } }).action?.type === 'play';

const cheats: Cheat[] = [
  {
    name: 'claims to play a card it does not hold',
    matches: isPlay,
    rewrite: (body, signer, env) => {
      const data = body.data as {
        action: { type: string; cards: { handle: number; card: string }[] };
        keys: Uint8Array[];
      };
      const first = data.action.cards[0]!;
      const fake = first.card === 'AS' ? 'AH' : 'AS';
      const cards = [{ ...first, card: fake }, ...data.action.cards.slice(1)];
      return resign(signer, env, { ...body, data: { ...data, action: { ...data.action, cards } } });
    },
    code: 'false-claim',
    caught: 'halt',
  },
  {
    name: 'publishes a wrong key when a card is turned up',
    matches: (b) => b.type === 'keys' && (b.data as { to: number | null }).to === null,
    rewrite: (body, signer, env) => {
      const data = body.data as { request: number; shares: Uint8Array[]; to: null };
      const msg = decodeKeyShares(data.shares[0]!);
      const entries = msg.entries.map((e, i) => (i === 0 ? { ...e, key: e.key + 1n } : e));
      const shares = [encodeKeyShares({ ...msg, entries }), ...data.shares.slice(1)];
      return resign(signer, env, { ...body, data: { ...data, shares } });
    },
    code: 'wrong-key',
    caught: 'halt',
  },
  {
    name: 'seals garbage instead of its key for the other seat',
    matches: (b) => b.type === 'keys' && (b.data as { to: number | null }).to !== null,
    rewrite: (body, signer, env) => {
      const data = body.data as { request: number; shares: Uint8Array[]; to: number };
      const broken = data.shares[0]!.slice();
      broken[broken.length - 1]! ^= 0xff;
      return resign(signer, env, { ...body, data: { ...data, shares: [broken, ...data.shares.slice(1)] } });
    },
    code: 'unsealable',
    caught: 'halt',
  },
  {
    name: 'duplicates a card in its shuffle',
    matches: (b) => b.type === 'shuffle',
    rewrite: (body, signer, env) => {
      const data = body.data as { packet: number; step: Uint8Array };
      const msg = decodeShuffleStep(data.step);
      const points = [...msg.deck.points];
      points[1] = points[0]!;
      const step = encodeShuffleStep({ ...msg, deck: deckFromPoints(points) });
      return resign(signer, env, { ...body, data: { ...data, step } });
    },
    code: 'bad-step',
    caught: 'halt',
  },
  {
    name: 'sends a state hash that is not the table’s (a divergent engine)',
    matches: isPlay,
    rewrite: (body, signer, env) => resign(signer, env, { ...body, hash: new Uint8Array(32).fill(7) }),
    code: 'desync',
    caught: 'halt',
  },
  {
    name: 'sends a malformed move',
    matches: isPlay,
    rewrite: (body, signer, env) =>
      resign(signer, env, { ...body, data: { action: { type: 'play' }, keys: 'not a list' } }),
    code: 'bad-event',
    caught: 'halt',
  },
  {
    name: 'makes a move that is not a move of this game',
    matches: isPlay,
    rewrite: (body, signer, env) => resign(signer, env, { ...body, data: { action: { type: 'teleport' }, keys: [] } }),
    code: 'not-a-move',
    caught: 'halt',
  },
  {
    name: 'picks up the stack while holding a legal card (a false "no legal play")',
    matches: (b) => isPlay(b) && b.at > 8,
    rewrite: (body, signer, env) => resign(signer, env, { ...body, data: { action: { type: 'pickup' }, keys: [] } }),
    // The honest seat's engine refuses it at once (it can tell from the public stack); the audit would catch a subtler one.
    code: 'illegal-move',
    caught: 'halt',
  },
  {
    name: 'sends two different versions of one event (equivocation)',
    matches: (b) => b.type === 'ready',
    rewrite: (body, signer, env) => [
      env,
      resign(signer, env, { ...body, data: { ...(body.data as object), sealKey: new Uint8Array(32).fill(9) } }),
    ],
    code: 'equivocation',
    caught: 'halt',
  },
  {
    name: 'withholds its keys (an abort)',
    matches: (b) => b.type === 'keys',
    rewrite: () => null,
    code: null,
    caught: 'stall',
  },
  {
    name: 'tampers with an event without re-signing it (a forged signature)',
    matches: isPlay,
    rewrite: (body, _signer, env) => ({ ...env, body: { ...body, at: body.at }, sig: new Uint8Array(64).fill(1) }),
    code: null,
    caught: 'stall',
  },
];

it.each(cheats.map((c) => [c.name, c] as const))(
  'a peer that %s is caught and named',
  async (_name, cheat) => {
    let done = false;
    const { peers } = await seatPeers({
      game: 'stress-shed',
      players: 2,
      hands: 1,
      seed: 40,
      stallMs: 300,
      tamper: (seat, envelope, signer) => {
        if (seat !== CHEATER || done || !cheat.matches(envelope.body)) return envelope;
        done = true;
        return cheat.rewrite(envelope.body, signer, envelope);
      },
    });
    running = peers;
    const honest = peers[0]!.session;
    await until(() => {
      const hand = honest.current?.session;
      if (!hand) return false;
      if (cheat.caught === 'stall') return done && (honest.current?.stalled?.seats ?? []).includes(CHEATER);
      return hand.phase === 'halted' || (hand.phase === 'done' && hand.auditResult !== null);
    }, 20);
    expect(done).toBe(true);
    const hand = honest.current!.session;
    if (cheat.caught === 'stall') {
      expect(honest.current!.stalled!.seats).toEqual([CHEATER]);
      expect(hand.halt).toBeNull();
      return;
    }
    const verdict = hand.halt ?? (hand.auditResult && !hand.auditResult.clean ? hand.auditResult : null);
    expect(verdict, 'the honest seat noticed nothing').not.toBeNull();
    expect(verdict!.code, verdict!.detail).toBe(cheat.code);
    expect(verdict!.seat).toBe(CHEATER);
  },
  300_000,
);

it('a replayed event changes nothing', async () => {
  let replayed = 0;
  let first: Event | null = null;
  const { peers } = await seatPeers({
    game: 'stress-shed',
    players: 2,
    hands: 1,
    seed: 41,
    tamper: (seat, envelope) => {
      if (seat !== CHEATER) return envelope;
      first ??= envelope;
      return envelope;
    },
  });
  running = peers;
  await until(() => (peers[0]!.session.current?.session.step ?? 0) > 10);
  // The cheater sends its very first event (its ready) again, unchanged.
  peers[CHEATER]!.mesh.broadcast(first!);
  replayed++;
  await until(
    () =>
      peers.every((p) => p.session.current?.session.phase === 'done' && p.session.current.session.auditResult !== null),
    20,
  );
  expect(replayed).toBe(1);
  expect(peers[0]!.session.current!.session.halt).toBeNull();
  expect(peers[0]!.session.current!.session.auditResult!.clean).toBe(true);
}, 300_000);
